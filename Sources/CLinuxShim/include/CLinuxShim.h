#ifndef CLINUXSHIM_H
#define CLINUXSHIM_H
// Linux interfaces that Swift's Glibc module does not import.
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/sendfile.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#endif
