import Architecture
import ArchitectureTesting
import Foundation
import Testing
@testable import TodoModel
@testable import Todos

/// The search feature on its own: views in turn, and counts kept only for
/// the search they were made for.
@MainActor
struct SearchFeatureTests {
  @Test func vGoesThroughTheViewsThenBackToNoSearch() {
    var state = Search.State()
    state.views = [.init(name: "work", query: "+work"), .init(name: "phone", query: "@phone")]
    let store = TestStore(initialState: state, reducer: Search())
    store.send(.nextView) { $0.text = "+work" }
    store.send(.nextView) { $0.text = "@phone" }
    store.send(.nextView) { $0.text = "" }
  }

  @Test func withoutViewsVSaysWhereToNameThem() {
    let store = TestStore(initialState: Search.State(), reducer: Search())
    store.send(.nextView) { $0.message = "No views: name searches under [views] in the config file" }
  }

  @Test func aCountForAnotherSearchIsDropped() {
    var state = Search.State()
    let key = MatchCount.Key(query: "milk", filter: .all, hidingOn: startDay, listVersion: 2)
    state.matchCount = MatchCount(key: key, count: nil)
    let store = TestStore(initialState: state, reducer: Search())
    store.send(.matchesCounted(MatchCount.Key(query: "mil", filter: .all, hidingOn: startDay, listVersion: 2), 5, nil))
    store.send(.matchesCounted(key, 3, nil)) { $0.matchCount?.count = 3 }
  }
}
