#include <sqlite3.h>

/* sqlite3_db_config is variadic, which Swift cannot call: this sets one of its integer options
   (SQLITE_DBCONFIG_DEFENSIVE, _TRUSTED_SCHEMA, _ENABLE_TRIGGER, _ENABLE_VIEW…) and stores the
   value now in force in *current. */
static inline int homepwner_db_config_int(sqlite3 *db, int option, int value, int *current) {
    return sqlite3_db_config(db, option, value, current);
}
