// swift-tools-version: 6.1
import PackageDescription

/// The libFuzzer targets of ForcePicker (Docs/fuzzing.md): one executable per parser,
/// each exporting `LLVMFuzzerTestOneInput`. A package of its own so the main build
/// never sees `-sanitize=fuzzer`; `Tools/fuzz` builds it into `.build-fuzz`.
let forcePicker = "ForcePicker"
let trace = Target.Dependency.product(name: "ForceTrace", package: forcePicker)
let wire = Target.Dependency.product(name: "ForceProtocol", package: forcePicker)
let engine = Target.Dependency.product(name: "ForceEngine", package: forcePicker)

let package = Package(
  name: "ForcePickerFuzz",
  platforms: [.macOS(.v14)],
  dependencies: [.package(name: forcePicker, path: "../..")],
  targets: [
    .target(name: "FuzzSupport"),
    .executableTarget(name: "FuzzInputTrace", dependencies: ["FuzzSupport", trace]),
    .executableTarget(name: "FuzzGesture", dependencies: ["FuzzSupport", trace]),
    .executableTarget(name: "FuzzParameterText", dependencies: ["FuzzSupport", trace, engine]),
    .executableTarget(name: "FuzzParameterJSON", dependencies: ["FuzzSupport", trace, engine]),
    .executableTarget(name: "FuzzProtocol", dependencies: ["FuzzSupport", wire, engine]),
    .executableTarget(name: "FuzzSensorOptions", dependencies: ["FuzzSupport", trace]),
  ]
)
