// swift-tools-version: 6.1
import PackageDescription

/// ForcePicker: a force-sensitive value picker for two FSR cells under a rocker cap.
///
/// `ForceEngine`, `ForceProtocol` and `ForceFirmware` are Embedded-clean: the same
/// sources are compiled for armv6m by `Tools/build-firmware`. Everything else is host-only.
/// Every target imports only the layers below it (Docs/architecture.md):
///
///     ForceCtl ─ ForceCtlKit ─┬─ ForceDevice ─┬─ ForceLink
///                             ├─ ForceSim     │
///                             └───────────────┴─ ForceTrace ─ ForceHostCore ─ ForceProtocol ─ ForceEngine
let package = Package(
  name: "ForcePicker",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "forcectl", targets: ["ForceCtl"]),
    .executable(name: "forcepicker-sitl", targets: ["ForceSITL"]),
    .library(name: "ForceEngine", targets: ["ForceEngine"]),
    // For the fuzz targets (Tests/Fuzzing, Docs/fuzzing.md), a package of their own.
    .library(name: "ForceProtocol", targets: ["ForceProtocol"]),
    .library(name: "ForceTrace", targets: ["ForceTrace"]),
    .library(name: "ForceHostCore", targets: ["ForceHostCore"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.0"),
  ],
  targets: [
    // Core: Embedded-clean, shared by the firmware and the host.
    .target(name: "ForceEngine"),
    // Benchmark peer, not product code: a C version of the thumb-roll frame path
    // (Benchmarks/CPeer/README.md), checked against the golden traces and priced
    // against the engine on the Cortex-M0 by Tools/bench-cycles.
    .target(name: "CEnginePeer", path: "Benchmarks/CPeer"),
    .target(name: "ForceProtocol", dependencies: ["ForceEngine"]),
    .target(name: "ForceFirmware", dependencies: ["ForceEngine", "ForceProtocol"]),
    .target(name: "ForceUSB"),
    .target(name: "ForceReference", dependencies: ["ForceEngine"]),
    // The host's Embedded-clean logic (calibration, file formats), shared by forcectl
    // and the page's wasm module (Tools/build-wasm).
    .target(name: "ForceHostCore", dependencies: ["ForceEngine", "ForceProtocol"]),

    // Host layers.
    .target(name: "ForceTrace", dependencies: ["ForceEngine", "ForceProtocol", "ForceFirmware", "ForceHostCore"]),
    .target(name: "ForceSim", dependencies: ["ForceEngine", "ForceTrace", "ForceHostCore"]),
    .systemLibrary(
      name: "CLibSerialPort",
      pkgConfig: "libserialport",
      providers: [.apt(["libserialport-dev"])]
    ),
    .target(name: "ForceLink", dependencies: ["CLibSerialPort", "ForceUSB"]),
    .target(name: "ForceWebBridge", dependencies: ["ForceLink"]),
    .target(
      name: "ForceDevice", dependencies: ["ForceEngine", "ForceProtocol", "ForceHostCore", "ForceTrace", "ForceLink"]
    ),
    .target(
      name: "ForceCtlKit",
      dependencies: [
        "ForceEngine", "ForceProtocol", "ForceTrace", "ForceSim", "ForceLink", "ForceDevice", "ForceWebBridge",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),

    // Executables.
    .executableTarget(name: "ForceCtl", dependencies: ["ForceCtlKit"]),
    .target(name: "ForceHostFlash", dependencies: ["ForceFirmware"]),
    .executableTarget(name: "ForceSITL", dependencies: ["ForceFirmware", "ForceHostFlash", "ForceTrace"]),
    .executableTarget(name: "EngineBench", dependencies: ["ForceEngine", "ForceFirmware"]),

    // Tests, and the fakes and trace builders they share.
    .target(
      name: "ForceTestSupport",
      dependencies: ["ForceEngine", "ForceProtocol", "ForceFirmware", "ForceTrace", "ForceLink"]
    ),
    .testTarget(name: "ForceWebBridgeTests", dependencies: ["ForceWebBridge", "ForceLink"]),
    .testTarget(
      name: "ForceEngineTests",
      dependencies: [
        "ForceEngine", "ForceHostCore", "ForceReference", "ForceTrace", "ForceTestSupport", "CEnginePeer",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      resources: [.copy("Golden")]
    ),
    .testTarget(name: "ForceProtocolTests", dependencies: ["ForceProtocol", "ForceEngine", "ForceTrace"]),
    .testTarget(name: "ForceLinkTests", dependencies: ["ForceLink", "ForceTestSupport"]),
    .testTarget(
      name: "ForceFirmwareTests",
      dependencies: [
        "ForceFirmware", "ForceEngine", "ForceProtocol", "ForceTestSupport", "ForceHostFlash", "ForceTrace",
      ]
    ),
    .testTarget(
      name: "ForceTraceTests",
      dependencies: ["ForceTrace", "ForceEngine", "ForceHostCore", "ForceProtocol", "ForceTestSupport"]
    ),
    .testTarget(
      name: "ForceSimTests",
      dependencies: ["ForceSim", "ForceTrace", "ForceEngine", "ForceHostCore", "ForceTestSupport"]
    ),
    .testTarget(
      name: "ForceDeviceTests",
      dependencies: ["ForceDevice", "ForceTestSupport", "ForceLink", "ForceProtocol", "ForceEngine", "ForceHostCore"]
    ),
    .testTarget(name: "ForceUSBTests", dependencies: ["ForceUSB", "ForceTestSupport"]),
    .testTarget(
      name: "FirmwareEndToEndTests",
      dependencies: [
        "ForceDevice", "ForceTrace", "ForceEngine", "ForceProtocol", "ForceLink", "ForceTestSupport", "ForceUSB",
        "ForceFirmware",
      ]
    ),
    .testTarget(
      name: "ForceCtlTests",
      dependencies: ["ForceCtlKit", "ForceSim", "ForceTrace", "ForceEngine", "ForceTestSupport"]
    ),
    .testTarget(
      name: "ForceCtlDeviceUITests",
      dependencies: [
        "ForceCtlKit", "ForceDevice", "ForceTrace", "ForceEngine", "ForceProtocol", "ForceLink", "ForceTestSupport",
      ],
      resources: [.copy("Snapshots")]
    ),
  ]
)
