#if __has_include(<libpq-fe.h>)
#include <libpq-fe.h>
#else
#include <postgresql/libpq-fe.h>
#endif
#include <dlfcn.h>
#include <stddef.h>

/* libpq is loaded on first use, not when the program starts: it brings OpenSSL, Kerberos and
   LDAP with it, which every run of a program that never connects to PostgreSQL would load (a
   fifth of a short em command's instructions). Each og_PQ... calls the libpq function of the same
   name, found once. og_libpq_load() must have succeeded before any of them is called. */

/* Loads libpq; the error, or NULL when it is loaded. */
static inline const char *og_libpq_load(void) {
    static void *library;
    if (__atomic_load_n(&library, __ATOMIC_ACQUIRE)) return NULL;
    void *loaded = dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL);
    if (!loaded) return dlerror();
    __atomic_store_n(&library, loaded, __ATOMIC_RELEASE);
    return NULL;
}

/* A libpq function, found once (libpq is loaded). */
static inline void *og_libpq_symbol(void **cache, const char *name) {
    void *function = __atomic_load_n(cache, __ATOMIC_ACQUIRE);
    if (!function) {
        function = dlsym(RTLD_DEFAULT, name);
        if (!function) function = dlsym(dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD), name);
        __atomic_store_n(cache, function, __ATOMIC_RELEASE);
    }
    return function;
}

static inline void og_PQclear(PGresult *res) {
    static void *function;
    ((__typeof__(PQclear) *)og_libpq_symbol(&function, "PQclear"))(res);
}

static inline char * og_PQcmdTuples(PGresult *res) {
    static void *function;
    return ((__typeof__(PQcmdTuples) *)og_libpq_symbol(&function, "PQcmdTuples"))(res);
}

static inline PostgresPollingStatusType og_PQconnectPoll(PGconn *conn) {
    static void *function;
    return ((__typeof__(PQconnectPoll) *)og_libpq_symbol(&function, "PQconnectPoll"))(conn);
}

static inline PGconn * og_PQconnectStartParams(const char *const *keywords, const char *const *values, int expand_dbname) {
    static void *function;
    return ((__typeof__(PQconnectStartParams) *)og_libpq_symbol(&function, "PQconnectStartParams"))(keywords, values, expand_dbname);
}

static inline PQconninfoOption * og_PQconninfo(PGconn *conn) {
    static void *function;
    return ((__typeof__(PQconninfo) *)og_libpq_symbol(&function, "PQconninfo"))(conn);
}

static inline void og_PQconninfoFree(PQconninfoOption *connOptions) {
    static void *function;
    ((__typeof__(PQconninfoFree) *)og_libpq_symbol(&function, "PQconninfoFree"))(connOptions);
}

static inline PQconninfoOption * og_PQconninfoParse(const char *conninfo, char **errmsg) {
    static void *function;
    return ((__typeof__(PQconninfoParse) *)og_libpq_symbol(&function, "PQconninfoParse"))(conninfo, errmsg);
}

static inline char * og_PQdb(const PGconn *conn) {
    static void *function;
    return ((__typeof__(PQdb) *)og_libpq_symbol(&function, "PQdb"))(conn);
}

static inline int og_PQenterPipelineMode(PGconn *conn) {
    static void *function;
    return ((__typeof__(PQenterPipelineMode) *)og_libpq_symbol(&function, "PQenterPipelineMode"))(conn);
}

static inline char * og_PQerrorMessage(const PGconn *conn) {
    static void *function;
    return ((__typeof__(PQerrorMessage) *)og_libpq_symbol(&function, "PQerrorMessage"))(conn);
}

static inline PGresult * og_PQexecParams(PGconn *conn, const char *command, int nParams, const Oid *paramTypes, const char *const *paramValues, const int *paramLengths, const int *paramFormats, int resultFormat) {
    static void *function;
    return ((__typeof__(PQexecParams) *)og_libpq_symbol(&function, "PQexecParams"))(conn, command, nParams, paramTypes, paramValues, paramLengths, paramFormats, resultFormat);
}

static inline PGresult * og_PQexecPrepared(PGconn *conn, const char *stmtName, int nParams, const char *const *paramValues, const int *paramLengths, const int *paramFormats, int resultFormat) {
    static void *function;
    return ((__typeof__(PQexecPrepared) *)og_libpq_symbol(&function, "PQexecPrepared"))(conn, stmtName, nParams, paramValues, paramLengths, paramFormats, resultFormat);
}

static inline int og_PQexitPipelineMode(PGconn *conn) {
    static void *function;
    return ((__typeof__(PQexitPipelineMode) *)og_libpq_symbol(&function, "PQexitPipelineMode"))(conn);
}

static inline void og_PQfinish(PGconn *conn) {
    static void *function;
    ((__typeof__(PQfinish) *)og_libpq_symbol(&function, "PQfinish"))(conn);
}

static inline Oid og_PQftype(const PGresult *res, int field_num) {
    static void *function;
    return ((__typeof__(PQftype) *)og_libpq_symbol(&function, "PQftype"))(res, field_num);
}

