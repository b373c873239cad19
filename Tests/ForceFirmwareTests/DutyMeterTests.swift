import Testing

@testable import ForceFirmware

/// The CPU duty the firmware reports: awake time over whole windows, worked out
/// when a window closes.
@Suite struct DutyMeterTests {
  @Test func nothingIsReportedBeforeAWindowCloses() {
    var meter = DutyMeter()
    meter.slept(from: 100, to: 900_000, window: 1_000_000)
    #expect(meter.duty == 0)
  }

  @Test func theAwakeShareOfAWindowIsInHundredthsOfAPercent() {
    // 200 frames of 5 000 ticks, awake 150 ticks of each: 3 %.
    var meter = DutyMeter()
    var now: UInt32 = 0
    for _ in 0..<200 {
      meter.slept(from: now + 150, to: now + 5_000, window: 1_000_000)
      #expect(meter.duty == 0 || now + 5_000 == 1_000_000)
      now += 5_000
    }
    #expect(meter.duty == 300)
    // The next window, awake 1 % and across the counter's wrap: the duty follows it.
    now = UInt32.max - 400_000
    var reported: [UInt16] = []
    for _ in 0..<400 {
      meter.slept(from: now &+ 50, to: now &+ 5_000, window: 1_000_000)
      now &+= 5_000
      reported.append(meter.duty)
    }
    #expect(reported.last == 100)
  }

  @Test func aCPUThatNeverSleptIsReportedFullyBusy() {
    var meter = DutyMeter()
    meter.slept(from: 2_000_000, to: 2_000_000, window: 1_000_000)
    #expect(meter.duty == 10_000)
  }
}
