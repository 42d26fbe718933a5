#ifndef CLINUXSHIM_H
#define CLINUXSHIM_H
// Linux interfaces that Swift's Glibc module does not import, plus a few helpers
// that keep packed structs (epoll_event), unions and sockaddr casts out of Swift.
#include <stdint.h>
#include <sys/types.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/sendfile.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <netinet/in.h>
#include <netinet/tcp.h>

/// Opens a non-blocking, close-on-exec TCP listener on host:port (SO_REUSEADDR).
/// Returns the fd, or -1 with *error set to an errno value (or a negative getaddrinfo code).
/// *boundPort receives the port actually bound (useful with port 0).
int shim_listen_tcp(const char *host, int port, int backlog, int *boundPort, int *error);

/// accept4 with SOCK_NONBLOCK | SOCK_CLOEXEC, then TCP_NODELAY. Returns -1 with errno set.
int shim_accept(int listenFD);

/// Blocking client connection to host:port with TCP_NODELAY (used by tests). -1 with errno.
int shim_connect_tcp(const char *host, int port);

/// epoll_ctl helpers storing the fd itself as the event's data.
int shim_epoll_add(int epfd, int fd, uint32_t events);
int shim_epoll_mod(int epfd, int fd, uint32_t events);
int shim_epoll_del(int epfd, int fd);

/// epoll_wait into parallel arrays (fds[i], events[i]); returns the count or -1.
int shim_epoll_wait(int epfd, int *fds, uint32_t *events, int maxEvents, int timeoutMS);

/// send(2) with MSG_NOSIGNAL.
ssize_t shim_send(int fd, const void *buffer, size_t length);

/// writev(2) of two buffers (head and body) without SIGPIPE (sendmsg + MSG_NOSIGNAL).
ssize_t shim_send2(int fd, const void *a, size_t aLength, const void *b, size_t bLength);

/// Socket receive timeout in milliseconds (SO_RCVTIMEO), for blocking test clients.
int shim_set_receive_timeout(int fd, int milliseconds);

/// SO_LINGER {1, 0}: the next close() sends RST (used to drop hopeless connections fast).
int shim_set_linger_zero(int fd);

/// Milliseconds and nanoseconds from CLOCK_MONOTONIC; seconds from CLOCK_REALTIME_COARSE.
uint64_t shim_monotonic_ns(void);
int64_t shim_realtime_seconds(void);

/// Symbolic constants that import awkwardly (enums/macros) from Glibc.
extern const uint32_t shim_EPOLLIN, shim_EPOLLOUT, shim_EPOLLRDHUP, shim_EPOLLHUP,
    shim_EPOLLERR, shim_EPOLLEXCLUSIVE;

#endif
