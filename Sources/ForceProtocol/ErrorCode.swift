/// The error codes carried by an `ErrorReply` on the wire (Protocol.md, "Errors").
public enum ErrorCode: UInt8, Sendable {
  /// The request's type byte is unknown (or is not a request).
  case unknownType = 1
  /// The request's body has the wrong length for its type.
  case badLength = 2
  /// A value is out of range. `parameter` names the parameter (0xFF: not a
  /// parameter), `detail` the `ParameterRule` code (0xFF: the field's own encoding).
  case outOfRange = 3
  /// The device cannot serve the request now (a bench is running, or its transmit
  /// queue has no room for the reply); retry later. Nothing was done.
  case busy = 4
  /// Saving or loading the parameters failed; `detail` is a `FlashFailure` code.
  case flash = 5
  /// The parameter id does not exist (`parameter` holds it).
  case unknownParameter = 6
  /// The request is valid but this device cannot do it: `detail` holds the missing
  /// `Capabilities` bits (e.g. 0x01: no force sensor, so no streaming).
  case unsupported = 7
}

/// Detail code of an `ErrorCode.flash` reply.
public enum FlashFailure: UInt8, Sendable {
  /// Erasing or writing flash failed, or the read-back did not match.
  case writeFailed = 0
  /// Load: nothing has been saved (the pages are blank).
  case blank = 1
  /// Load: the stored record is damaged, has another layout version or does not validate.
  case corrupt = 2
  /// The board has no flash reserved for parameters.
  case unavailable = 3
}
