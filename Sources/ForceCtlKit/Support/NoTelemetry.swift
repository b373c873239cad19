/// What to say when a device sends no telemetry.
enum NoTelemetry {
  /// Why there may be none, and what to do instead.
  static let hint =
    "no telemetry arrived: a device without a sensor (the QEMU emulator, or SITL without --trace) sends none; use `forcectl sitl --trace FILE` or `forcectl replay`"
}
