import ForceEngine
import ForceTrace

extension Sweep {
  /// Everything a sweep's results depend on, in one line: the grid, the study each point
  /// runs (techniques, participants, repetitions, seed, time cap), the parameters set
  /// before the grid's, and the simulated users. Shards merge only when theirs are equal.
  public static func identity(_ axes: [SweepAxis], config: StudyConfig) -> String {
    let vary = axes.map { "\(ParameterText.name($0.parameter))=\($0.values.map(String.init).joined(separator: ","))" }
    let defaults = Parameters.defaults
    let set = (0..<ParameterID.count).compactMap(ParameterID.at).filter { config.base[$0] != defaults[$0] }
      .map { "\(ParameterText.name($0))=\(config.base[$0])" }
    return [
      "vary \(vary.joined(separator: " "))",
      "techniques \(config.techniques.map { String(describing: $0.name) }.joined(separator: ","))",
      "participants \(config.participants)", "repetitions \(config.repetitions)", "seed \(config.seed)",
      "max_trial_ms \(config.maxTrialMs)", "set \(set.isEmpty ? "-" : set.joined(separator: ","))",
      "users \(config.population.values.map { "\($0)" }.joined(separator: ","))", "practice \(config.practiceTrials)",
      "sensor \(config.sensor.readsIdealCounts ? "ideal" : "modelled")",
    ].joined(separator: "; ")
  }

  /// Runs the points of `shard` only; returns each with its grid index.
  public static func run(
    _ axes: [SweepAxis], config: StudyConfig, shard: Shard,
    progress: (@Sendable (_ done: Double, _ total: Int) -> Void)? = nil
  ) -> [(point: Int, result: SweepPoint)] {
    let mine = grid(axes).indices.filter(shard.holds)
    return mine.enumerated().map { done, point in
      let result = run(point: grid(axes)[point], config: config) { fraction in
        progress?(Double(done) + fraction, mine.count)
      }
      return (point, result)
    }
  }

  /// A shard's file: a first line naming the shard, the number of grid points and the
  /// sweep (`identity`), then the CSV of `csv(_:_:)` with a `point` column in front.
  public static func shardCSV(
    _ axes: [SweepAxis], config: StudyConfig, shard: Shard, _ points: [(point: Int, result: SweepPoint)]
  ) -> String {
    var lines = [
      ShardFiles.title(shardMark, shard, items: grid(axes).count, "points", identity: identity(axes, config: config)),
      (["point"] + header(axes)).joined(separator: ","),
    ]
    for (point, result) in points {
      for row in rows([result]) { lines.append(([String(point)] + row).map(ShardCSV.field).joined(separator: ",")) }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static let shardMark = "# forcepicker sim sweep shard"

  /// Merges the files of every shard of one sweep (`shardCSV`, as name and text, in any
  /// order) into the Markdown table and the CSV that running the sweep on one machine
  /// prints and writes, byte for byte. Refuses shards of different sweeps, a shard given
  /// twice or missing, and a shard whose points are not all there, naming the file.
  public static func merge(_ texts: [(name: String, text: String)]) throws(FileError) -> (markdown: String, csv: String)
  {
    let shards = try ShardFiles.read(texts, mark: shardMark, unit: "points", job: "sweep")
    var header: [String] = []
    var rows: [Int: [[String]]] = [:]
    for file in shards.files {
      guard let head = file.records.first, head.first == "point" else {
        throw FileError("\(file.name), line 2: expected the header, starting with 'point'")
      }
      if header.isEmpty { header = Array(head.dropFirst()) }
      for (index, fields) in file.records.enumerated().dropFirst() {
        guard fields.count == header.count + 1, let point = Int(fields[0]), (0..<shards.items).contains(point),
          file.shard.holds(point)
        else {
          throw FileError(
            "\(file.name), line \(index + 2): not a row of shard \(file.shard.index)/\(shards.count)'s points")
        }
        rows[point, default: []].append(Array(fields.dropFirst()))
      }
    }
    let owner = { (point: Int) in shards.files[point % shards.count] }
    if let missing = (0..<shards.items).first(where: { rows[$0] == nil }) {
      throw FileError("\(owner(missing).name) has no row for point \(missing) (did its run finish?)")
    }
    // A point has a row per technique, or one saying why it could not run.
    let techniques = shards.identity.components(separatedBy: "; ").first { $0.hasPrefix("techniques ") }?
      .dropFirst("techniques ".count).split(separator: ",").count
    let column = header.firstIndex(of: "technique") ?? 0
    if let short = (0..<shards.items).first(where: { point in
      let found = rows[point]!
      return !(found.count == 1 && found[0][column].hasPrefix("invalid: ")) && found.count != techniques
    }) {
      throw FileError("\(owner(short).name) has \(rows[short]!.count) rows for point \(short), not one per technique")
    }
    let merged = (0..<shards.items).flatMap { rows[$0]! }
    return (markdown(header: header, rows: merged), csv(header: header, rows: merged))
  }
}
