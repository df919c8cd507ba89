import Architecture
import Dispatch
import FoundationEssentials
import TodoModel
import TodoStorage
import Todos

extension AppEnvironment {
  /// The wall clock, random ids, the main queue, and `ioQueue` (serial)
  /// for the file and its history.
  public static func live(file: TodoFileClient?, ioQueue: DispatchQueue, history: HistoryClient? = nil) -> AppEnvironment {
    AppEnvironment(
      now: { Date() }, uuid: UUID.seededRandom(), utcOffset: UTCOffset.oncePerMinute(),
      mainQueue: DispatchQueueScheduler(.main), ioQueue: DispatchQueueScheduler(ioQueue), file: file, history: history
    )
  }
}
