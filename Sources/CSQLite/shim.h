#include <sqlite3.h>

/// sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, off, NULL): Swift cannot call a
/// variadic C function.
static inline int og_sqlite3_set_no_checkpoint_on_close(sqlite3 *db, int off) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, off, (int *)0);
}
