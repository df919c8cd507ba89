import Testing
import TodoModel

struct SyncConflictCopyTests {
  @Test(arguments: [
    ("todo.sync-conflict-20261123-101500-ABCDEFG.txt", "todo.txt", true),
    ("todo (Ann's conflicted copy 2026-11-23).txt", "todo.txt", true),
    ("todo (conflicted copy 2026-11-23 (1)).txt", "todo.txt", true),
    ("tasks.sync-conflict-20261123-101500-ABCDEFG", "tasks", true),
    ("todo.txt", "todo.txt", false),
    ("done.sync-conflict-20261123-101500-ABCDEFG.txt", "todo.txt", false),
    ("todo (copy).txt", "todo.txt", false),
    ("todo.sync-conflict-20261123-101500-ABCDEFG.txt.tmp", "todo.txt", false),
    (".todo.txt.yaru-lock", "todo.txt", false),
  ])
  func namesSyncToolsGiveTheirCopies(_ name: String, _ file: String, _ isCopy: Bool) {
    #expect(SyncConflictCopy.isCopy(name, of: file) == isCopy)
  }
}
