// An LD_PRELOAD shim that makes one chosen I/O call fail, the way a dying disk would.
//
//   FAULT_CALL=fdatasync|fsync|pwrite|msync   which call to fail
//   FAULT_AT=N                                fail its Nth call and every later one (0: never)
//   FAULT_ERRNO=EIO|ENOSPC                    the error to report (default EIO)
//   FAULT_COUNT_FILE=PATH                     at exit, append "CALL COUNT" for every call seen
//
// Built by the reliability tests with `cc -shared -fPIC -o fault-shim.so fault-shim.c -ldl`.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/types.h>
#include <unistd.h>

enum { FDATASYNC, FSYNC, PWRITE, MSYNC, CALLS };
static const char *call_names[CALLS] = {"fdatasync", "fsync", "pwrite", "msync"};
static atomic_long call_counts[CALLS];

static int chosen_call(void) {
    const char *name = getenv("FAULT_CALL");
    for (int call = 0; name && call < CALLS; call++)
        if (strcmp(name, call_names[call]) == 0) return call;
    return -1;
}

static int injected_errno(void) {
    const char *name = getenv("FAULT_ERRNO");
    return name && strcmp(name, "ENOSPC") == 0 ? ENOSPC : EIO;
}

// Counts the call and says whether it is to fail.
static int should_fail(int call) {
    long count = atomic_fetch_add(&call_counts[call], 1) + 1;
    const char *at = getenv("FAULT_AT");
    long threshold = at ? atol(at) : 0;
    return threshold > 0 && call == chosen_call() && count >= threshold;
}

static void *next_symbol(const char *name) {
    void *symbol = dlsym(RTLD_NEXT, name);
    if (!symbol) {
        fprintf(stderr, "fault-shim: no %s to wrap\n", name);
        abort();
    }
    return symbol;
}

int fdatasync(int fd) {
    static int (*real)(int);
    if (!real) real = next_symbol("fdatasync");
    if (should_fail(FDATASYNC)) { errno = injected_errno(); return -1; }
    return real(fd);
}

int fsync(int fd) {
    static int (*real)(int);
    if (!real) real = next_symbol("fsync");
    if (should_fail(FSYNC)) { errno = injected_errno(); return -1; }
    return real(fd);
}

ssize_t pwrite(int fd, const void *buffer, size_t count, off_t offset) {
    static ssize_t (*real)(int, const void *, size_t, off_t);
    if (!real) real = next_symbol("pwrite");
    if (should_fail(PWRITE)) { errno = injected_errno(); return -1; }
    return real(fd, buffer, count, offset);
}

ssize_t pwrite64(int fd, const void *buffer, size_t count, off_t offset) {
    static ssize_t (*real)(int, const void *, size_t, off_t);
    if (!real) real = next_symbol("pwrite64");
    if (should_fail(PWRITE)) { errno = injected_errno(); return -1; }
    return real(fd, buffer, count, offset);
}

int msync(void *address, size_t length, int flags) {
    static int (*real)(void *, size_t, int);
    if (!real) real = next_symbol("msync");
    if (should_fail(MSYNC)) { errno = injected_errno(); return -1; }
    return real(address, length, flags);
}

__attribute__((destructor)) static void report_counts(void) {
    const char *path = getenv("FAULT_COUNT_FILE");
    if (!path) return;
    FILE *file = fopen(path, "a");
    if (!file) return;
    for (int call = 0; call < CALLS; call++) fprintf(file, "%s %ld\n", call_names[call], atomic_load(&call_counts[call]));
    fclose(file);
}
