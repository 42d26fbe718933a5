#define _GNU_SOURCE
#include "CLinuxShim.h"
#include <errno.h>
#include <arpa/inet.h>
#include <fcntl.h>
#include <ifaddrs.h>
#include <malloc.h>
#include <sys/resource.h>
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

const uint32_t shim_EPOLLIN = EPOLLIN, shim_EPOLLOUT = EPOLLOUT, shim_EPOLLRDHUP = EPOLLRDHUP,
    shim_EPOLLHUP = EPOLLHUP, shim_EPOLLERR = EPOLLERR, shim_EPOLLEXCLUSIVE = EPOLLEXCLUSIVE;

/* getaddrinfo for a TCP host and port, IPv4 or IPv6; returns its result code. */
static int resolve_tcp(const char *host, int port, int flags, struct addrinfo **list) {
    char service[16];
    snprintf(service, sizeof service, "%d", port);
    struct addrinfo hints;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = flags;
    *list = NULL;
    return getaddrinfo(host, service, &hints, list);
}

int shim_listen_tcp(const char *host, int port, int backlog, int *boundPort, int *error) {
    struct addrinfo *list = NULL;
    int rc = resolve_tcp(host, port, AI_PASSIVE, &list);
    if (rc != 0) { *error = rc < 0 ? rc : -rc; return -1; }
    int fd = -1;
    *error = 0;
    for (struct addrinfo *ai = list; ai != NULL; ai = ai->ai_next) {
        fd = socket(ai->ai_family, ai->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, ai->ai_protocol);
        if (fd < 0) { *error = errno; continue; }
        int one = 1;
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        if (bind(fd, ai->ai_addr, ai->ai_addrlen) == 0 && listen(fd, backlog) == 0) break;
        *error = errno;
        close(fd);
        fd = -1;
    }
    freeaddrinfo(list);
    if (fd < 0) return -1;
    struct sockaddr_storage address;
    socklen_t length = sizeof address;
    if (getsockname(fd, (struct sockaddr *)&address, &length) == 0) {
        if (address.ss_family == AF_INET) *boundPort = ntohs(((struct sockaddr_in *)&address)->sin_port);
        else if (address.ss_family == AF_INET6) *boundPort = ntohs(((struct sockaddr_in6 *)&address)->sin6_port);
    }
    return fd;
}

/* Copies a socket address's IP into out[16], IPv4 mapped into IPv6. */
static void ip_of(const struct sockaddr *address, uint8_t *out) {
    memset(out, 0, 16);
    if (address->sa_family == AF_INET6) {
        memcpy(out, &((const struct sockaddr_in6 *)address)->sin6_addr, 16);
    } else if (address->sa_family == AF_INET) {
        out[10] = 0xff;
        out[11] = 0xff;
        memcpy(out + 12, &((const struct sockaddr_in *)address)->sin_addr, 4);
    }
}

int shim_accept(int listenFD, uint8_t *address) {
    struct sockaddr_storage peer;
    socklen_t length = sizeof peer;
    int fd = accept4(listenFD, (struct sockaddr *)&peer, &length, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd >= 0) {
        int one = 1;
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        ip_of((struct sockaddr *)&peer, address);
    }
    return fd;
}

int shim_parse_ip(const char *text, uint8_t *address) {
    struct in_addr v4;
    if (inet_pton(AF_INET, text, &v4) == 1) {
        memset(address, 0, 16);
        address[10] = 0xff;
        address[11] = 0xff;
        memcpy(address + 12, &v4, 4);
        return 1;
    }
    return inet_pton(AF_INET6, text, address) == 1;
}

int shim_format_ip(const uint8_t *address, char *text, int capacity) {
    static const uint8_t mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
    const char *result = memcmp(address, mapped, 12) == 0
        ? inet_ntop(AF_INET, address + 12, text, (socklen_t)capacity)
        : inet_ntop(AF_INET6, address, text, (socklen_t)capacity);
    return result ? (int)strlen(text) : 0;
}

int shim_local_addresses(uint8_t *addresses, int maxCount) {
    struct ifaddrs *list = NULL;
    if (getifaddrs(&list) != 0) return 0;
    int count = 0;
    for (struct ifaddrs *entry = list; entry != NULL && count < maxCount; entry = entry->ifa_next) {
        if (entry->ifa_addr == NULL) continue;
        int family = entry->ifa_addr->sa_family;
        if (family != AF_INET && family != AF_INET6) continue;
        ip_of(entry->ifa_addr, addresses + 16 * count);
        count++;
    }
    freeifaddrs(list);
    return count;
}

