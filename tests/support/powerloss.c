/* Power-loss emulation for Redis' append-only files, loaded with LD_PRELOAD.
 *
 * A SIGKILL of redis-server loses nothing that reached the kernel: the page cache keeps it.
 * A host that loses power keeps only what was fsynced. This shim records, at every
 * successful fsync or fdatasync of an *.aof file, the file's size before the call (all of
 * which the call made durable) in "<file>.synced"; a test that kills Redis then cuts each
 * file back to that size, as the disk would hold it after the power came back.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int aof_path(int fd, char *path, size_t size) {
    char link[64];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(link, path, size - 1);
    if (n <= 0) return 0;
    path[n] = '\0';
    size_t len = (size_t)n;
    return len > 4 && strcmp(path + len - 4, ".aof") == 0;
}

static void record(const char *path, long long size) {
    /* Written aside and renamed, so a kill never leaves a half-written record. */
    char tmp[PATH_MAX + 32], done[PATH_MAX + 32], text[32];
    snprintf(tmp, sizeof tmp, "%s.synced.%d", path, (int)gettid());
    snprintf(done, sizeof done, "%s.synced", path);
    int out = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (out < 0) return;
    int len = snprintf(text, sizeof text, "%lld\n", size);
    if (write(out, text, (size_t)len) == len) {
        close(out);
        rename(tmp, done);
    } else {
        close(out);
        unlink(tmp);
    }
}

static int synced(int fd, int (*real)(int)) {
    char path[PATH_MAX];
    struct stat before;
    int watched = aof_path(fd, path, sizeof path) && fstat(fd, &before) == 0;
    int result = real(fd);
    if (result == 0 && watched) record(path, (long long)before.st_size);
    return result;
}

int fsync(int fd) {
    static int (*real)(int);
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
    return synced(fd, real);
}

int fdatasync(int fd) {
    static int (*real)(int);
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
    return synced(fd, real);
}