static inline PGresult * og_PQgetResult(PGconn *conn) {
    static void *function;
    return ((__typeof__(PQgetResult) *)og_libpq_symbol(&function, "PQgetResult"))(conn);
}

static inline int og_PQgetisnull(const PGresult *res, int tup_num, int field_num) {
    static void *function;
    return ((__typeof__(PQgetisnull) *)og_libpq_symbol(&function, "PQgetisnull"))(res, tup_num, field_num);
}

static inline int og_PQgetlength(const PGresult *res, int tup_num, int field_num) {
    static void *function;
    return ((__typeof__(PQgetlength) *)og_libpq_symbol(&function, "PQgetlength"))(res, tup_num, field_num);
}

static inline char * og_PQgetvalue(const PGresult *res, int tup_num, int field_num) {
    static void *function;
    return ((__typeof__(PQgetvalue) *)og_libpq_symbol(&function, "PQgetvalue"))(res, tup_num, field_num);
}

static inline char * og_PQhost(const PGconn *conn) {
    static void *function;
    return ((__typeof__(PQhost) *)og_libpq_symbol(&function, "PQhost"))(conn);
}

static inline int og_PQnfields(const PGresult *res) {
    static void *function;
    return ((__typeof__(PQnfields) *)og_libpq_symbol(&function, "PQnfields"))(res);
}

static inline int og_PQntuples(const PGresult *res) {
    static void *function;
    return ((__typeof__(PQntuples) *)og_libpq_symbol(&function, "PQntuples"))(res);
}

static inline int og_PQpipelineSync(PGconn *conn) {
    static void *function;
    return ((__typeof__(PQpipelineSync) *)og_libpq_symbol(&function, "PQpipelineSync"))(conn);
}

static inline char * og_PQport(const PGconn *conn) {
    static void *function;
    return ((__typeof__(PQport) *)og_libpq_symbol(&function, "PQport"))(conn);
}

static inline PGresult * og_PQprepare(PGconn *conn, const char *stmtName, const char *query, int nParams, const Oid *paramTypes) {
    static void *function;
    return ((__typeof__(PQprepare) *)og_libpq_symbol(&function, "PQprepare"))(conn, stmtName, query, nParams, paramTypes);
}

static inline char * og_PQresultErrorField(const PGresult *res, int fieldcode) {
    static void *function;
    return ((__typeof__(PQresultErrorField) *)og_libpq_symbol(&function, "PQresultErrorField"))(res, fieldcode);
}

static inline char * og_PQresultErrorMessage(const PGresult *res) {
    static void *function;
    return ((__typeof__(PQresultErrorMessage) *)og_libpq_symbol(&function, "PQresultErrorMessage"))(res);
}

static inline ExecStatusType og_PQresultStatus(const PGresult *res) {
    static void *function;
    return ((__typeof__(PQresultStatus) *)og_libpq_symbol(&function, "PQresultStatus"))(res);
}

static inline int og_PQsendPrepare(PGconn *conn, const char *stmtName, const char *query, int nParams, const Oid *paramTypes) {
    static void *function;
    return ((__typeof__(PQsendPrepare) *)og_libpq_symbol(&function, "PQsendPrepare"))(conn, stmtName, query, nParams, paramTypes);
}

static inline int og_PQsendQueryParams(PGconn *conn, const char *command, int nParams, const Oid *paramTypes, const char *const *paramValues, const int *paramLengths, const int *paramFormats, int resultFormat) {
    static void *function;
    return ((__typeof__(PQsendQueryParams) *)og_libpq_symbol(&function, "PQsendQueryParams"))(conn, command, nParams, paramTypes, paramValues, paramLengths, paramFormats, resultFormat);
}

static inline int og_PQsendQueryPrepared(PGconn *conn, const char *stmtName, int nParams, const char *const *paramValues, const int *paramLengths, const int *paramFormats, int resultFormat) {
    static void *function;
    return ((__typeof__(PQsendQueryPrepared) *)og_libpq_symbol(&function, "PQsendQueryPrepared"))(conn, stmtName, nParams, paramValues, paramLengths, paramFormats, resultFormat);
}

static inline PQnoticeProcessor og_PQsetNoticeProcessor(PGconn *conn, PQnoticeProcessor proc, void *arg) {
    static void *function;
    return ((__typeof__(PQsetNoticeProcessor) *)og_libpq_symbol(&function, "PQsetNoticeProcessor"))(conn, proc, arg);
}

static inline int og_PQsocket(const PGconn *conn) {
    static void *function;
    return ((__typeof__(PQsocket) *)og_libpq_symbol(&function, "PQsocket"))(conn);
}

static inline ConnStatusType og_PQstatus(const PGconn *conn) {
    static void *function;
    return ((__typeof__(PQstatus) *)og_libpq_symbol(&function, "PQstatus"))(conn);
}

static inline PGTransactionStatusType og_PQtransactionStatus(const PGconn *conn) {
    static void *function;
    return ((__typeof__(PQtransactionStatus) *)og_libpq_symbol(&function, "PQtransactionStatus"))(conn);
}

static inline char * og_PQuser(const PGconn *conn) {
    static void *function;
    return ((__typeof__(PQuser) *)og_libpq_symbol(&function, "PQuser"))(conn);
}
