import ForceEngine
import Foundation
import Testing

@testable import ForceTrace

@Suite struct GestureScriptTests {
  @Test func rampsHoldsAndReleaseSampleAtTheFrameTimes() throws {
    let script = try GestureScript.parse(
      """
      # a light press
      rate 200
      hold 0 0 for 20ms
      ramp to 200 100 over 100ms
      hold for 50ms
      release over 40ms
      """)
    #expect(script.sampleRateHz == 200)
    #expect(script.durationMs == 210)
    let frames = script.frames()
    #expect(frames.count == 43)  // t = 0, 5, …, 210
    #expect(frames.first == RawFrame(left: 0, right: 0, timeMs: 0))
    #expect(frames[4 + 10] == RawFrame(left: 100, right: 50, timeMs: 70))  // halfway up the ramp
    #expect(frames[24] == RawFrame(left: 200, right: 100, timeMs: 120))
    #expect(frames.last == RawFrame(left: 0, right: 0, timeMs: 210))
  }

  @Test func rateCanBeOverridden() throws {
    let script = try GestureScript.parse("hold 10 10 for 100ms")
    #expect(script.frames().count == 21)
    #expect(script.frames(sampleRateHz: 1000).count == 101)
    #expect(script.frames(sampleRateHz: 100).map(\.timeMs) == stride(from: 0, through: 100, by: 10).map { $0 })
  }

  @Test func rollByKeepsTheTotalAndShiftsTheBalance() throws {
    let script = try GestureScript.parse("hold 250 250 for 10ms\nroll by -400 over 100ms")
    let last = script.frames().last!
    #expect(last == RawFrame(left: 350, right: 150, timeMs: 110))
    // Eased: a quarter of the way in time is less than a quarter of the way in balance.
    let quarter = script.frames()[2 + 5]
    #expect(quarter.left > 250 && quarter.left < 275)
    #expect(Int(quarter.left) + Int(quarter.right) == 500)
  }

  @Test func pulseReturnsToItsBaseAndPressThroughGoesPastFullScale() throws {
    let pulse = try GestureScript.parse("hold 60 60 for 50ms\npulse peak 350 350 rise 30ms fall 30ms hold 10ms")
    let frames = pulse.frames()
    #expect(frames.map(\.left).max() == 350)
    #expect(frames.last == RawFrame(left: 60, right: 60, timeMs: 120))
    let press = try GestureScript.parse("hold 100 100 for 10ms\npress-through rise 80ms hold 100ms")
    #expect(press.frames().last == RawFrame(left: 600, right: 600, timeMs: 190))
  }

  @Test func repeatExpandsBlocks() throws {
    let script = try GestureScript.parse(
      """
      repeat 3
        hold 0 0 for 100ms
        repeat 2
          pulse peak 600 600 rise 20ms fall 20ms
        end
      end
      """)
    #expect(script.segments.count == 3 * (1 + 2 * 2))
    #expect(script.durationMs == 3 * (100 + 2 * 40))
  }

  @Test func noiseIsSeededRidesOnForceAndCanBeSwitchedOff() throws {
    let text = "noise 5 seed 7\nhold 0 0 for 50ms\nhold 300 300 for 200ms\nnoise off\nhold for 50ms"
    let a = try GestureScript.parse(text).frames()
    let b = try GestureScript.parse(text).frames()
    #expect(a == b)
    #expect(a.prefix(10).allSatisfy { $0.left == 0 && $0.right == 0 })  // an untouched cell reads 0
    let pressed = a[11..<50]
    #expect(pressed.contains { $0.left != 300 })
    #expect(pressed.allSatisfy { abs(Int($0.left) - 300) < 40 })
    #expect(a.suffix(10).allSatisfy { $0.left == 300 && $0.right == 300 })
    let other = try GestureScript.parse(text.replacingOccurrences(of: "seed 7", with: "seed 8")).frames()
    #expect(other != a)
  }

  @Test func csvHasTimeLeftRightAndRunsThroughTheEngine() throws {
    let script = try GestureScript.parse(
      "hold 0 0 for 10ms\nramp to 300 300 over 200ms\nhold for 300ms\nrelease over 30ms\nhold 0 0 for 50ms")
    let csv = script.csv()
    #expect(csv.hasPrefix("t_ms,left,right\n0,0,0\n5,0,0\n"))
    let frames = try InputTrace.parse(csv)
    #expect(frames == script.frames())
    let outputs = Simulation(parameters: .defaults).outputs(for: frames)
    #expect(outputs.contains { $0.events.contains(.touchDown) })
    #expect(outputs.filter { $0.events.contains(.commit) }.count == 1)
  }

  /// Pulled columns as soon as one frame has them; a frame without them gets its plain
  /// readings there, so every row has the header's fields and reads back the same.
  @Test func pulledColumnsWhenAnyFrameHasThem() throws {
    let frames = [
      RawFrame(left: 10, right: 20, timeMs: 0),
      RawFrame(left: 11, right: 21, timeMs: 5, pulled: PulledReadings(left: 900, right: 300)),
    ]
    let csv = GestureScript.csv(frames)
    #expect(csv == "t_ms,left,right,left_pulled,right_pulled\n0,10,20,10,20\n5,11,21,900,300\n")
    let read = try InputTrace.parse(csv)
    #expect(read.map(\.pulled) == [PulledReadings(left: 10, right: 20), PulledReadings(left: 900, right: 300)])
    let plain = frames.map { RawFrame(left: $0.left, right: $0.right, timeMs: $0.timeMs) }
    #expect(GestureScript.csv(plain).hasPrefix("t_ms,left,right\n0,10,20\n"))
  }

  @Test(arguments: [
    ("hold 0 0 for 10ms\nramp 100 100 over 10ms", 2, 6, "expected 'to', found '100'"),
    ("hold 0 0 for 10", 1, 14, "duration '10' needs a unit: ms or s (say 100ms)"),
    ("\n\nhold 0 2000 for 10ms", 3, 8, "right: 2000 is outside 0...1023"),
    ("hold 0 0 for 10ms\nsqueeze 5", 2, 1, "unknown command 'squeeze'"),
    ("repeat 2\nhold 0 0 for 10ms", 1, 0, "'repeat' without a matching 'end'"),
    ("hold 0 0 for 10ms\nend", 2, 0, "'end' without 'repeat'"),
    ("hold 0 0 for 10ms\nrate 100", 2, 0, "'rate' must come before the first gesture"),
    ("pulse peak 500 500 rise 10ms", 1, 0, "expected 'pulse peak L R rise D fall D [hold D]'"),
    ("release over 10ms extra", 1, 19, "unexpected 'extra' at the end of the line"),
    ("noise 5 seed x", 1, 14, "seed: 'x' is not a whole number"),
    ("hold 0 0 for 5ms\u{7}", 1, 14, "duration '5ms\\u{07}' needs a unit"),
  ])
  func errorsNameTheLine(text: String, line: Int, column: Int, message: String) {
    #expect {
      _ = try GestureScript.parse(text)
    } throws: { error in
      guard let error = error as? GestureError else { return false }
      let place = column > 0 ? "line \(line), column \(column): " : "line \(line): "
      return error.line == line && error.column == column && error.message.hasPrefix(message)
        && error.description.hasPrefix(place)
    }
  }
}
