import ForceCtlKit
import ForceTestSupport
import ForceTrace
import Foundation
import Testing

/// `plot` keeps what a figure can show, in bounded memory, however long the trace.
@Suite struct BoundedPlotTests {
  /// Output CSV rows: a slow ramp with one single-frame spike, a commit now and then.
  func rows(_ count: Int, spikeAt spike: Int) -> [String] {
    (0..<count).map { index in
      let force = index == spike ? 1023 : 100 + index % 200
      let events = index % 50_000 == 49_999 ? "commit:\(index / 1000)" : ""
      return "\(index % 65536),0,0,\(force),moving,up,0.000,\(index / 1000),\(events)"
    }
  }

  @Test func aMillionSamplesStayBoundedAndKeepTheSpike() {
    var data = PlotData()
    let spike = 777_777
    for (index, row) in rows(1_000_000, spikeAt: spike).enumerated() {
      let fields = row.split(separator: ",", omittingEmptySubsequences: false)
      data.append(seconds: Double(index) / 200, force: Int(fields[3])!, value: Int(fields[7])!, events: fields[8])
    }
    #expect(data.force.count <= 16_384 + 6 * 2_048)
    #expect(data.force.max() == 1023, "the one-frame spike survives thinning")
    #expect(data.force.min() == 100)
    #expect(data.seconds == data.seconds.sorted())
    #expect(data.marks.count == 20 && data.marks.allSatisfy { $0.token.hasPrefix("commit:") })
    #expect(data.value.last == 999)
  }

  @Test func theCommandWritesASmallFigureFromALongCSV() throws {
    let directory = TestScratch.directory("plot").path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let input = directory + "/long.csv"
    let text = OutputCSV.header + "\r\n" + rows(200_000, spikeAt: 123_456).joined(separator: "\r\n") + "\r\n"
    try text.write(toFile: input, atomically: false, encoding: .utf8)
    let output = directory + "/fig.svg"
    var command = try ForceCtl.parseAsRoot(["plot", "--input", input, "--output", output])
    try command.run()
    let svg = try String(contentsOfFile: output, encoding: .utf8)
    #expect(svg.utf8.count < 200_000, "\(svg.utf8.count) bytes")
    // The spike's top (force 1023 is y = 48.0) is drawn.
    #expect(svg.contains(",48.0 "))
  }
}
