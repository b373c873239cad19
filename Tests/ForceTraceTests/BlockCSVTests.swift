import ForceEngine
import ForceHostCore
import ForceProtocol
import ForceTestSupport
import Foundation
import Testing

@testable import ForceTrace

/// The block reader and writer (`LineReader.nextBytes`, `InputCSVParser.feedLine`,
/// `OutputFile`'s block) read and write what the byte-at-a-time ones do: the same
/// frames, the same errors at the same line and column, the same bytes.
@Suite struct BlockCSVTests {
  /// The test process's scratch directory (`TestScratch`), removed at exit.
  static let directory: String = TestScratch.directory("block-csv").path

  /// Lines as `LineSplitter` ends them; a last line without a line end when it has bytes.
  struct Lines: LineHandler {
    typealias Failure = Never
    var all: [[UInt8]] = []
    var current: [UInt8] = []
    mutating func content(_ byte: UInt8) { current.append(byte) }
    mutating func lineEnd() {
      all.append(current)
      current = []
    }
  }

  static func describe(_ frame: RawFrame) -> String {
    "\(frame.left)/\(frame.right)/\(frame.timeMs.map(String.init) ?? "-")"
      + (frame.pulled.map { "/\($0.left)/\($0.right)" } ?? "")
  }

  /// What reading the file line by line and feeding each line's bytes one at a time
  /// (the streamed read before the block reader) gives: frames, or the error.
  static func byteAtATime(_ bytes: [UInt8], path: String) -> String {
    var splitter = LineSplitter()
    var lines = Lines()
    for byte in bytes { splitter.feed(byte, to: &lines) }
    splitter.finish(to: &lines)
    if !lines.current.isEmpty { lines.all.append(lines.current) }
    var parser = InputCSVParser()
    var frames: [String] = []
    do {
      for (index, line) in lines.all.enumerated() {
        try TextInput.checkText(line, path: path, line: index + 1)
        for byte in line + [0x0A] {
          if let frame = try InputTrace.traced({ () throws(InputCSVError) in try parser.feed(byte) }) {
            frames.append(describe(RawFrame(frame)))
          }
        }
      }
      if let frame = try InputTrace.traced({ () throws(InputCSVError) in try parser.finish() }) {
        frames.append(describe(RawFrame(frame)))
      }
    } catch {
      return "error: \(error)"
    }
    return frames.joined(separator: " ")
  }

  static func streamed(path: String, blockSize: Int) -> String {
    var frames: [String] = []
    do {
      let stream = try InputTraceStream(path, blockSize: blockSize)
      while let frame = try stream.next() { frames.append(describe(frame)) }
    } catch {
      return "error: \(error)"
    }
    return frames.joined(separator: " ")
  }

  /// A CSV-like input: headers, plain rows, and now and then what a plain row is not.
  static func generated(_ random: inout SplitMix64) -> [UInt8] {
    func pick<T>(_ options: [T]) -> T { options[Int(random.next() % UInt64(options.count))] }
    let header = pick([
      "left,right", "t_ms,left,right", "right, left ,note", "left,right,left_pulled,right_pulled", "LEFT,Right",
      "left,right,t_ms", "a,b", "left,left,right", "",
    ])
    let columns = header.split(separator: ",", omittingEmptySubsequences: false).count
    var text = Array((random.next() % 8 == 0 ? "\u{FEFF}" : "").utf8) + Array(header.utf8)
    var time = 0
    let rows = Int(random.next() % 12)
    for _ in 0..<rows {
      text += Array(pick(["\n", "\n", "\n", "\r\n", "\r", "\n\n", "\r\n\r\n"]).utf8)
      var fields: [String] = []
      let count = random.next() % 10 == 0 ? max(0, columns + pick([-1, 1])) : columns
      for column in 0..<count {
        time += Int(random.next() % 5)
        let plain =
          header.hasPrefix("t_ms") && column == 0
          ? String(time - (random.next() % 9 == 0 ? 7 : 0)) : String(random.next() % 1100)
        fields.append(
          random.next() % 6 != 0
            ? plain
            : pick([
              "", " 12", "12 ", "+5", "-3", "x", "1 2", "007", "é", "1023", "1024", "999999999999999999",
              "1000000000000000000", "99999999999999999999", "\t4",
            ]))
      }
      text += Array(fields.joined(separator: ",").utf8)
      if random.next() % 40 == 0 { text += [pick([0x00, 0xFF, 0xC3, 0xEF])] }
    }
    if random.next() % 2 == 0 { text += Array(pick(["\n", "\r\n", "\r"]).utf8) }
    return text
  }

