/// The force zones (Docs/signal-chain.md), lowest first.
enum Zone: UInt8, Comparable, Sendable {
  /// Below the contact threshold.
  case idle = 0
  /// Contact, below rest.
  case resting = 1
  /// Normal rate control.
  case normal = 2
  /// Boosted rate control.
  case boosted = 3

  static func < (a: Zone, b: Zone) -> Bool { a.rawValue < b.rawValue }
}

/// Zone edges with hysteresis: a zone is entered when force reaches its threshold
/// and left only when force falls below `threshold − hysteresis`, so a noisy force
/// sitting on an edge does not chatter.
struct ZoneEdges: Equatable {
  var contact: Int32
  var rest: Int32
  var boost: Int32
  var hysteresis: Int32

  /// Edges from explicit thresholds.
  init(contact: Int32, rest: Int32, boost: Int32, hysteresis: Int32) {
    self.contact = contact
    self.rest = rest
    self.boost = boost
    self.hysteresis = hysteresis
  }

  /// The lower edge of `zone` (its entry threshold).
  func threshold(of zone: Zone) -> Int32 {
    switch zone {
    case .idle: return 0
    case .resting: return contact
    case .normal: return rest
    case .boosted: return boost
    }
  }

  /// The zone after one frame at force `force`, starting from `zone`: up to the
  /// highest zone whose threshold `force` reaches, else down past every edge that
  /// `force` fell below by more than the hysteresis.
  @inline(always)
  func next(from zone: Zone, force: Int32) -> Zone {
    // The highest zone whose threshold `force` reaches: entered at once when above
    // `zone` (rising), kept when equal.
    let reached: Zone = force >= boost ? .boosted : (force >= rest ? .normal : (force >= contact ? .resting : .idle))
    if reached >= zone { return reached }
    if zone == .boosted && force >= boost &- hysteresis { return .boosted }
    if zone >= .normal && force >= rest &- hysteresis { return .normal }
    if force >= contact &- hysteresis { return .resting }  // zone ≥ .resting here
    return .idle
  }
}
