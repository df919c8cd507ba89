#ifndef YARU_BUILD_INFO_H
#define YARU_BUILD_INFO_H

/// The git commit this binary was built from ("unknown" when built outside
/// a checkout or without the Makefile). Only this C file sees the commit, so
/// a new commit recompiles one file, not every module.
const char *yaru_build_commit(void);

#endif
