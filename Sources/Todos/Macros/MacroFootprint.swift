import FoundationEssentials

/// What a key can change that a person would see, cheap to take before and
/// after each key of a macro: a key after which it is the same did nothing,
/// and the macro stops there. (A copy of the whole state would copy the
/// list on the next change: 3 ms at 100,000 todos, for every key.)
struct MacroFootprint: Equatable {
  let listVersion: Int
  let selection: UUID?
  let marks: Int
  let filter: Filter
  let showsHidden: Bool
  let order: ListOrder
  let mode: AppReducer.Mode
  let search: String
  let view: Int?
  let uses24HourClock: Bool
  let isRecording: Bool
  let isQuitting: Bool

  init(_ state: AppReducer.State) {
    listVersion = state.list.listVersion
    selection = state.list.selection
    marks = state.list.marks.count
    filter = state.list.filter
    showsHidden = state.list.showsHidden
    order = state.list.order
    mode = state.mode
    search = state.search.text
    view = state.search.currentView
    uses24HourClock = state.settings.uses24HourClock
    isRecording = state.macros.recording != nil
    isQuitting = state.isQuitting
  }
}
