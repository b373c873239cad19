// swift-tools-version: 6.1
import PackageDescription

/// ForcePicker: a force-sensitive value picker for two FSR cells under a rocker cap.
///
/// `ForceEngine`, `ForceProtocol` and `ForceFirmware` are Embedded-clean: the same
/// sources are compiled for armv6m by `Tools/build-firmware`. Everything else is host-only.
let package = Package(
  name: "ForcePicker",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "forcectl", targets: ["ForceCtl"]),
    .executable(name: "forcepicker-sitl", targets: ["ForceSITL"]),
    .library(name: "ForceEngine", targets: ["ForceEngine"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.0"),
    .package(url: "https://github.com/swhitty/FlyingFox", exact: "0.27.1"),
  ],
  targets: [
    .target(name: "ForceEngine"),
    // Benchmark peer, not product code: a C version of the thumb-roll frame path
    // (Benchmarks/CPeer/README.md), checked against the golden traces and priced
    // against the engine on the Cortex-M0 by Tools/bench-cycles.
    .target(name: "CEnginePeer", path: "Benchmarks/CPeer"),
    .target(name: "ForceReference", dependencies: ["ForceEngine"]),
    .target(name: "ForceSim", dependencies: ["ForceEngine"]),
    .target(name: "ForceProtocol", dependencies: ["ForceEngine"]),
    .target(name: "ForceFirmware", dependencies: ["ForceEngine", "ForceProtocol"]),
    .systemLibrary(
      name: "CLibSerialPort",
      pkgConfig: "libserialport",
      providers: [.apt(["libserialport-dev"])]
    ),
    .target(name: "ForceLink", dependencies: ["CLibSerialPort"]),
    .target(name: "ForceWebBridge", dependencies: ["ForceLink", .product(name: "FlyingFox", package: "FlyingFox")]),
    .target(
      name: "ForceCtlKit",
      dependencies: [
        "ForceEngine", "ForceSim", "ForceLink", "ForceProtocol", "ForceWebBridge",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(name: "ForceCtl", dependencies: ["ForceCtlKit"]),
    .executableTarget(name: "EngineBench", dependencies: ["ForceEngine"]),
    .executableTarget(name: "ForceSITL", dependencies: ["ForceFirmware", "ForceSim"]),
    .testTarget(
      name: "ForceEngineTests",
      dependencies: [
        "ForceEngine", "ForceReference", "ForceSim", "CEnginePeer",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      resources: [.copy("Golden")]
    ),
    .testTarget(name: "ForceProtocolTests", dependencies: ["ForceProtocol", "ForceEngine", "ForceSim"]),
    .testTarget(name: "ForceLinkTests", dependencies: ["ForceLink"]),
    .testTarget(name: "ForceFirmwareTests", dependencies: ["ForceFirmware", "ForceEngine", "ForceProtocol"]),
    .testTarget(
      name: "FirmwareEndToEndTests",
      dependencies: ["ForceCtlKit", "ForceSim", "ForceEngine", "ForceProtocol"]
    ),
    .testTarget(
      name: "ForceCtlTests",
      dependencies: ["ForceCtlKit", "ForceSim", "ForceEngine"]
    ),
    .testTarget(name: "ForceSimTests", dependencies: ["ForceSim", "ForceEngine", "ForceCtlKit"]),
    .testTarget(
      name: "ForceCtlDeviceUITests",
      dependencies: ["ForceCtlKit", "ForceSim", "ForceEngine", "ForceProtocol", "ForceLink"],
      resources: [.copy("Snapshots")]
    ),
  ]
)
