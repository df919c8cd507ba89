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

// Whether a program holds `fd`'s file open for writing now: 1 yes, 0 no, -1
// cannot tell (leases unsupported or not allowed). A read lease (F_SETLEASE)
// is refused exactly while the file is open for writing; taken, it is let go
// at once.
static inline int yaru_is_open_for_writing(int fd) {
  if (fcntl(fd, F_SETLEASE, F_RDLCK) == 0) {
    fcntl(fd, F_SETLEASE, F_UNLCK);
    return 0;
  }
  return errno == EAGAIN ? 1 : -1;
}
