/// Which todos the list shows; `f` cycles through them in this order.
public enum Filter: String, CaseIterable, Equatable, Sendable {
  case all = "All"
  case active = "Active"
  case completed = "Completed"

  func includes(isComplete: Bool) -> Bool {
    switch self {
    case .all: true
    case .active: !isComplete
    case .completed: isComplete
    }
  }

  public var next: Filter {
    switch self {
    case .all: .active
    case .active: .completed
    case .completed: .all
    }
  }
}
