// swift-tools-version: 6.2
import PackageDescription

/// SwiftPM names a path dependency after its folder, and a clone may be in
/// any folder: this is the name the parent package (yaru) gets here.
let yaru = Context.packageDirectory.split(separator: "/").dropLast().last.map(String.init) ?? "yaru"

let package = Package(
  name: "yaru-benchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: ".."),
  ],
  targets: [
    // mallinfo2(), to weigh the undo history.
    .target(name: "CMallocInfo"),
    .executableTarget(
      name: "yaru-bench",
      dependencies: ["CMallocInfo", .product(name: "YaruCore", package: yaru)],
      swiftSettings: [.treatAllWarnings(as: .error)]
    ),
  ],
  swiftLanguageModes: [.v6]
)
