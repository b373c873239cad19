/// Endpoint 0's transfer in progress: the reply staged for an IN data stage and how
/// much of it has gone out, or which stage the device waits for.
struct ControlPipe {
  enum Stage: Equatable {
    /// Nothing in progress (or a STALL until the next SETUP).
    case idle
    /// Sending `total` staged bytes; `sent` so far; a zero-length packet ends a reply
    /// that is a whole number of packets and shorter than the host asked for.
    case dataIn(sent: Int, total: Int, zeroLengthEnd: Bool)
    /// The data stage went out; the host's zero-length OUT status is expected.
    case statusOut
    /// Waiting for `count` bytes from the host.
    case dataOut(count: Int)
    /// The zero-length IN status packet is armed.
    case statusIn
  }

  var stage = Stage.idle
  var reply = Bytes128()

  /// Starts an IN data stage of `count` staged bytes for a host that asked for `requested`.
  mutating func startIn(count: Int, requested: Int) {
    let total = min(count, requested)
    let size = Descriptors.packetSize
    stage = .dataIn(sent: 0, total: total, zeroLengthEnd: total < requested && total % size == 0)
  }

  /// The next IN packet of the data stage as (offset, count), advancing; nil when the
  /// data stage is complete.
  mutating func nextPacket() -> (offset: Int, count: Int)? {
    guard case .dataIn(let sent, let total, let zeroLengthEnd) = stage else { return nil }
    if sent < total {
      let count = min(Descriptors.packetSize, total - sent)
      stage = .dataIn(sent: sent + count, total: total, zeroLengthEnd: zeroLengthEnd)
      return (sent, count)
    }
    guard zeroLengthEnd else { return nil }
    stage = .dataIn(sent: sent, total: total, zeroLengthEnd: false)
    return (sent, 0)
  }
}
