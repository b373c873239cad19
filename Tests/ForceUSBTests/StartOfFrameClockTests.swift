import ForceUSB
import Testing

/// `StartOfFrameClock`, which keeps bulk IN buffers out of the end of a frame
/// (RP2040-E15): when a stamp is trusted, and when a buffer may be armed.
struct StartOfFrameClockTests {
  /// SOFs of frames `first`, `first + 1`, … handled at `start`, `start + 1000`, … µs,
  /// each `late` µs after its frame began.
  static func clock(frames: Int, first: UInt16 = 0, start: UInt32 = 10_000, late: [UInt32] = []) -> StartOfFrameClock {
    var clock = StartOfFrameClock()
    for index in 0..<frames {
      let delay = index < late.count ? late[index] : 0
      clock.record(frame: (first &+ UInt16(index)) & 0x7FF, at: start &+ UInt32(index) * 1_000 &+ delay)
    }
    return clock
  }

  @Test func nothingIsArmedBeforeTwoFramesHaveBeenSeen() {
    #expect(!StartOfFrameClock().mayArm(at: 0))
    #expect(!Self.clock(frames: 1).mayArm(at: 10_001))
    #expect(Self.clock(frames: 2).mayArm(at: 11_001))
  }

  /// The window: armed up to `armLimit` µs after the SOF, never in the last 200 µs.
  @Test func buffersWaitInTheLastPartOfTheFrame() {
    let clock = Self.clock(frames: 3)  // the last SOF at 12 000 µs
    for offset: UInt32 in [0, 1, 400, StartOfFrameClock.armLimit - 1] {
      #expect(clock.mayArm(at: 12_000 + offset), "\(offset) µs after the SOF")
    }
    for offset: UInt32 in [StartOfFrameClock.armLimit, 800, 900, 999, 1_000, 5_000] {
      #expect(!clock.mayArm(at: 12_000 + offset), "\(offset) µs after the SOF")
    }
    #expect(StartOfFrameClock.armLimit <= 800)
  }

  /// A stamp taken late (interrupts masked through a flash erase) is not trusted, nor
  /// is the prompt one after it, which looks early against it; the third is.
  @Test func aLateStampIsNotTrusted() {
    let clock = Self.clock(frames: 3, late: [0, 0, 500])
    #expect(!clock.mayArm(at: 12_500))  // 500 µs after the stamp, 1000 after the real SOF
    var next = clock
    next.record(frame: 3, at: 13_000)
    #expect(!next.mayArm(at: 13_001))
    next.record(frame: 4, at: 14_000)
    #expect(next.mayArm(at: 14_001))
    // Within the tolerance, small latencies (another handler first) do not matter.
    let jittery = Self.clock(frames: 3, late: [0, StartOfFrameClock.tolerance, 2])
    #expect(jittery.mayArm(at: 12_010))
  }

  /// Frames missed while the line was masked still count, up to four; the frame
  /// number and the microsecond counter may both wrap.
  @Test func missedFramesAndWrapsKeepTheClock() {
    var clock = Self.clock(frames: 2, first: 0x7FE, start: UInt32.max - 1_500)
    #expect(clock.mayArm(at: UInt32.max - 400))
    clock.record(frame: 0x002, at: UInt32.max &- 500 &+ 3_000)  // three frames later, both wrapped
    #expect(clock.mayArm(at: UInt32.max &- 500 &+ 3_100))
    clock.record(frame: 0x007, at: UInt32.max &- 500 &+ 8_000)  // five: too long to trust
    #expect(!clock.mayArm(at: UInt32.max &- 500 &+ 8_001))
  }

  @Test func aBusResetForgetsTheStamps() {
    var clock = Self.clock(frames: 3)
    clock.forget()
    #expect(!clock.mayArm(at: 12_001))
    clock.record(frame: 3, at: 13_000)
    #expect(!clock.mayArm(at: 13_001))
    clock.record(frame: 4, at: 14_000)
    #expect(clock.mayArm(at: 14_001))
  }
}
