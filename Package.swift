// swift-tools-version: 6.2
import PackageDescription

/// Every target builds in Swift 6 language mode and treats warnings as errors,
/// so `make build` stays warning-free by construction. Members are visible only
/// from modules a file imports itself: otherwise Foundation's string methods
/// leak in through a dependency that imports Foundation, and the app links it.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error), .enableUpcomingFeature("MemberImportVisibility")]
/// Tests may use Foundation as they like: they are not in the app.
let testStrict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

/// The commit `yaru --version` names: the Makefile passes it in YARU_COMMIT
/// (`git describe`); a plain `swift build` says "unknown".
let commit = Context.environment["YARU_COMMIT"].map { $0.filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." } } ?? "unknown"

// yaru runs on Linux (glibc): the storage, the terminal and the executable
// call the C library directly, so no other platform is declared.
let package = Package(
  name: "yaru",
  products: [
    .executable(name: "yaru", targets: ["yaru"]),
    // For Benchmarks/ (its own package, so benchmarks never slow `make build`).
    .library(name: "YaruCore", targets: ["IdentifiedCollections", "Architecture", "Terminal", "VirtualTerminal", "TodoModel", "TodoStorage", "Todos"]),
  ],
  dependencies: [
    // customDump/diff: readable −/+ state diffs for TestStore failures. Tests
    // only: it links FoundationNetworking (curl, TLS), which would make the app
    // slow to start and impossible to link statically.
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
    // reportIssue: one way to fail a test that both Swift Testing and XCTest
    // see. Test support only: it imports all of Foundation.
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
    // The command line (`yaru`, `yaru add`, `yaru replay`…): parsing, help and
    // errors as people expect them, with no macros to compile.
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    // FileDescriptor, FilePath, Errno and Stat for the todo file and the
    // lock: typed, checked POSIX calls instead of hand-written wrappers, and
    // no Foundation.
    .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
  ],
  targets: [
    // IdentifiedArray on its own: the model (the todo list) and the reducer
    // framework (`forEach`) both need it, and the model must not see reducers.
    .target(
      name: "IdentifiedCollections",
      swiftSettings: strict
    ),
    .target(
      name: "Architecture",
      dependencies: [
        "IdentifiedCollections",
      ],
      swiftSettings: strict
    ),
    .target(
      name: "ArchitectureTesting",
      dependencies: [
        "Architecture",
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ],
      swiftSettings: strict
    ),
    // Links into test bundles only: installs the test issue reporter at load
    // time (a C constructor), so it holds for every test in any order.
    .target(
      name: "TestIssueReporter",
      dependencies: ["ArchitectureTesting"]
    ),
    .target(
      name: "Terminal",
      swiftSettings: strict
    ),
    // ncursesw from Debian's libncurses-dev; only NcursesTerminal imports it.
    .systemLibrary(
      name: "CNcursesw",
      providers: [.apt(["libncurses-dev"])]
    ),
    // libdispatch's main-queue hooks (header only): the app runs the main
    // queue itself instead of parking the main thread in dispatchMain().
    .systemLibrary(name: "CMainQueue"),
    // renameat2 (RENAME_EXCHANGE, RENAME_NOREPLACE) for the save (header only).
    .systemLibrary(name: "CRename"),
    // statfs, to tell a file system that sends no change notices (header only).
    .systemLibrary(name: "CFileSystem"),
    // mallopt, to keep every thread on one malloc arena (header only).
    .systemLibrary(name: "CMalloc"),
    .target(
      name: "NcursesTerminal",
      dependencies: ["CNcursesw", "Terminal"],
      swiftSettings: strict
    ),
    .target(
      name: "VirtualTerminal",
      dependencies: ["Terminal"],
      swiftSettings: strict
    ),
    // The pure domain: todos, days, tags, the todo.txt format, the search
    // query, and the shape of the file client. No I/O, and no reducers: the
    // `Todo` reducer conformance is in Todos (List/Todo+Reducer.swift).
    .target(
      name: "TodoModel",
      dependencies: ["IdentifiedCollections"],
      swiftSettings: strict
    ),
    // The live world: the todo file on disk, the instance lock, the local
    // clock's zone, random ids.
    .target(
      name: "TodoStorage",
      dependencies: [
        "TodoModel", "CRename", "CFileSystem",
        .product(name: "SystemPackage", package: "swift-system"),
      ],
      swiftSettings: strict
    ),
    // Test doubles: the in-memory disk.
    .target(
      name: "TodoTestSupport",
      dependencies: ["TodoModel"],
      swiftSettings: strict
    ),
    // The feature: reducers, view, keymap, the program loop. It sees the
    // domain, never the disk: the environment brings the file client.
    .target(
      name: "Todos",
      dependencies: ["IdentifiedCollections", "Architecture", "Terminal", "TodoModel"],
      swiftSettings: strict
    ),
    .target(
      name: "Replay",
      dependencies: ["Architecture", "Terminal", "VirtualTerminal", "TodoModel", "TodoStorage", "Todos"],
      swiftSettings: strict
    ),
    // The commit the binary was built from, compiled into one C function.
    .target(
      name: "CBuildInfo",
      cSettings: [.define("YARU_COMMIT", to: "\"\(commit.isEmpty ? "unknown" : commit)\"")]
    ),
    .executableTarget(
      name: "yaru",
      dependencies: [
        "IdentifiedCollections", "Architecture", "Terminal", "NcursesTerminal", "VirtualTerminal", "TodoModel", "TodoStorage", "Todos", "Replay",
        "CMainQueue", "CMalloc", "CBuildInfo",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "IdentifiedCollectionsTests",
      dependencies: ["IdentifiedCollections"],
      swiftSettings: testStrict
    ),
    .testTarget(
      name: "ArchitectureTests",
      dependencies: [
        "IdentifiedCollections",
        "Architecture",
        "ArchitectureTesting",
        "TestIssueReporter",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ],
      swiftSettings: testStrict
    ),
    .testTarget(
      name: "TodosTests",
      dependencies: [
        "Todos",
        "TodoModel",
        "TodoStorage",
        "TodoTestSupport",
        "IdentifiedCollections",
        "Architecture",
        "ArchitectureTesting",
        "Terminal",
        "VirtualTerminal",
        "TestIssueReporter",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ],
      exclude: ["Fixtures"],
      swiftSettings: testStrict
    ),
    .testTarget(
      name: "ReplayTests",
      dependencies: ["Replay", "Terminal", "TodoModel", "Todos"],
      swiftSettings: testStrict
    ),
    .testTarget(
      name: "TerminalTests",
      dependencies: ["Terminal", "VirtualTerminal", "TodoModel", "NcursesTerminal"],
      exclude: ["Fixtures"],
      swiftSettings: testStrict
    ),
  ],
  swiftLanguageModes: [.v6]
)
