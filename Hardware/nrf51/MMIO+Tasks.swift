extension MMIO {
  // nRF51 peripherals are driven by tasks and report events (nRF51 Series Reference
  // Manual v3.0, 10.1): writing 1 to a TASKS_ register starts a task, an EVENTS_
  // register reads non-zero once its event fired, until written 0.

  /// Triggers a task register (write 1).
  @inline(__always)
  static func trigger(_ task: UInt32) { write(task, 1) }

  /// Reads an event register; if it fired, clears it and returns true.
  @inline(__always)
  static func consume(_ event: UInt32) -> Bool {
    guard read(event) != 0 else { return false }
    write(event, 0)
    return true
  }
}
