// Installs the test issue reporter when a test bundle loads, before any test
// runs: the architecture's issues (forEach, ifLet) then fail the test that
// caused them, whatever the order tests run in. Swift has no load-time hook.
#include "TestIssueReporter.h"

extern void yaru_report_issues_to_tests(void);

__attribute__((constructor)) static void install_test_issue_reporter(void) {
  yaru_report_issues_to_tests();
}
