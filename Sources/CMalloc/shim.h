// glibc malloc's settings (mallopt, M_ARENA_MAX), which Swift's Glibc module
// does not import (header only: the C library has them).
#include <malloc.h>
