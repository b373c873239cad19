import ForceLink

extension DeviceError {
  /// True when the link went away mid-session (unplugged, reset, emulator stopped).
  public var isDisconnect: Bool {
    switch self {
    case .link(.disconnected), .link(.peerClosed), .link(.closed): return true
    case .noReply, .silent: return true
    default: return false
    }
  }
}

extension DeviceError {
  /// What ended a session, for a summary: "the device went silent" or "the link was lost".
  public var sessionEnd: String {
    if case .silent = self { return "the device went silent" }
    return "the link was lost"
  }

  /// The error that ends a streaming command: the silence as it is, a lost link
  /// prefixed `link lost:`.
  public var endingMessage: String {
    if case .silent = self { return description }
    return "link lost: \(description)"
  }
}
