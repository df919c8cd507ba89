/* The floor (../floor/floor.c) that, for every key, first touches memory:
   64-byte lines of data over TOUCH_PAGES 4 KB pages, TOUCH_LINES /
   TOUCH_PAGES of them a page (rounded down, at most 64), read; or calls
   CODE_LINES of its 4,000 small functions (each aligned to 64 bytes, a line
   of code its own, taken every CODE_STRIDE-th: 1 runs through them in
   order, 2 skips every other line), each through a table as a witness or a
   closure is called. How much
   a key pays after a pause for the memory and the code it runs, measured
   through the same pty as the floor: cold.py. The functions are made by
   make-functions.py (functions.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include "functions.h"
static struct termios saved;
static int sel = 0, done[24];
static long data_lines, data_pages, code_lines, code_stride;
static char *data;
static volatile long sink;
static int row(char *b, int i, int hl) {
  return sprintf(b, "\033[%d;1H%s [%c] Task %04d\033[m", i + 2, hl ? "\033[7m" : "", done[i] ? 'X' : ' ', i + 1);
}
static void touch(void) {
  long sum = 0, per_page = data_lines / data_pages;
  if (per_page > 64) per_page = 64;
  for (long p = 0; p < data_pages; p++)
    for (long i = 0; i < per_page; i++) sum += *(long *)(data + p * 4096 + (i * 29 % 64) * 64);
  long x = sum;
  for (long i = 0; i < code_lines; i++) x = functions[(i * code_stride) % FUNCTIONS](x);
  sink = x;
}
static long env(const char *name, long fallback) {
  const char *value = getenv(name);
  return value ? atol(value) : fallback;
}
int main(void) {
  data_lines = env("TOUCH_LINES", 0), data_pages = env("TOUCH_PAGES", 1);
  code_lines = env("CODE_LINES", 0), code_stride = env("CODE_STRIDE", 1);
  if (data_pages < 1) data_pages = 1;
  data = aligned_alloc(4096, data_pages * 4096);
  memset(data, 1, data_pages * 4096);
  char b[4096];
  int n = 0;
  tcgetattr(0, &saved);
  struct termios raw = saved;
  cfmakeraw(&raw);
  tcsetattr(0, TCSANOW, &raw);
  n += sprintf(b + n, "\033[?1049h\033[H\033[2Jfloor  [All]");
  for (int i = 0; i < 20; i++) n += row(b + n, i, i == sel);
  write(1, b, n);
  for (;;) {
    char c;
    if (read(0, &c, 1) != 1) break;
    n = 0;
    if (c == 'q') break;
    touch();
    if (c == 'j' && sel < 19) { n += row(b + n, sel, 0); sel++; n += row(b + n, sel, 1); }
    if (c == 'm') { done[sel] = !done[sel]; n += row(b + n, sel, 1); }
    if (n) write(1, b, n);
  }
  write(1, "\033[?1049l", 8);
  tcsetattr(0, TCSANOW, &saved);
  return 0;
}
