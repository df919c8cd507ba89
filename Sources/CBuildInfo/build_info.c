#include "build_info.h"

#ifndef YARU_COMMIT
#define YARU_COMMIT "unknown"
#endif

const char *yaru_build_commit(void) { return YARU_COMMIT; }
