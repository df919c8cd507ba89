// What the save needs from the C library that Swift's Glibc module does not
// import (header only: the C library has them all).
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>

// renameat2(2) (glibc 2.28+): RENAME_EXCHANGE swaps two paths atomically, so
// the file a save displaces (with whatever another program wrote to it at the
// last moment) is kept, at the temporary's name, to be read.
static inline int yaru_exchange(const char *from, const char *to) {
  return renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_EXCHANGE);
}

static inline int yaru_rename_no_replace(const char *from, const char *to) {
  return renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE);
}

// Whether `fd` is its file's only open descriptor anywhere: a write lease
// (fcntl F_SETLEASE) can be taken only then. 1: alone; 0: another process
// has it open (a writer that opened the file before a save swapped it out);
// -1: cannot tell (not the file's owner, a file system without leases).
static inline int yaru_is_only_open(int fd) {
  if (fcntl(fd, F_SETLEASE, F_WRLCK) == 0) {
    fcntl(fd, F_SETLEASE, F_UNLCK);
    return 1;
  }
  return errno == EAGAIN ? 0 : -1;
}
