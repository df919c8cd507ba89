import Architecture
import Testing
@testable import Todos

/// The state file: what `t`, `s`, `f` and `H` chose comes back next run,
/// unless the config file has changed that setting since.
struct RememberedChoicesTests {
  private func chosen() -> AppReducer.State {
    var state = AppReducer.State.loaded(["one"])
    state.settings.uses24HourClock = false
    state.list.order = .dueDate
    state.list.filter = .active
    state.list.showsHidden = true
    return state
  }

  @Test func choicesComeBackThroughTheFile() throws {
    let written = RememberedChoices(chosen(), config: Config())
    let read = try RememberedChoices.parse(written.formatted, path: "state")
    #expect(read == written)
    let next = read.applied(to: Config().applied(to: .loaded(["one"])), config: Config())
    #expect(!next.settings.uses24HourClock && next.list.order == .dueDate && next.list.filter == .active && next.list.showsHidden)
  }

  /// The config's `order = "priority"` was in force when `s` chose the due
  /// order: while the config says so, the choice holds; once the user edits
  /// the config, the config wins.
  @Test func aConfigSettingChangedSinceWins() throws {
    var config = Config()
    config.order = .priority
    let read = try RememberedChoices.parse(RememberedChoices(chosen(), config: config).formatted, path: "state")
    #expect(read.applied(to: config.applied(to: .loaded([])), config: config).list.order == .dueDate, "config unchanged: the choice holds")
    config.order = .manual
    config.clock = .h12
    let state = read.applied(to: config.applied(to: .loaded([])), config: config)
    #expect(state.list.order == .manual, "the config changed since: it wins")
    #expect(!state.settings.uses24HourClock && state.list.filter == .active && state.list.showsHidden, "the other choices hold")
  }

  @Test func settingsALaterYaruAddsArePassedOver() throws {
    let read = try RememberedChoices.parse("order = \"due\"\ntheme = \"dusk\"\n[windows]\nsplit = true\n", path: "state")
    #expect(read.order == .dueDate && read.clock == nil && read.filter == nil)
  }

  @Test(arguments: [
    ("order = \"random\"", 1, "order cannot be \"random\""),
    ("filter = \"active\"\nshow-hidden = \"yes\"", 2, "show-hidden cannot be \"yes\""),
    ("[config]\nclock = yes", 2, "a value is a \"string\""),
    ("clock = \"12h", 1, "not closed"),
  ])
  func aBrokenFileSaysWhereForTheWarning(_ text: String, _ line: Int, _ words: String) {
    expectFailure(at: "/s/yaru/state", line: line, saying: words) { () throws(Config.Failure) in _ = try RememberedChoices.parse(text, path: "/s/yaru/state") }
  }
}

/// `v`: the config's views one after another, then no search.
@MainActor
struct NamedViewTests {
  let scheduler = TestScheduler(now: startDate)

  @Test func vGoesThroughTheViewsThenBackToNoSearch() {
    var state = AppReducer.State.loaded(["Report +work", "Call mom @phone", "Plan +work @phone"])
    state.search.views = [.init(name: "work", query: "+work -@phone"), .init(name: "phone", query: "@phone")]
    let store = appStore(state, on: scheduler)
    store.send(.search(.nextView))
    #expect(store.state.visibleTexts == ["Report +work"])
    #expect(screen(store.state)[0].contains("view work"))
    store.send(.search(.nextView))
    #expect(store.state.visibleTexts == ["Call mom @phone", "Plan +work @phone"])
    #expect(screen(store.state)[0].contains("view phone"))
    store.send(.search(.nextView))
    #expect(store.state.search.text.isEmpty && store.state.visibleTexts.count == 3)
    #expect(!screen(store.state)[0].contains("view"))
    // A search typed by hand is no view: v starts from the first.
    store.send(.startSearch)
    store.send(.editor(.insert("mom")))
    store.send(.commitSearch)
    store.send(.search(.nextView))
    #expect(store.state.search.text == "+work -@phone")
  }

  @Test func withoutViewsVSaysHowToMakeThem() {
    let store = appStore(AppReducer.State.loaded(["one"]), on: scheduler)
    store.send(.search(.nextView))
    #expect(store.state.flash == "No views: name searches under [views] in the config file")
    #expect(store.state.search.text.isEmpty)
  }
}
