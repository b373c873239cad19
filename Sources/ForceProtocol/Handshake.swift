import ForceEngine

/// `hello` (0x01): the host opens a session and states its protocol version. The
/// device answers `info` whatever the version (the host decides), after ending any
/// streaming, injection session or bench run.
public struct Hello: ProtocolFields, Equatable, Sendable {
  /// The host's protocol version (`FrameFormat.protocolVersion`).
  public var protocolVersion: UInt8

  /// A hello for this protocol version.
  public init(protocolVersion: UInt8) {
    self.protocolVersion = protocolVersion
  }

  /// A hello for this protocol version.
  public init() { protocolVersion = FrameFormat.protocolVersion }

  /// The fields, in wire order.
  public mutating func fields<V: FieldVisitor>(_ v: inout V) throws(ProtocolError) {
    try v.u8(&protocolVersion, "protocolVersion", "the host's protocol version (3)")
  }
}

/// What the device can do, a bit each (`info.capabilities`).
public struct Capabilities: OptionSet, Sendable {
  /// The bits.
  public let rawValue: UInt8
  /// Wraps bits.
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Real force cells are attached (false in QEMU / SITL).
  public static let adc = Capabilities(rawValue: 0x01)
  /// Parameters can be saved to and loaded from flash.
  public static let flash = Capabilities(rawValue: 0x02)
  /// `inject` is supported.
  public static let injection = Capabilities(rawValue: 0x04)
  /// `bench` is supported.
  public static let bench = Capabilities(rawValue: 0x08)
  /// Telemetry and event streaming are supported.
  public static let streaming = Capabilities(rawValue: 0x10)
  /// `bootsel` reboots the board into its USB bootloader (the Pico's boot ROM).
  public static let bootloader = Capabilities(rawValue: 0x20)
}

/// Where the parameters in effect came from (`info.parameterSource`): at boot, or at the
/// last successful `paramSave` or `paramLoad`.
public enum ParameterSource: UInt8, Sendable {
  /// Loaded from flash.
  case flash = 0
  /// Factory defaults: the flash pages were blank.
  case defaultsBlankFlash = 1
  /// Factory defaults: the stored record was corrupt, of another layout, or invalid.
  case defaultsCorruptFlash = 2
  /// Factory defaults: the board has no parameter flash.
  case defaultsNoFlash = 3
  /// Loaded from flash, but from the older of the two records: the newest one is
  /// damaged or unfinished, so the last save was lost.
  case flashOlderRecord = 4
}

/// `info` (0x81): the handshake reply, everything a host checks before talking on.
public struct DeviceInfo: ProtocolFields, Equatable, Sendable {
  /// The device's protocol version.
  public var protocolVersion: UInt8
  /// Firmware version, major.
  public var firmwareMajor: UInt8
  /// Firmware version, minor.
  public var firmwareMinor: UInt8
  /// Firmware version, patch.
  public var firmwarePatch: UInt8
  /// `Parameters.layoutVersion` of the firmware.
  public var layoutVersion: UInt16
  /// `Parameters.schemaHash` of the firmware.
  public var schemaHash: UInt32
  /// `ParameterID.count` of the firmware: describe ids 0..<parameterCount.
  public var parameterCount: UInt8
  /// Why the chip last reset (ForceFirmware `ResetReason` raw value: 0 power-on,
  /// 1 pin, 2 watchdog, 3 software, 4 lockup, 5 other).
  public var resetReason: UInt8
  /// What the device can do.
  public var capabilities: Capabilities
  /// Whether the parameters came from flash or are defaults (and why).
  public var parameterSource: ParameterSource
  /// Largest frame (before COBS) the device accepts and sends.
  public var maxFrameSize: UInt16
  /// Board name, e.g. "microbit-v1".
  public var board: ShortText
  /// Deepest the stack has been since boot, in bytes, measured on a stack painted
  /// at reset; 0 when the board does not measure it (SITL) or the device predates
  /// the field.
  public var stackHighWater: UInt16
  /// Share of the last second the CPU was awake, in hundredths of a percent
  /// (1…10 000); 0 when the board does not sleep (SITL) or the device predates the
  /// field.
  public var cpuDuty: UInt16
  /// The board's supply as it last measured it, in millivolts; 0 when the board
  /// does not measure it (the Pico, SITL, QEMU) or the device predates the field.
  public var supplyMillivolts: UInt16
  /// What failed in clock bring-up (empty: nothing, not reported, or a device that
  /// predates the field).
  public var bootFaults: BootFaults
  /// The chip's silicon revision as it reads it (RP2040: CHIP_ID.REVISION, 1 for B0
  /// and B1, 2 for B2); 0 when the board does not read one or the device predates the
  /// field.
  public var chipRevision: UInt16

