import ForceEngine

/// What a practised user knows about the device (Docs/signal-chain.md, Docs/techniques.md), in floating point: the
/// force → speed mapping of the transfer function, the zones, the press-through
/// mirror and the positional mapping. The user's beliefs are this, scaled by its
/// `speedBelief`; the engine itself never sees a floating-point number.
public struct DeviceModel: Sendable {
  /// Zone edges, counts.
  public let contact, rest, boost, hysteresis: Double
  /// Transfer function, items/s.
  public let normalMax, boostMin, boostMax: Double
  /// Press-through level, counts.
  public let pressLevel: Double
  /// Thumb-roll's threshold on the balance's change from the resting neutral.
  public let rollThreshold: Double
  /// Range.
  public let rangeMin, rangeMax: Int32
  /// Whether the value wraps.
  public let wraps: Bool
  /// Quick-release window and filter time constant, ms.
  public let quickReleaseMs, filterMs: Double

  /// The model of a device running `parameters`.
  public init(_ p: Parameters) {
    contact = Double(p[.contactThreshold])
    rest = Double(p[.restThreshold])
    boost = Double(p[.boostThreshold])
    hysteresis = Double(p[.hysteresis])
    normalMax = Double(p[.speedNormalMax]) / 1000
    boostMin = Double(p[.speedBoostMin]) / 1000
    boostMax = Double(p[.speedBoostMax]) / 1000
    pressLevel = Double(p[.pressThroughLevel])
    rollThreshold = Double(p[.rollThreshold]) / 1000
    rangeMin = p[.rangeMin]
    rangeMax = p[.rangeMax]
    wraps = p[.wrap] != 0 || p.technique.alwaysWraps
    quickReleaseMs = Double(p[.quickReleaseMs])
    filterMs = Double(p[.filterMs])
  }

  /// Number of values.
  public var span: Int32 { rangeMax - rangeMin + 1 }

  /// Speed (items/s) at total force `force` (Docs/signal-chain.md, hysteresis ignored).
  public func speed(force: Double) -> Double {
    if force <= rest { return 0 }
    if force < boost { return (force - rest) * normalMax / (boost - rest) }
    return boostMin + (Swift.min(force, 1023) - boost) * (boostMax - boostMin) / (1023 - boost)
  }

  /// Speed in press-through reverse mode: paused at the level and below rest, else
  /// the mirrored force.
  public func reverseSpeed(force: Double) -> Double {
    force >= pressLevel || force <= rest ? 0 : speed(force: 1023 + rest - force)
  }

  /// The motion (items, ≥ 0) a lift from `force` at `rate` counts/ms causes, as a
  /// practised user has learned it: the fall as the device sees it (through its
  /// low-pass filter, frame by frame), nothing when it reaches no-touch well within the
  /// quick-release window, else what the swept zones scroll until force is below
  /// rest (Docs/value-model.md). The device times the window from the last frame whose force did
  /// not drop, which with a noisy hold is up to ~40 ms before the lift: lifts that end
  /// in the window's last 40 ms slip sometimes, so they count in proportion.
  public func liftDrift(from force: Double, rate: Double, reverse: Bool, frameMs: Double) -> Double {
    guard force > rest else { return 0 }
    let alpha = frameMs / (filterMs + frameMs)
    var raw = force
    var seen = force
    var items = 0.0
    var elapsed = 0.0
    while seen >= contact - hysteresis {
      raw = Swift.max(0, raw - rate * frameMs)
      seen += alpha * (raw - seen)
      elapsed += frameMs
      if seen > rest {
        items += (reverse ? reverseSpeed(force: seen) : speed(force: seen)) * frameMs / 1000
      } else if items == 0 || elapsed - quickReleaseMs >= 1e-9 {
        // Below rest nothing more scrolls, and the slip below is already decided.
        break
      }
    }
    let slip = Swift.min(1, Swift.max(0, (elapsed - quickReleaseMs) / 1e-9))
    return slip * items
  }

  /// The force giving `speed` items/s in the normal zone, at most `cap`.
  public func normalForce(speed: Double, cap: Double) -> Double {
    Swift.min(cap, rest + Swift.max(0, speed) * (boost - rest) / normalMax)
  }

  /// Highest force the user keeps below boost (`fraction` of the normal zone, two
  /// hysteresis bands clear of the edge).
  public func cruiseForce(fraction: Double) -> Double {
    rest + fraction * (boost - 2 * hysteresis - rest)
  }

  /// The force whose positional mapping lands in the middle of `value` (Docs/techniques.md).
  public func positionalForce(value: Int32) -> Double {
    rest + Double(value - rangeMin) * (1023 - rest) / Double(rangeMax - rangeMin)
  }
}
