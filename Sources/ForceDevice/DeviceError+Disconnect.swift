import ForceLink

extension DeviceError {
  /// True when the link went away mid-session (unplugged, reset, emulator stopped).
  public var isDisconnect: Bool {
    switch self {
    case .link(.disconnected), .link(.peerClosed), .link(.closed): return true
    case .noReply: return true
    default: return false
    }
  }
}
