#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H

#include <sqlite3.h>

/// sqlite3_db_config is variadic, which Swift cannot call; this wrapper covers the integer options
/// (SQLITE_DBCONFIG_DQS_DML, SQLITE_DBCONFIG_DQS_DDL, SQLITE_DBCONFIG_ENABLE_TRIGGER, ...).
static inline int csqlite_db_config_int(sqlite3 *db, int op, int value) {
    int result = 0;
    return sqlite3_db_config(db, op, value, &result);
}

/// SQLITE_TRANSIENT is a macro over a cast Swift cannot express as a constant.
static inline sqlite3_destructor_type csqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

/// The pointer type FTS5 expects when `SELECT fts5(?1)` hands out its `fts5_api*` through sqlite3_bind_pointer.
/// sqlite3_bind_pointer keeps the type string, so it must be a static string that outlives the call.
static inline const char *csqlite_fts5_api_pointer_type(void) {
    return "fts5_api_ptr";
}

/// sqlite3_config is variadic too: this sets SQLITE_CONFIG_MEMSTATUS (whether every allocation updates the
/// memory statistics under one process-wide mutex). Only before SQLite is initialized; else SQLITE_MISUSE.
static inline int csqlite_config_memstatus(int on) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, on);
}

#endif
