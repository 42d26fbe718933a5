/* libpq, PostgreSQL's C client library (Debian libpq-dev): /usr/include/postgresql/libpq-fe.h.
   The wire protocol is libpq's business; Swift only calls it (issue 25). */
#include <postgresql/libpq-fe.h>
