import TodoModel
/// Where the list stands with the file: loaded yet, saved yet, and how the
/// file looked on disk last time yaru read or wrote it.
public struct FileState: Equatable, Sendable {
  public enum Phase: Equatable, Sendable {
    case loading
    case ready
    /// The file cannot be used; the program shows this and exits with status 2.
    case failed(String)
  }

  public var phase: Phase = .ready
  /// Loading has taken long enough (`AppReducer.loadingFrameDelay`) to say
  /// so on screen. A list that loads at once is the first frame, without a
  /// flash of "Loading…" before it.
  public var isLoadingSlow = false
  /// No todo file: the list lives in memory only (replay without --file).
  public var isInMemory = false
  /// Another yaru has the file open: this one shows it and never writes it.
  public var isReadOnly = false
  /// Counts committed changes to the list; the file has `savedRevision` of them.
  public var revision = 0
  public var savedRevision = 0
  public var isSaving = false
  /// Changes were still on their way to the disk at the last clock tick:
  /// only then does the status bar say "saving…". A save takes about a
  /// millisecond; drawing "saving…" and then "saved" for it would add a
  /// frame to every change that nobody could see.
  public var isSaveSlow = false
  /// Why the last save failed; saving is retried while this is set.
  public var saveError: String?
  public var stamp: DiskStamp?
  /// The file's text when yaru last read or wrote it: what both sides
  /// started from when another program changes the file (the merge's base).
  public var base = ""
  /// The file's line endings and byte order mark, kept on save.
  public var shape = FileShape()
  /// Sync tools' conflict copies beside the file: shown until merged (`yaru merge`).
  public var conflictCopies: [String] = []
  /// `q` was pressed once while changes could not be saved.
  public var isConfirmingQuit = false

  /// Committed changes the file does not have yet (never, without a file).
  public var hasUnsavedChanges: Bool { !isInMemory && !isReadOnly && revision != savedRevision }
  /// Whether the status bar says "saving…".
  public var showsSaving: Bool { isSaveSlow && (hasUnsavedChanges || isSaving) }
}

/// A todo file as read: its text, the list parsed from it and the stamp of
/// its bytes (nil and empty when there is no file yet).
public struct LoadedFile: Equatable, Sendable {
  public var text: String
  public var list: TodoList
  public var stamp: DiskStamp?
}
