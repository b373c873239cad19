/// The force zones, lowest first: the reference model's own copy, so it shares no
/// internals with the engine it checks.
enum Zone: UInt8, Comparable {
  /// Below the contact threshold.
  case idle = 0
  /// Contact, below rest.
  case resting = 1
  /// Normal rate control.
  case normal = 2
  /// Boosted rate control.
  case boosted = 3

  static func < (a: Zone, b: Zone) -> Bool { a.rawValue < b.rawValue }

  /// Frames that make up the onset window after first contact.
  static let onsetFrames = 4
}
