// The C side of yaru's ncursesw backend: the headers, and the macros and
// variadic calls that Swift cannot import, wrapped as small functions.
#ifndef YARU_CNCURSESW_SHIM_H
#define YARU_CNCURSESW_SHIM_H

#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <langinfo.h>
#include <locale.h>
#include <ncursesw/curses.h>
#include <signal.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <wchar.h>


/// The terminal's size from the kernel (ioctl is variadic, so Swift cannot call it).
static inline int yaru_window_size(int fd, int *rows, int *columns) {
  struct winsize size;
  if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
  *rows = size.ws_row;
  *columns = size.ws_col;
  return 0;
}

// Last: term.h defines `lines`, `columns` and hundreds more as macros.
#include <ncursesw/term.h>

/// A parametrized terminfo string with one or two numbers (tiparm is
/// variadic, so Swift cannot call it).
static inline char *yaru_tiparm1(const char *capability, int first) { return tiparm(capability, first); }
static inline char *yaru_tiparm2(const char *capability, int first, int second) {
  return tiparm(capability, first, second);
}

/// terminfo's `colors` for the terminal on `fd` (`yaru doctor`), or -1
/// when TERM has no entry. setupterm alone: the screen is not touched.
static inline int yaru_terminfo_colors(int fd) {
  int error = 0;
  if (setupterm(NULL, fd, &error) != OK) return -1;
  return tigetnum("colors");
}

#endif
