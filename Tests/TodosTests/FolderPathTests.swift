import SystemPackage
import Testing
@testable import TodoStorage

/// A file's folder, read off its path's text, is what `FilePath` makes of
/// it: the path without its last component, "." for a bare name.
struct FolderPathTests {
  @Test(arguments: [
    "todo.txt", "./todo.txt", "../todo.txt", "/todo.txt", "/", ".", "a/b/todo.txt", "a//b///todo.txt", "a/b/",
    "/home/me/.local/share/yaru/todo.txt", "~/todo.txt", "日本/やる.txt", "a b/c d.txt",
  ])
  func theFolderIsThePathWithoutItsLastComponent(_ path: String) {
    let file = FilePath(path)
    let withoutLast = file.removingLastComponent()
    #expect(TodoFile.folderPath(of: file) == (withoutLast.isEmpty ? "." : withoutLast))
  }
}
