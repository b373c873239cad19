import ForceEngine

#if canImport(Foundation)
  import Foundation
#endif

/// Per-cell calibration (Docs/signal-chain.md) in real arithmetic.
public struct ReferenceCell: Sendable {
  public var offset: Double
  /// Gain (1.0 = unity).
  public var gain: Double
  /// Linearization strength c in 0…0.9 (0 = linear).
  public var curve: Double
  /// Sensitivity multiplier: 60/48, 1 or 60/72.
  public var sensitivity: Double
  /// Whether the reading above the offset follows the FSR law (`fsr_law`).
  public var law: Bool

  public init(offset: Int32, gain: Int32, curve: Int32, sensitivity: Sensitivity, law: Bool = false) {
    self.offset = Double(offset)
    self.gain = Double(gain) / 1000
    self.curve = Double(curve) / 1000
    self.sensitivity = ReferenceCell.ratio(sensitivity)
    self.law = law
  }

  /// The FSR law (Docs/signal-chain.md, step 2) exactly: `x` above a rest `o` on the
  /// same scale reads `(r^p − o^p)^(1/p)`, r = o + x, p = 1/k, as the thumb alone would.
  public static func fsrLaw(_ x: Double, rest o: Double) -> Double {
    guard x > 0, o > 0 else { return x }
    #if canImport(Foundation)
      let p = 1000 / Double(ForceEngine.fsrLawExponentThousandths)
      return min(pow(pow(o + x, p) - pow(o, p), 1 / p), 1023)
    #else
      // The Embedded build (Tools/bench-softfloat) runs the defaults, where the law is off.
      fatalError("the reference's FSR law needs pow (host only)")
    #endif
  }

  /// The exact sensitivity ratio (Docs/signal-chain.md: force divisor 60 against 48 or 72).
  public static func ratio(_ sensitivity: Sensitivity) -> Double {
    switch sensitivity {
    case .light: return 60.0 / 48.0
    case .normal: return 1
    case .firm: return 60.0 / 72.0
    }
  }

  /// The calibrated reading, 0…1023.
  public func apply(_ raw: UInt16) -> Double {
    var value = min(max((Double(raw) - offset) * gain, 0), 1023)
    if law { value = ReferenceCell.fsrLaw(value, rest: offset * gain) }
    if curve > 0 {
      // y = x(1−c)/(1−c·x) with x, y on the engine's 1024 scale.
      let x = value / 1024
      value = min(1024 * x * (1 - curve) / (1 - curve * x), 1023)
    }
    return min(value * sensitivity, 1023)
  }
}

/// First-order low-pass (Docs/signal-chain.md): `y += α (x − y)`, α = dt/(τ + dt).
public struct ReferenceFilter: Sendable {
  public let alpha: Double
  public private(set) var value: Double = 0

  public init(timeConstantMs: Int32, sampleRateHz: Int32) {
    alpha = 1000 / (Double(timeConstantMs) * Double(sampleRateHz) + 1000)
  }

  public mutating func step(_ sample: Double) -> Double {
    value += alpha * (sample - value)
    return value
  }
}

/// The transfer function (Docs/signal-chain.md), milli-items/s, exact linear segments.
public struct ReferenceTransfer: Sendable {
  public let rest: Double
  public let boost: Double
  public let normalMax: Double
  public let boostMin: Double
  public let boostMax: Double

  public init(_ p: Parameters) {
    rest = Double(p[.restThreshold])
    boost = Double(p[.boostThreshold])
    normalMax = Double(p[.speedNormalMax])
    boostMin = Double(p[.speedBoostMin])
    boostMax = Double(p[.speedBoostMax])
  }

  /// Slope of the normal segment, milli-items/s per count.
  public var normalSlope: Double { normalMax / (boost - rest) }
  /// Slope of the boosted segment, milli-items/s per count.
  public var boostSlope: Double { (boostMax - boostMin) / (1023 - boost) }

  /// Speed in milli-items/s at force `force`; `boosted` selects the boosted segment
  /// (also inside the hysteresis band just below the boost threshold).
  public func speed(force: Double, boosted: Bool) -> Double {
    if boosted {
      let clamped = min(max(force, boost), 1023)
      return boostMin + (clamped - boost) * boostSlope
    }
    if force <= rest { return 0 }
    return (min(force, boost) - rest) * normalSlope
  }
}
