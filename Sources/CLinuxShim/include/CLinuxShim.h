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
/// address[16] receives the peer's IP as an IPv6 address (IPv4 as ::ffff:a.b.c.d).
int shim_accept(int listenFD, uint8_t *address);

/// Parses an IPv4 or IPv6 literal (no brackets, no port) into address[16] as above.
/// Returns 1 on success, 0 if it is not an IP literal.
int shim_parse_ip(const char *text, uint8_t *address);

/// Formats address[16] (IPv4-mapped shown as a.b.c.d). Returns the length written.
int shim_format_ip(const uint8_t *address, char *text, int capacity);

/// The IP addresses of this machine's interfaces, up to maxCount (16 bytes each). Returns the count.
int shim_local_addresses(uint8_t *addresses, int maxCount);

/// Blocking client connection to host:port with TCP_NODELAY (used by tests). -1 with errno.
/// With a non-NULL source, the socket is first bound to that local address (e.g. 127.0.0.2).
int shim_connect_tcp(const char *host, int port, const char *source);

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

/// An anonymous read-write file in `directory` (O_TMPFILE, or mkostemp + unlink where the
/// file system lacks it): removed when closed. Returns the fd, or -1 with errno set.
int shim_open_anonymous_file(const char *directory);

/// mallopt(M_MMAP_THRESHOLD, mmapThreshold) and mallopt(M_TRIM_THRESHOLD, trimThreshold):
/// allocations below the first come from the heap, and up to the second stays in the heap
/// once freed, so a large response built per request reuses memory instead of faulting in
/// fresh pages each time. Returns 1 when both were set.
int shim_keep_heap(size_t mmapThreshold, size_t trimThreshold);

/// Lowers the calling thread's scheduling priority to `nice` (Linux: per thread). 0 on success.
int shim_set_thread_nice(int nice);

/// Milliseconds and nanoseconds from CLOCK_MONOTONIC; seconds from CLOCK_REALTIME_COARSE.
uint64_t shim_monotonic_ns(void);
int64_t shim_realtime_seconds(void);

/// Symbolic constants that import awkwardly (enums/macros) from Glibc.
extern const uint32_t shim_EPOLLIN, shim_EPOLLOUT, shim_EPOLLRDHUP, shim_EPOLLHUP,
    shim_EPOLLERR, shim_EPOLLEXCLUSIVE;

#endif
