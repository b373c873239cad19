import ForceEngine
import ForceTrace
import Testing

@testable import ForceSim

/// A sweep run in shards and merged is the sweep run on one machine, byte for byte.
struct ShardTests {
  static let axes = [
    SweepAxis(parameter: .restThreshold, values: [150, 205, 900]),
    SweepAxis(parameter: .hysteresis, values: [5, 10]),
  ]
  static let config = StudyConfig(techniques: [.twoButton, .thumbRoll], participants: 1, repetitions: 1, seed: 3)

  /// Every shard of `count`, as the files `--shard K/N` writes.
  static func shards(_ count: Int, config: StudyConfig = config) -> [(name: String, text: String)] {
    (1...count).map { k in
      let shard = Shard(index: k, count: count)
      return (
        "part-\(k).csv",
        Sweep.shardCSV(axes, config: config, shard: shard, Sweep.run(axes, config: config, shard: shard))
      )
    }
  }

  @Test func mergedShardsAreTheOneMachineSweep() throws {
    let points = Sweep.run(Self.axes, config: Self.config)
    // Rest 900 breaks a rule: an invalid row, one for the point.
    #expect(points.filter { $0.problem != nil }.count == 2)
    for count in [1, 2, 4, 6, 7] {
      let merged = try Sweep.merge(Self.shards(count).reversed())
      #expect(merged.csv == Sweep.csv(Self.axes, points), "\(count) shards")
      #expect(merged.markdown == Sweep.markdown(Self.axes, points), "\(count) shards")
    }
  }

  @Test func aShardFileKeepsFieldsWithCommasAndQuotes() {
    let fields = ["3", "invalid: a, b", "say \"no\"", "", "plain"]
    let text =
      fields.map(ShardCSV.field).joined(separator: ",") + "\n" + fields.map(ShardCSV.field).joined(separator: ",")
    #expect(ShardCSV.records(text) == [fields, fields])
  }

  @Test func shardsTakeEveryNthPoint() throws {
    #expect(try Shard.parse("2/3") == Shard(index: 2, count: 3))
    #expect((0..<7).filter(Shard(index: 2, count: 3).holds) == [1, 4])
    for bad in ["0/3", "4/3", "3", "a/b", "1/0", "1/20000"] {
      #expect(throws: ParameterInputError.self, "\(bad)") { try Shard.parse(bad) }
    }
  }

  @Test func mergeRefusesWhatIsNotOneWholeSweep() {
    let parts = Self.shards(3)
    #expect(throws: FileError("shard 2/3 is missing")) { try Sweep.merge([parts[0], parts[2]]) }
    #expect(throws: FileError("shard 1/3 is given twice: part-1.csv and part-1.csv")) {
      try Sweep.merge([parts[0], parts[0], parts[1], parts[2]])
    }
    var other = Self.config
    other.seed = 4
    #expect(throws: FileError("part-2.csv is a shard of another sweep than part-1.csv: seed 4, not seed 3")) {
      try Sweep.merge([parts[0], Self.shards(3, config: other)[1], parts[2]])
    }
    // A shard cut short (its job killed before the end, or a row lost): named.
    var lines = parts[1].text.split(separator: "\n", omittingEmptySubsequences: false)
    lines.removeLast(2)
    let cut = (name: parts[1].name, text: lines.joined(separator: "\n") + "\n")
    #expect(throws: FileError.self) { try Sweep.merge([parts[0], cut, parts[2]]) }
    // Shard 1/3 holds points 0 and 3, each with a row for each technique (then the file's last line end).
    var rows = parts[0].text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(rows.count == 2 + 2 + 2 + 1)
    rows.remove(at: 2)
    #expect(throws: FileError("part-1.csv has 1 rows for point 0, not one per technique")) {
      try Sweep.merge([(parts[0].name, rows.joined(separator: "\n")), parts[1], parts[2]])
    }
    #expect(throws: FileError("no shard files to merge")) { try Sweep.merge([]) }
    #expect(throws: FileError.self) { try Sweep.merge([("notes.txt", "hello\n")]) }
  }
}
