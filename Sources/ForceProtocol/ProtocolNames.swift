// The names and texts of the protocol's codes: what the host prints and the page
// (Web/js/wire.js, through the wasm module's `fp_name`) shows. One switch per code,
// so a new case fails to compile until it is named.

extension MessageType {
  /// The message's name as Protocol.md and the page write it ("paramDescribe").
  public var name: StaticString {
    switch self {
    case .hello: return "hello"
    case .paramDescribe: return "paramDescribe"
    case .paramGet: return "paramGet"
    case .paramSet: return "paramSet"
    case .paramSetBatch: return "paramSetBatch"
    case .paramSave: return "paramSave"
    case .paramLoad: return "paramLoad"
    case .paramDefaults: return "paramDefaults"
    case .streamStart: return "streamStart"
    case .streamStop: return "streamStop"
    case .inject: return "inject"
    case .bench: return "bench"
    case .stats: return "stats"
    case .bootsel: return "bootsel"
    case .info: return "info"
    case .paramDescription: return "paramDescription"
    case .paramValue: return "paramValue"
    case .ack: return "ack"
    case .injectResult: return "injectResult"
    case .benchResult: return "benchResult"
    case .paramLoaded: return "paramLoaded"
    case .statsReport: return "statsReport"
    case .telemetry: return "telemetry"
    case .event: return "event"
    case .error: return "error"
    }
  }
}

extension ErrorCode {
  /// The code's name as Protocol.md writes it ("outOfRange").
  public var name: StaticString {
    switch self {
    case .unknownType: return "unknownType"
    case .badLength: return "badLength"
    case .outOfRange: return "outOfRange"
    case .busy: return "busy"
    case .flash: return "flash"
    case .unknownParameter: return "unknownParameter"
    case .unsupported: return "unsupported"
    }
  }
}

extension ProtocolError {
  /// The error's name without its payload ("fieldOutOfRange").
  public var name: StaticString {
    switch self {
    case .unknownType: return "unknownType"
    case .badLength: return "badLength"
    case .badValue: return "badValue"
    case .fieldOutOfRange: return "fieldOutOfRange"
    case .unknownParameter: return "unknownParameter"
    case .bufferTooSmall: return "bufferTooSmall"
    case .frameTooLong: return "frameTooLong"
    }
  }
}

extension ParameterSource {
  /// Where the parameters came from, in words ("factory defaults (flash blank)").
  public var text: StaticString {
    switch self {
    case .flash: return "parameters from flash"
    case .defaultsBlankFlash: return "factory defaults (flash blank)"
    case .defaultsCorruptFlash: return "factory defaults (flash record invalid)"
    case .defaultsNoFlash: return "factory defaults (no flash)"
    case .flashOlderRecord: return "parameters from flash, older record (the last save was lost)"
    }
  }
}

extension FlashFailure {
  /// The failure in words ("nothing saved yet (flash blank)").
  public var text: StaticString {
    switch self {
    case .writeFailed: return "writing the flash failed"
    case .blank: return "nothing saved yet (flash blank)"
    case .corrupt: return "the saved record is damaged, of another layout or invalid"
    case .unavailable: return "this device has no parameter flash"
    }
  }
}

extension Capabilities {
  /// The number of capability bits defined.
  public static let bitCount = 6

  /// What capability bit `bit` (0 for `adc`) gives, in words ("flash persistence"), or
  /// nil past `bitCount`.
  public static func name(ofBit bit: Int) -> StaticString? {
    switch Capabilities(rawValue: bit >= 0 && bit < bitCount ? 1 << bit : 0) {
    case .adc: return "force sensor"
    case .flash: return "flash persistence"
    case .injection: return "inject"
    case .bench: return "bench"
    case .streaming: return "streaming"
    case .bootloader: return "reboot into the bootloader"
    default: return nil
    }
  }
}

extension BootFaults {
  /// The number of boot fault bits defined.
  public static let bitCount = 5

  /// What boot fault bit `bit` (0 for `crystal`) means, in words, or nil past
  /// `bitCount`.
  public static func name(ofBit bit: Int) -> StaticString? {
    switch BootFaults(rawValue: bit >= 0 && bit < bitCount ? 1 << bit : 0) {
    case .crystal: return "crystal did not start (on the ring oscillator)"
    case .systemPLL: return "system PLL did not lock (CPU on the crystal)"
    case .usbPLL: return "USB PLL did not lock (no USB)"
    case .clockSwitch: return "a clock switch did not complete"
    case .bringUpHang: return "watchdog reset during clock bring-up (PLLs left off)"
    default: return nil
    }
  }
}
