// statfs(2), which Swift's Glibc module does not import (header only): the
// file system a folder is on, to tell whether the kernel's change notices
// (inotify) can be trusted there.
#include <sys/vfs.h>

// The file system's magic number (linux/magic.h), or -1 with errno set.
static inline long yaru_file_system_type(const char *path) {
  struct statfs info;
  if (statfs(path, &info) != 0) return -1;
  return (long)info.f_type;
}