  @Test func theBlockReaderReadsAsTheByteReaderDidAtAnyBlockSize() throws {
    var random = SplitMix64(seed: 30)
    let path = Self.directory + "/generated.csv"
    var read = 0
    var refusals: Set<String> = []
    for _ in 0..<600 {
      let bytes = Self.generated(&random)
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      let expected = Self.byteAtATime(bytes, path: path)
      if !expected.hasPrefix("error: ") { read += 1 }
      for words in [
        "time must not go backwards", "is outside 0...1023", "is not a whole number", "fields, found",
        "is not UTF-8 text", "NUL byte",
      ] where expected.contains(words) {
        refusals.insert(words)
      }
      for blockSize in [1, 2, 3, 5, 8, 13, 1 << 16] {
        let got = Self.streamed(path: path, blockSize: blockSize)
        #expect(got == expected, "block \(blockSize): \(String(decoding: bytes, as: UTF8.self).debugDescription)")
        if got != expected { return }
      }
    }
    // The inputs reach both the rows read straight from the block and every refusal.
    #expect(read > 25, "\(read) inputs read whole")
    #expect(refusals.count == 6, "\(refusals)")
  }

  @Test func linesAndTheMarkAcrossBlocks() throws {
    let path = Self.directory + "/lines.txt"
    let cases: [([UInt8], [String])] = [
      ([0xEF, 0xBB, 0xBF], []),
      ([0xEF, 0xBB, 0xBF, 0x0A], [""]),
      ([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF, 0x61], ["\u{FEFF}a"]),
      (Array("a\r\r\nb\n\rc\r".utf8), ["a", "", "b", "", "c"]),
      (Array("\r\n\r\n".utf8), ["", ""]),
      (Array("abc".utf8), ["abc"]),
    ]
    for (bytes, lines) in cases {
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      for blockSize in [1, 2, 3, 4, 1 << 16] {
        let reader = try LineReader(path, blockSize: blockSize)
        var read: [String] = []
        while let line = try reader.next() { read.append(line) }
        #expect(read == lines, "\(bytes) in blocks of \(blockSize)")
        #expect(reader.lineNumber == lines.count)
        #expect(reader.bytesRead == bytes.count)
      }
    }
  }

  @Test func asciiLinesSplitFromTheirBytesAsByCharacters() {
    var random = SplitMix64(seed: 11)
    let pieces = ["", " ", "\t", ",", "1", "42", "force", "x y", "-3", "commit:8;release"]
    for _ in 0..<3000 {
      let line = (0..<Int(random.next() % 9)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
      let bytes = CSVFields(line)
      let characters = CSVFields(characters: line)
      #expect(bytes.texts == characters.texts && bytes.columns == characters.columns, "\(line.debugDescription)")
    }
    // Not ASCII: by characters (a column counts characters, not bytes).
    #expect(CSVFields("é, x").columns == [1, 4])
  }

  @Test func wholeNumbersAreWrittenAsSwiftWritesThem() {
    var random = SplitMix64(seed: 7)
    var numbers: [Int64] = [0, 9, 10, 99_999_999, 100_000_000, 1_000_000_007, 10_000_000_000_000_000, .max, .min, -1]
    for _ in 0..<2000 { numbers.append(Int64(bitPattern: random.next()) >> (random.next() % 64)) }
    for number in numbers {
      var text = TextBuffer()
      text.write(number)
      #expect(text.string == String(number))
    }
  }

  @Test func rowsWrittenInBlocksAreTheRowsAsText() throws {
    let frames = (0..<40_000).map { index in
      RawFrame(left: UInt16(index % 400 < 200 ? 300 : 0), right: UInt16(index % 370 < 150 ? 280 : 0))
    }
    let simulation = Simulation(parameters: .defaults)
    let (readings, outputs) = simulation.run(frames)
    let unitsPerItem = ForceEngine(parameters: .defaults).unitsPerItem
    let path = Self.directory + "/out.csv"
    let file = try OutputFile(path)
    try file.write(OutputCSV.header + "\n")
    for (index, (frame, output)) in zip(readings, outputs).enumerated() {
      try OutputCSV.write(
        frame: index, left: frame.left, right: frame.right, output: output, unitsPerItem: unitsPerItem, to: file)
    }
    try file.commit()
    #expect(try String(contentsOfFile: path, encoding: .utf8) == simulation.csv(for: frames))

    let record = try OutputFile(path)
    try record.write(TelemetryCSV.header + "\n")
    var expected = TelemetryCSV.header + "\n"
    for (index, (frame, output)) in zip(readings, outputs).enumerated() {
      let t = Telemetry(
        frame: UInt16(truncatingIfNeeded: index), left: frame.left, right: frame.right, force: output.force,
        state: output.state, direction: output.direction, value: output.value,
        positionMilli: output.positionMilli(unitsPerItem: unitsPerItem), faults: output.faults)
      try TelemetryCSV.write(t, to: record)
      expected += TelemetryCSV.row(t) + "\n"
    }
    try record.commit()
    #expect(try String(contentsOfFile: path, encoding: .utf8) == expected)
  }
}
