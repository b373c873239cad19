/// Per-cell calibration (Docs/signal-chain.md): the offset and gain every frame applies,
/// reduced to integer constants when parameters change. The rarer linearization and
/// sensitivity are a `CellShape`, kept apart so the frame's constants stay small.
struct CellCalibration: Equatable {
  /// Reading at rest, subtracted first.
  var offset: Int32
  /// Gain in Q16 (1.0 = 65536).
  var gainQ16: Int32

  /// Derives the constants for one cell.
  /// - Parameters:
  ///   - offset: raw counts at rest.
  ///   - gain: thousandths (1000 = 1.0).
  init(offset: Int32, gain: Int32) {
    self.offset = offset
    self.gainQ16 = (gain * 65_536 + 500) / 1000  // gain ≤ 10 000: fits Int32
  }

  /// Offset and gain, clamped to 0...1023: all a cell needs at the defaults.
  @inline(always)
  func linear(_ raw: UInt16) -> Int32 {
    // |raw − offset| ≤ 1023 and gainQ16 ≤ 655 360: the product stays below 2^31.
    // Rounded as ((p >> 15) + 1) >> 1, which equals (p + 32 768) >> 16 for every p
    // (floor division composes) without the constant 32 768, a register on Thumb.
    let value = (((Int32(raw) &- offset) &* gainQ16) >> 15 &+ 1) >> 1
    return value < 0 ? 0 : (value > 1023 ? 1023 : value)
  }
}

/// A cell's FSR law, linearization and sensitivity, applied after
/// `CellCalibration.linear` (Docs/signal-chain.md): out of the frame's way at the
/// defaults (`EngineConfig.shapesCells`).
struct CellShape: Equatable {
  /// Sensitivity multiplier less 1.0, in Q16: 0 for normal.
  var sensitivityDeltaQ16: Int32
  /// Whether `curve` applies (a strength other than 0).
  var curved: Bool
  /// Whether the reading above the offset follows the FSR law (`fsr_law`, `FSRLaw`).
  var law: Bool
  /// Linearization knots at 0, 128, …, 1024 (clamped input); the identity when not `curved`.
  var curve: LinearizationCurve

  /// Derives the constants for one cell.
  /// - Parameters:
  ///   - curve: linearization strength in thousandths (0 = linear).
  ///   - sensitivity: the sensitivity setting.
  ///   - law: whether `fsr_law` is on.
  @inline(__always)  // into `EngineConfig.derive`: one frame less on the boot's deepest path
  init(curve: Int32, sensitivity: Sensitivity, law: Bool) {
    self.sensitivityDeltaQ16 = sensitivity.gainQ16 &- 65_536
    self.curved = curve != 0
    self.law = law
    self.curve = LinearizationCurve(strength: curve)
  }

  /// Whether `shape` changes anything: the FSR law, a curve, or a sensitivity other
  /// than normal.
  var shapes: Bool { law || curved || sensitivityDeltaQ16 != 0 }

  /// The FSR law, linearization and sensitivity applied to a `linear` reading
  /// (0...1023) of the cell calibrated by `cell`. Static and `inout`, so the knots are
  /// read where they are, not from a copy on the stack.
  @inline(always)
  static func shape(_ shape: inout CellShape, _ linear: Int32, _ cell: CellCalibration) -> Int32 {
    var value = linear
    if shape.law { value = fsrLawReading(value, offset: cell.offset, gainQ16: cell.gainQ16) }
    if shape.curved { value = LinearizationCurve.apply(&shape.curve, value) }
    let sensitivityDeltaQ16 = shape.sensitivityDeltaQ16
    if sensitivityDeltaQ16 != 0 {
      // (v·(65 536 + d) + 32 768) >> 16 = v + ((v·d + 32 768) >> 16): v·65 536 is whole.
      value = value &+ (((value &* sensitivityDeltaQ16) >> 15 &+ 1) >> 1)
      if value > 1023 { value = 1023 }
    }
    return value
  }
}

/// An FSR divider's output rises steeply at first and flattens near full scale.
/// This undoes that shape: with strength c (0…0.5), `y = x(1−c)/(1−c·x)` on the
/// unit interval, which is the inverse of the divider-like curve `x = y/(1−c+c·y)`.
/// Stored as 9 knots and interpolated, so there is no division per frame. The curve
/// bends harder as c grows; the `*_curve` range stops at 0.5, where 9 knots still
/// follow the exact curve closely (larger c would need more knots and more state).
struct LinearizationCurve: Equatable {
  var knots: (Int16, Int16, Int16, Int16, Int16, Int16, Int16, Int16, Int16)

  static func == (a: LinearizationCurve, b: LinearizationCurve) -> Bool {
    withUnsafeBytes(of: a.knots) { x in withUnsafeBytes(of: b.knots) { y in x.elementsEqual(y) } }
  }

  /// Builds the knots for strength `strength` thousandths (0…500).
  init(strength: Int32) {
    knots = (0, 0, 0, 0, 0, 0, 0, 0, 0)
    let c = strength
    withUnsafeMutableBytes(of: &knots) { raw in
      for index in 0...8 {
        // x = index/8; y = x(1−c)/(1−c x) in counts, with c in thousandths.
        let x = Int32(index) * 128  // counts on a 1024 scale
        let numerator = x * (1000 - c) * 1024  // ≤ 1.05e9: fits Int32
        let denominator = (1024 * 1000 - c * x)
        var y = (numerator + denominator / 2) / denominator
        if y > 1023 { y = 1023 }
        raw.storeBytes(of: Int16(y), toByteOffset: index * 2, as: Int16.self)
      }
    }
  }

  /// Interpolates `curve` at `value` (0...1023), reading its knots in place.
  @inline(always)
  static func apply(_ curve: inout LinearizationCurve, _ value: Int32) -> Int32 {
    let index = Int(value >> 7)
    let part = value & 127
    return withUnsafeBytes(of: &curve.knots) { raw in
      let low = Int32(raw.load(fromByteOffset: index &* 2, as: Int16.self))
      let high = Int32(raw.load(fromByteOffset: index &* 2 &+ 2, as: Int16.self))
      return low &+ (((high &- low) &* part &+ 64) >> 7)
    }
  }
}
