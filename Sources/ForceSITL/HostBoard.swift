import ForceFirmware
import ForceHostFlash
import ForceTrace
import Glibc

/// The `Board` of the host build (SITL, after Betaflight's): the UART is a TCP
/// socket, flash is a file with NVMC semantics, the frame timer is the monotonic
/// clock, and samples come by injection or from a scripted trace.
struct HostBoard: Board {
  var name: StaticString { "sitl" }

  private var server: TCPServer
  private var flash: FileFlash
  /// The trace's frames: each cell's reading, and with the pull-ups on.
  private var script: [RawFrame]
  private var pullUps = false
  private var scriptIndex = 0
  private var passEnded = false
  private var framePeriodNs: UInt64 = 5_000_000
  private var nextFrameNs: UInt64 = 0
  private(set) var image: UInt32 = 0
  /// Live cells: a file another program rewrites with `LEFT,RIGHT`, read every frame.
  private var liveCells: LiveCells?

  /// `baud`: the UART's line rate (`TCPServer`), nil for none; `cellsPath`: the live
  /// cells' file (`--cells`), nil for none.
  init(
    port: UInt16, flashPath: String, script: [RawFrame], baud: UInt32? = nil, cellsPath: String? = nil
  ) throws(HostError) {
    liveCells = cellsPath.map(LiveCells.init)
    server = try TCPServer(port: port, baud: baud)
    do throws(FileFlashError) {
      flash = try FileFlash(path: flashPath, pageSize: 1024, pageCount: 2)
    } catch {
      throw HostError(error.description)
    }
    self.script = script
  }

  // MARK: Serial port (a TCP socket)

  mutating func serialRead() -> UInt8? { server.read() }
  mutating func serialWrite(_ byte: UInt8) -> Bool { server.write(byte) }
  /// TCP loses nothing and has no framing: always 0.
  var serialErrors: UInt32 { 0 }

  // MARK: ADC: a scripted trace or live cells when given, else none (samples are injected).

  var hasADC: Bool { !script.isEmpty || liveCells != nil }

  /// The frame's readings: the trace's pulled ones while the pull-ups are on; the
  /// live cells' (the pull-ups read as connected pins: the same).
  mutating func readCells() -> (left: UInt16, right: UInt16) {
    if script.isEmpty, liveCells != nil { return liveCells!.read() }
    let sample = script[scriptIndex]
    scriptIndex = scriptIndex + 1 == script.count ? 0 : scriptIndex + 1
    if scriptIndex == 0 { passEnded = true }
    return sample.readings(pullUps: pullUps)
  }

  mutating func setCellPullUps(_ on: Bool) { pullUps = on }

  /// Whether the frame just read was the last of a pass of the trace (reading clears it).
  mutating func takePassEnded() -> Bool {
    defer { passEnded = false }
    return passEnded
  }

  // MARK: Timing

  mutating func startFrameTimer(hz: UInt32) {
    framePeriodNs = 1_000_000_000 / UInt64(hz)
    nextFrameNs = HostBoard.nowNs() + framePeriodNs
  }

  /// True once per period. When nothing is due and nothing was received, waits on
  /// the socket for up to the time left (at most 1 ms) so the host CPU stays idle.
  mutating func frameDue() -> Bool {
    let now = HostBoard.nowNs()
    if now >= nextFrameNs {
      nextFrameNs += framePeriodNs
      if nextFrameNs < now { nextFrameNs = now + framePeriodNs }  // never burst to catch up
      return true
    }
    server.flush()
    server.wait(maxNs: min(nextFrameNs - now, 1_000_000))
    return false
  }

  /// Nanoseconds of the monotonic clock: an engine frame on a PC takes a few hundred,
  /// so a coarser counter would time most frames as zero.
  mutating func ticks() -> UInt32 { UInt32(truncatingIfNeeded: HostBoard.nowNs()) }
  var tickHz: UInt32 { 1_000_000_000 }

  static func nowNs() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
  }

  // MARK: Flash

  var flashPageSize: Int { flash.flashPageSize }
  var flashPageCount: Int { flash.flashPageCount }
  func flashRead(page: Int, offset: Int, into buffer: UnsafeMutableRawBufferPointer) {
    flash.flashRead(page: page, offset: offset, into: buffer)
  }
  mutating func flashErase(page: Int) throws(FlashError) { try flash.flashErase(page: page) }
  mutating func flashWrite(page: Int, offset: Int, words: UnsafeRawBufferPointer) throws(FlashError) {
    try flash.flashWrite(page: page, offset: offset, words: words)
  }

  // MARK: LEDs, watchdog, reset

  mutating func showLEDs(_ image: UInt32) { self.image = image }
  mutating func refreshLEDs() {}
  mutating func startWatchdog(timeoutMs: UInt32) {}
  mutating func feedWatchdog() {}
  var resetReason: ResetReason { .powerOn }
}

/// A failure starting the host build.
struct HostError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
