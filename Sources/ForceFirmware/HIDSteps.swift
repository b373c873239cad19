import ForceEngine

/// The picker's value steps turned into HID reports (`hid_mode`, Docs/usb.md).
///
/// The frame loop records each frame's events (`frame`); the super-loop hands one
/// report at a time to the board whenever the host has taken the last (`pump`), so
/// a host that polls slowly gets every step late, not fewer of them. Steps wait as
/// runs of one direction (up to 127 steps each) and commits, in order, in a ring of
/// `capacity` entries. A step joins the last run when it goes the same way;
/// otherwise it takes an entry, and is lost (counted in `lost`) when all are taken:
/// the host must have missed `capacity` direction changes and commits. A key
/// or volume button pressed goes up in the very next report; after a sensor fault,
/// a suspend of the bus and before a reboot into the bootloader, an explicit
/// all-released report goes out, so nothing sticks whatever the host missed.
public struct HIDSteps: HIDStepQueue {
  /// Entries of the ring: runs of steps and commits not yet reported.
  static let capacity = 16
  /// A commit in the ring (a run is 1...127 or -127...-1).
  static let commitMark: Int8 = .min

  var mode = HIDMode.off
  var keyUp: UInt8 = 0
  var keyDown: UInt8 = 0
  var keyCommit: UInt8 = 0
  var wraps = false
  var rangeMin: Int32 = 0
  /// Items in the range (range_max - range_min + 1).
  var items: Int32 = 1
  /// The axis per item, in 1/32 768 of the axis: no division per frame.
  var axisScale: UInt32 = 0

  var ring = InlineArray<16, Int8>(repeating: 0)
  var head = 0
  var count = 0
  /// The report that releases what the last one pressed (or all-released after a
  /// fault or before a reboot), sent before anything else.
  var release: HIDInput?
  /// The axis report waiting, when the value moved since the last one went out.
  var axis: HIDInput?
  /// The value the last frame showed; nil until a frame after a restart.
  var last: Int32?
  /// The wheel's position in eighths of an item (its resolution multiplier's units),
  /// as of the last frame, and as far as the wheel reports have taken the host.
  var wheelEighths: Int32 = 0
  var wheelReported: Int32 = 0
  /// The port's suspends of the bus answered so far (`HIDPort.hidSuspends`).
  var suspendsSeen: UInt32 = 0
  /// The host had the wheel's resolution multiplier on at the last `pump`.
  var highResolution = false
  /// Steps dropped because the ring was full.
  public private(set) var lost: UInt32 = 0

  /// Nothing waiting, the mode off.
  public init() {}

  /// Nothing waiting to go out (on a high-resolution wheel, the position reported).
  public var idle: Bool {
    release == nil && axis == nil && count == 0 && !(mode == .wheel && highResolution && eighthsWaiting != 0)
  }

  /// The wheel wants the position: its high-resolution reports follow it.
  public var wantsPosition: Bool { mode == .wheel }

  /// Eighths the high-resolution wheel has not reported yet (a move across the end of
  /// a wrapping range folded as a step is).
  var eighthsWaiting: Int32 { folded(wheelEighths &- wheelReported, items: items &* 8) }

  /// Takes the mode and keys from `parameters`. A new mode forgets what waits (a key
  /// pressed is still released); the next frame is taken as the value's start.
  /// Out of line: inlined into `boot`, it kept a copy of the parameters on the
  /// deepest stack path.
  @inline(never)
  public mutating func configure(_ parameters: Parameters) {
    let newMode = parameters.hidMode
    if newMode != mode {
      count = 0
      axis = nil
      last = nil
    }
    mode = newMode
    keyUp = UInt8(truncatingIfNeeded: parameters[.hidKeyUp])
    keyDown = UInt8(truncatingIfNeeded: parameters[.hidKeyDown])
    keyCommit = UInt8(truncatingIfNeeded: parameters[.hidKeyCommit])
    wraps = parameters[.wrap] != 0
    rangeMin = parameters[.rangeMin]
    let span = UInt32(bitPattern: parameters[.rangeMax] &- rangeMin)
    items = Int32(bitPattern: span) &+ 1
    // ceil(32 767 · 2^15 / span): (value − min) · scale >> 15 reaches 32 767 at range_max.
    axisScale = span == 0 ? 0 : (32767 << 15 &+ span &- 1) / span
  }

  /// The engine restarted: its value jumps to the start without a step.
  public mutating func restart() { last = nil }

