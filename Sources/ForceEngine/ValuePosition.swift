/// The continuous position (Docs/value-model.md), kept exactly in integers.
///
/// The position is `value + fraction / unitsPerItem`, with `unitsPerItem = 1000 ×
/// sample_rate_hz` and `fraction` in `−unitsPerItem/2 ..< unitsPerItem/2`. A speed in
/// milli-items per second then adds to `fraction` as it is, once per frame: no
/// rounding, no drift, no division. `value` is always the shown (rounded) value.
struct ValuePosition: Equatable {
  /// The shown value.
  var value: Int32
  /// Offset from `value`, in 1/`unitsPerItem` items.
  var fraction: Int32

  /// A position exactly on `value`.
  init(value: Int32, fraction: Int32 = 0) {
    self.value = value
    self.fraction = fraction
  }
}

/// The range and the arithmetic on positions inside it.
struct ValueRange: Equatable {
  /// Smallest value.
  let min: Int32
  /// Largest value.
  let max: Int32
  /// Wrap around instead of clamping.
  let wraps: Bool
  /// Position units per item.
  let unitsPerItem: Int32
  let half: Int32

  /// A range with its unit.
  init(min: Int32, max: Int32, wraps: Bool, unitsPerItem: Int32) {
    self.min = min
    self.max = max
    self.wraps = wraps
    self.unitsPerItem = unitsPerItem
    self.half = unitsPerItem / 2
  }

  /// Moves `position` by `delta` units (positive is up), then clamps or wraps.
  @inline(always)
  func move(_ position: inout ValuePosition, by delta: Int32) {
    var fraction = position.fraction &+ delta
    var value = position.value
    // Most frames stay within the item, strictly inside the range: only the fraction
    // changes. −half ≤ fraction < half, as one unsigned compare.
    if UInt32(bitPattern: fraction &+ half) < UInt32(bitPattern: half &+ half), value > min, value < max {
      position.fraction = fraction
      return
    }
    while fraction >= half {
      fraction &-= unitsPerItem
      value &+= 1
    }
    while fraction < -half {
      fraction &+= unitsPerItem
      value &-= 1
    }
    if wraps {
      let span = max &- min &+ 1
      while value > max { value &-= span }
      while value < min { value &+= span }
    } else if value > max || (value == max && fraction > 0) {
      value = max
      fraction = 0
    } else if value < min || (value == min && fraction < 0) {
      value = min
      fraction = 0
    }
    position = ValuePosition(value: value, fraction: fraction)
  }

  /// `position` brought inside the range (after the range changed).
  func clamp(_ position: ValuePosition) -> ValuePosition {
    if position.value > max { return ValuePosition(value: max) }
    if position.value < min { return ValuePosition(value: min) }
    return position
  }

  /// One whole step from `value` in `direction`, clamped or wrapped.
  @inline(always)
  func step(from value: Int32, _ direction: Direction) -> Int32 {
    if direction == .up {
      if value < max { return value &+ 1 }
      return wraps ? min : max
    }
    if value > min { return value &- 1 }
    return wraps ? max : min
  }
}