int shim_connect_tcp(const char *host, int port, const char *source) {
    struct addrinfo *list = NULL;
    if (resolve_tcp(host, port, 0, &list) != 0) { errno = EINVAL; return -1; }
    int fd = -1, saved = 0;
    for (struct addrinfo *ai = list; ai != NULL; ai = ai->ai_next) {
        fd = socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, ai->ai_protocol);
        if (fd < 0) { saved = errno; continue; }
        if (source != NULL) {
            struct addrinfo *local = NULL;
            int bound = resolve_tcp(source, 0, AI_PASSIVE, &local) == 0 && local != NULL
                && bind(fd, local->ai_addr, local->ai_addrlen) == 0;
            if (local != NULL) freeaddrinfo(local);
            if (!bound) { saved = errno ? errno : EADDRNOTAVAIL; close(fd); fd = -1; continue; }
        }
        if (connect(fd, ai->ai_addr, ai->ai_addrlen) == 0) break;
        saved = errno;
        close(fd);
        fd = -1;
    }
    freeaddrinfo(list);
    if (fd < 0) { errno = saved; return -1; }
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    return fd;
}

static int epoll_control(int epfd, int op, int fd, uint32_t events) {
    struct epoll_event event;
    memset(&event, 0, sizeof event);
    event.events = events;
    event.data.fd = fd;
    return epoll_ctl(epfd, op, fd, &event);
}

int shim_epoll_add(int epfd, int fd, uint32_t events) { return epoll_control(epfd, EPOLL_CTL_ADD, fd, events); }
int shim_epoll_mod(int epfd, int fd, uint32_t events) { return epoll_control(epfd, EPOLL_CTL_MOD, fd, events); }
int shim_epoll_del(int epfd, int fd) { return epoll_control(epfd, EPOLL_CTL_DEL, fd, 0); }

int shim_epoll_wait(int epfd, int *fds, uint32_t *events, int maxEvents, int timeoutMS) {
    struct epoll_event buffer[256];
    if (maxEvents > 256) maxEvents = 256;
    int count = epoll_wait(epfd, buffer, maxEvents, timeoutMS);
    for (int i = 0; i < count; i++) {
        fds[i] = buffer[i].data.fd;
        events[i] = buffer[i].events;
    }
    return count;
}

ssize_t shim_send(int fd, const void *buffer, size_t length) {
    return send(fd, buffer, length, MSG_NOSIGNAL);
}

ssize_t shim_send2(int fd, const void *a, size_t aLength, const void *b, size_t bLength) {
    struct iovec parts[2] = { { (void *)a, aLength }, { (void *)b, bLength } };
    struct msghdr message;
    memset(&message, 0, sizeof message);
    message.msg_iov = parts;
    message.msg_iovlen = 2;
    return sendmsg(fd, &message, MSG_NOSIGNAL);
}

int shim_set_receive_timeout(int fd, int milliseconds) {
    struct timeval tv = { milliseconds / 1000, (milliseconds % 1000) * 1000 };
    return setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
}

int shim_set_linger_zero(int fd) {
    struct linger l = { 1, 0 };
    return setsockopt(fd, SOL_SOCKET, SO_LINGER, &l, sizeof l);
}

int shim_open_anonymous_file(const char *directory) {
    int fd = open(directory, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
    if (fd >= 0 || (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL)) return fd;
    char path[4096];
    if (snprintf(path, sizeof path, "%s/.spool-XXXXXX", directory) >= (int)sizeof path) {
        errno = ENAMETOOLONG;
        return -1;
    }
    fd = mkostemp(path, O_CLOEXEC);
    if (fd >= 0) unlink(path);
    return fd;
}

int shim_keep_heap(size_t mmapThreshold, size_t trimThreshold) {
    return mallopt(M_MMAP_THRESHOLD, (int)mmapThreshold) == 1 && mallopt(M_TRIM_THRESHOLD, (int)trimThreshold) == 1;
}

int shim_set_thread_nice(int nice) {
    return setpriority(PRIO_PROCESS, (id_t)gettid(), nice);
}

uint64_t shim_monotonic_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

int64_t shim_realtime_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME_COARSE, &ts);
    return (int64_t)ts.tv_sec;
}