  /// A handshake reply; the parameter fields default to this build's engine.
  public init(
    firmwareMajor: UInt8, firmwareMinor: UInt8, firmwarePatch: UInt8,
    resetReason: UInt8, capabilities: Capabilities, parameterSource: ParameterSource,
    board: ShortText,
    protocolVersion: UInt8 = FrameFormat.protocolVersion,
    layoutVersion: UInt16 = Parameters.layoutVersion,
    schemaHash: UInt32 = Parameters.schemaHash,
    parameterCount: UInt8 = UInt8(ParameterID.count),
    maxFrameSize: UInt16 = UInt16(FrameFormat.maxFrameSize),
    stackHighWater: UInt16 = 0,
    cpuDuty: UInt16 = 0,
    supplyMillivolts: UInt16 = 0,
    bootFaults: BootFaults = [],
    chipRevision: UInt16 = 0
  ) {
    self.protocolVersion = protocolVersion
    self.firmwareMajor = firmwareMajor
    self.firmwareMinor = firmwareMinor
    self.firmwarePatch = firmwarePatch
    self.layoutVersion = layoutVersion
    self.schemaHash = schemaHash
    self.parameterCount = parameterCount
    self.resetReason = resetReason
    self.capabilities = capabilities
    self.parameterSource = parameterSource
    self.maxFrameSize = maxFrameSize
    self.board = board
    self.stackHighWater = stackHighWater
    self.cpuDuty = cpuDuty
    self.supplyMillivolts = supplyMillivolts
    self.bootFaults = bootFaults
    self.chipRevision = chipRevision
  }

  /// Firmware 0.0.0 of this build's protocol, nothing measured.
  public init() {
    self.init(
      firmwareMajor: 0, firmwareMinor: 0, firmwarePatch: 0, resetReason: 0, capabilities: [],
      parameterSource: .flash, board: ShortText())
  }

  /// The fields, in wire order.
  public mutating func fields<V: FieldVisitor>(_ v: inout V) throws(ProtocolError) {
    try v.u8(&protocolVersion, "protocolVersion", "the device's protocol version (3)")
    try v.u8(&firmwareMajor, "firmwareMajor", "firmware version")
    try v.u8(&firmwareMinor, "firmwareMinor", "")
    try v.u8(&firmwarePatch, "firmwarePatch", "")
    try v.u16(&layoutVersion, "layoutVersion", "parameter layout version")
    try v.u32(&schemaHash, "schemaHash", "hash of the parameter table, see below")
    try v.u8(&parameterCount, "parameterCount", "parameters have ids 0 … parameterCount − 1")
    try v.u8(
      &resetReason, "resetReason",
      "0 power-on/brown-out, 1 reset pin, 2 watchdog, 3 software, 4 CPU lockup, 5 other")
    try v.code(
      &capabilities, "capabilities",
      "bit 0 ADC (real force cells: needed for streaming), bit 1 flash persistence, bit 2 `inject`, bit 3 `bench`, bit 4 streaming (the firmware implements `streamStart` and `streamStop`; it streams only when bit 0 is set too, and refuses `streamStart` with `unsupported`, detail `01`, otherwise), bit 5 bootloader (`bootsel` reboots the board into its USB bootloader; without it `bootsel` is refused with `unsupported`, detail `20`)"
    )
    try v.code(
      &parameterSource, "parameterSource", "where the parameters came from at boot or the last save or load, see below")
    try v.u16(&maxFrameSize, "maxFrameSize", "largest frame before COBS (255)")
    try v.text(&board, "board", "board name, e.g. `microbit-v1`")
    try v.laterU16(
      &stackHighWater, "stackHighWater", "deepest the stack has been since boot, in bytes (0: not measured)")
    try v.laterU16(
      &cpuDuty, "cpuDuty",
      "share of the last second the CPU was awake, in hundredths of a percent (0: not measured)")
    try v.laterU16(
      &supplyMillivolts, "supplyMillivolts",
      "the supply the board last measured, mV (0: not measured); low below `DeviceInfo.lowSupplyMillivolts`")
    try v.laterU16(
      &bootFaults.rawValue, "bootFaults",
      "what failed in clock bring-up, a bit each (0: nothing, or not reported), see below")
    try v.laterU16(
      &chipRevision, "chipRevision", "the chip's silicon revision as read at boot (0: not read), see below")
  }

  /// Below this supply (2.5 V) the micro:bit's ADC reference (VDD/3) leaves its
  /// specified range: readings may be off, so hosts and the board's LEDs warn.
  public static let lowSupplyMillivolts: UInt16 = 2500

  /// True when the board measured its supply and found it below `lowSupplyMillivolts`.
  public var supplyIsLow: Bool { supplyMillivolts != 0 && supplyMillivolts < DeviceInfo.lowSupplyMillivolts }
}
