// swift-tools-version: 6.1
import PackageDescription

/// The libFuzzer targets of ForcePicker (Docs/fuzzing.md): one executable per parser,
/// each exporting `LLVMFuzzerTestOneInput`. A package of its own so the main build
/// never sees `-sanitize=fuzzer`; `Tools/fuzz` builds it into `.build-fuzz`.
let forcePicker = "ForcePicker"
let trace = Target.Dependency.product(name: "ForceTrace", package: forcePicker)
let wire = Target.Dependency.product(name: "ForceProtocol", package: forcePicker)
let engine = Target.Dependency.product(name: "ForceEngine", package: forcePicker)
let hostCore = Target.Dependency.product(name: "ForceHostCore", package: forcePicker)

let package = Package(
  name: "ForcePickerFuzz",
  platforms: [.macOS(.v14)],
  dependencies: [.package(name: forcePicker, path: "../..")],
  targets: [
    .target(name: "FuzzSupport"),
    // A parameter file's bytes read as the page and as forcectl read them, for both parameter targets.
    .target(name: "ProfileBytes", dependencies: ["FuzzSupport", trace, engine, hostCore]),
    .executableTarget(name: "FuzzInputTrace", dependencies: ["FuzzSupport", trace]),
    .executableTarget(name: "FuzzGesture", dependencies: ["FuzzSupport", trace]),
    .executableTarget(name: "FuzzParameterText", dependencies: ["FuzzSupport", "ProfileBytes", trace, engine]),
    .executableTarget(name: "FuzzParameterJSON", dependencies: ["FuzzSupport", "ProfileBytes", trace, engine]),
    .executableTarget(name: "FuzzProtocol", dependencies: ["FuzzSupport", wire, engine]),
    .executableTarget(name: "FuzzSensorOptions", dependencies: ["FuzzSupport", trace]),
  ]
)
