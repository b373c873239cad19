/// How the device answers a SETUP packet.
public enum ControlReply: Equatable, Sendable {
  /// Send this many bytes (already in the reply buffer) in the data stage; the host's
  /// wLength caps it.
  case send(Int)
  /// No data stage: acknowledge with a zero-length status packet.
  case acknowledge
  /// Receive this many bytes in a data stage (host to device), then acknowledge.
  case receive(Int)
  /// Refuse: STALL the control endpoint until the next SETUP.
  case stall
}

/// What a request changed that the controller must follow.
public enum ControlEffect: Equatable, Sendable {
  /// Nothing.
  case none
  /// Configuration 1 was selected (true) or the device went back to configuration 0
  /// (false): the bulk endpoints are opened, data toggles reset, or closed.
  case configured(Bool)
  /// An endpoint's halt feature was set or cleared (a clear also resets its toggle).
  case halt(endpoint: UInt8, halted: Bool)
}
