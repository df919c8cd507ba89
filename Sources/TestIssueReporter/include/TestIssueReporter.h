// Nothing to call: linking this target into a test bundle is what counts
// (see TestIssueReporter.c).
#ifndef YARU_TEST_ISSUE_REPORTER_H
#define YARU_TEST_ISSUE_REPORTER_H
#endif
