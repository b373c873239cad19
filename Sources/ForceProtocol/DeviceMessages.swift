// The bodies the device sends, each with the type byte of its frame.

extension DeviceInfo: DeviceMessage {
  /// `info`.
  public static var messageType: MessageType { .info }
}

extension ParamDescription: DeviceMessage {
  /// `paramDescription`.
  public static var messageType: MessageType { .paramDescription }
}

extension ParamValue: DeviceMessage {
  /// `paramValue` (the reply; the `paramSet` request has the same body).
  public static var messageType: MessageType { .paramValue }
}

extension Ack: DeviceMessage {
  /// `ack`.
  public static var messageType: MessageType { .ack }
}

extension InjectResult: DeviceMessage {
  /// `injectResult`.
  public static var messageType: MessageType { .injectResult }
}

extension BenchResult: DeviceMessage {
  /// `benchResult`.
  public static var messageType: MessageType { .benchResult }
}

extension ParamLoaded: DeviceMessage {
  /// `paramLoaded`.
  public static var messageType: MessageType { .paramLoaded }
}

extension LinkStats: DeviceMessage {
  /// `statsReport`.
  public static var messageType: MessageType { .statsReport }
}

extension Telemetry: DeviceMessage {
  /// `telemetry`.
  public static var messageType: MessageType { .telemetry }
}

extension EventReport: DeviceMessage {
  /// `event`.
  public static var messageType: MessageType { .event }
}

extension ErrorReply: DeviceMessage {
  /// `error`.
  public static var messageType: MessageType { .error }
}