  /// Records one engine frame: its value steps, its commit and its fault, and for the
  /// wheel its position (`positionMilli`, thousandths of an item).
  public mutating func frame(_ output: FrameOutput, positionMilli: Int32) {
    guard mode != .off else { return }
    let value = output.value
    let events = output.events
    if mode == .wheel {
      // Eighths: the item's, plus ⌊offset / 125⌋ for the offset in thousandths,
      // -500...500: ⌊(offset + 500) · 8389 / 2^20⌋ − 4 is that quotient for all of them.
      let offset = positionMilli &- value &* 1000
      wheelEighths = value &* 8 &+ (((offset &+ 500) &* 8389) >> 20) &- 4
      if last == nil { wheelReported = wheelEighths }
    }
    if let last, events.contains(.value) && value != last {
      if mode == .axis {
        axis = .axis(axisPosition(value))
      } else {
        steps(folded(value &- last, items: items))
      }
    } else if last == nil && mode == .axis {
      axis = .axis(axisPosition(value))
    }
    last = value
    if events.contains(.commit) && mode == .keyboard && keyCommit != 0 { push(HIDSteps.commitMark) }
    if events.contains(.fault) { releaseAll() }
  }

  /// Asks for the all-released report of the mode's buttons (keyboard, consumer).
  public mutating func releaseAll() {
    switch mode {
    case .keyboard: release = .key(0)
    case .consumer: release = .consumer(0)
    case .off, .wheel, .axis: break
    }
  }

  /// Hands the next report to `port`; at most one a call. After a suspend of the bus
  /// the all-released report comes first (it leaves once the host resumes).
  public mutating func pump<P: HIDPort>(_ port: inout P) {
    let suspends = port.hidSuspends
    if suspends != suspendsSeen {
      suspendsSeen = suspends
      releaseAll()
    }
    if let report = release {
      if port.sendHID(report) { release = nil }
      return
    }
    highResolution = port.wheelUnitsPerDetent > 1
    if mode == .wheel && highResolution {
      pumpHighResolutionWheel(&port)
      return
    }
    if let report = axis {
      if port.sendHID(report) { axis = nil }
      return
    }
    guard count > 0 else { return }
    let entry = ring[head]
    let report: HIDInput
    var taken: Int8 = entry > 0 ? 1 : -1
    switch mode {
    case .keyboard:
      report = .key(entry == HIDSteps.commitMark ? keyCommit : entry > 0 ? keyUp : keyDown)
    case .consumer:
      report = .consumer(entry > 0 ? 1 : 2)
    case .wheel:
      report = .wheel(entry)
      taken = entry
    case .off, .axis:
      count = 0
      return
    }
    guard port.sendHID(report) else { return }
    if mode != .wheel { release = mode == .keyboard ? .key(0) : .consumer(0) }
    if mode == .wheel { wheelReported = wheelEighths }  // the whole detents stand for the position
    if entry == HIDSteps.commitMark || entry == taken {
      head = head == HIDSteps.capacity &- 1 ? 0 : head &+ 1
      count &-= 1
    } else {
      ring[head] = entry &- taken
    }
  }

  /// The wheel with the host's resolution multiplier on (8 units a detent): it
  /// follows the position in eighths of an item, so force-driven scrolling moves
  /// smoothly between the steps; the runs of whole steps are not needed.
  mutating func pumpHighResolutionWheel<P: HIDPort>(_ port: inout P) {
    count = 0
    let waiting = eighthsWaiting
    guard waiting != 0 else { return }
    let units = Int8(waiting > 0 ? Swift.min(waiting, 127) : Swift.max(waiting, -127))
    if port.sendHID(.wheel(units)) { wheelReported = wheelEighths &- (waiting &- Int32(units)) }
  }

  /// A count folded into the range when it wraps: a move from the top to the bottom
  /// is one step up, not a run down the whole range (`items` steps around it).
  func folded(_ delta: Int32, items: Int32) -> Int32 {
    guard wraps else { return delta }
    let half = items >> 1
    if delta > half { return delta &- items }
    if delta < 0 &- half { return delta &+ items }
    return delta
  }

  /// The axis position of `value`, 0...32 767.
  func axisPosition(_ value: Int32) -> UInt16 {
    let offset = UInt32(bitPattern: value &- rangeMin)
    return UInt16(Swift.min(32767, (offset &* axisScale) >> 15))
  }

  /// Queues `delta` steps (positive: up), joining the run at the tail when it goes the same way.
  mutating func steps(_ delta: Int32) {
    var remaining = delta
    while remaining != 0 {
      let chunk = Int8(remaining > 0 ? Swift.min(remaining, 127) : Swift.max(remaining, -127))
      if count > 0 {
        var tail = head &+ count &- 1
        if tail >= HIDSteps.capacity { tail &-= HIDSteps.capacity }
        let run = ring[tail]
        if run != HIDSteps.commitMark && (run > 0) == (chunk > 0) && abs(Int32(run) &+ Int32(chunk)) <= 127 {
          ring[tail] = run &+ chunk
          remaining &-= Int32(chunk)
          continue
        }
      }
      guard push(chunk) else {
        lost &+= UInt32(remaining.magnitude)
        return
      }
      remaining &-= Int32(chunk)
    }
  }

  /// Appends an entry; false when the ring is full.
  @discardableResult
  mutating func push(_ entry: Int8) -> Bool {
    guard count < HIDSteps.capacity else { return false }
    var tail = head &+ count
    if tail >= HIDSteps.capacity { tail &-= HIDSteps.capacity }
    ring[tail] = entry
    count &+= 1
    return true
  }
}
