import Foundation
import Testing
import TodoModel
import TodoStorage

/// The two macro clients keep and give back the same: the in-memory one
/// the app's tests and replays use, and the folder on the disk.
struct MacroClientTests {
  @Test(arguments: [false, true])
  func aWrittenMacroIsReadBackAndAMissingOneIsNone(live: Bool) throws {
    var template = Array((FileManager.default.temporaryDirectory.path + "/yaru-macros-XXXXXX").utf8CString)
    let folder = String(cString: mkdtemp(&template)!)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // The folder is made when the first macro is written.
    let macros = live ? MacroFolder(path: folder + "/yaru/macros").client : MacroClient.inMemory()
    #expect(macros.readAll() == [:])
    #expect(macros.write("a", "press j\n") == nil)
    #expect(macros.write("b", "type 駅 🎄\n") == nil)
    #expect(macros.write("a", "press k\n") == nil)
    #expect(macros.readAll() == ["a": "press k\n", "b": "type 駅 🎄\n"])
    if live {
      #expect(try String(contentsOfFile: folder + "/yaru/macros/a.yaru", encoding: .utf8) == "press k\n")
      #expect(MacroFolder.readFile(folder + "/yaru/macros/b.yaru") == .success("type 駅 🎄\n"))
    }
    #expect(macros.readFile(folder + "/none.yaru") == .failure(MacroFileError("\(folder)/none.yaru: no such file")))
  }

  @Test func theFolderIsTheDataHomes() {
    #expect(MacroFolder.path(environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"]) == "/d/yaru/macros")
    #expect(MacroFolder.path(environment: ["HOME": "/h"]) == "/h/.local/share/yaru/macros")
  }
}
