import ForceEngine
import ForceTrace

/// Shard K of N of a sweep (`--shard K/N`): the grid points whose index (0-based, in
/// `Sweep.grid` order) leaves K − 1 when divided by N, so neighbouring points, which
/// cost about the same, go to different shards.
public struct SweepShard: Equatable, Sendable {
  /// K, 1-based.
  public var index: Int
  /// N.
  public var count: Int

  /// Creates shard `index` of `count`.
  public init(index: Int, count: Int) {
    self.index = index
    self.count = count
  }

  /// Parses `K/N` (1 ≤ K ≤ N ≤ 10 000).
  public static func parse(_ text: String) throws(ParameterInputError) -> SweepShard {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else {
      throw ParameterInputError("--shard '\(text)' is not K/N (for instance 3/8)")
    }
    guard (1...10_000).contains(n), (1...n).contains(k) else {
      throw ParameterInputError("--shard \(text): need 1 <= K <= N <= 10000")
    }
    return SweepShard(index: k, count: n)
  }

  /// Whether grid point `point` (0-based) is this shard's.
  public func holds(_ point: Int) -> Bool { point % count == index - 1 }
}

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
    _ axes: [SweepAxis], config: StudyConfig, shard: SweepShard,
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
    _ axes: [SweepAxis], config: StudyConfig, shard: SweepShard, _ points: [(point: Int, result: SweepPoint)]
  ) -> String {
    var lines = [
      "\(shardMark) \(shard.index)/\(shard.count) of \(grid(axes).count) points: \(identity(axes, config: config))",
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
  public static func merge(_ files: [(name: String, text: String)]) throws(FileError) -> (markdown: String, csv: String)
  {
    guard let first = files.first else { throw FileError("no shard files to merge") }
    var header: [String] = []
    var rows: [Int: [[String]]] = [:]
    var shards: [Int: String] = [:]
    var count = 0
    var points = 0
    var identity = ""
    for file in files {
      let title = String(file.text.prefix(while: { $0 != "\n" }))
      let lines = [[title]] + ShardCSV.records(String(file.text.dropFirst(title.count + 1)))
      guard title.hasPrefix(shardMark + " "),
        let colon = title.range(of: " points: ")
      else {
        throw FileError("\(file.name), line 1: not a sweep shard (it starts with '\(shardMark) K/N of P points: …')")
      }
      let numbers = title[title.index(title.startIndex, offsetBy: shardMark.count + 1)..<colon.lowerBound]
        .split(whereSeparator: { $0 == "/" || $0 == " " })
      guard numbers.count == 4, numbers[2] == "of", let k = Int(numbers[0]), let n = Int(numbers[1]),
        let p = Int(numbers[3]), (1...n).contains(k)
      else {
        throw FileError("\(file.name), line 1: not a sweep shard (it starts with '\(shardMark) K/N of P points: …')")
      }
      let sweep = String(title[colon.upperBound...])
      if file.name == first.name {
        (count, points, identity) = (n, p, sweep)
      } else if sweep != identity || p != points {
        throw FileError("\(file.name) is a shard of another sweep than \(first.name): \(difference(sweep, identity))")
      } else if n != count {
        throw FileError("\(file.name) is shard \(k)/\(n), \(first.name) one of \(count)")
      }
      if let other = shards[k] { throw FileError("shard \(k)/\(n) is given twice: \(other) and \(file.name)") }
      shards[k] = file.name
      guard lines.count >= 2, lines[1].first == "point" else {
        throw FileError("\(file.name), line 2: expected the header, starting with 'point'")
      }
      if header.isEmpty { header = Array(lines[1].dropFirst()) }
      for (index, fields) in lines.enumerated().dropFirst(2) {
        guard fields.count == header.count + 1, let point = Int(fields[0]), (0..<points).contains(point),
          SweepShard(index: k, count: n).holds(point)
        else { throw FileError("\(file.name), line \(index + 1): not a row of shard \(k)/\(n)'s points") }
        rows[point, default: []].append(Array(fields.dropFirst()))
      }
    }
    if let missing = (1...count).first(where: { shards[$0] == nil }) {
      throw FileError("shard \(missing)/\(count) is missing")
    }
    if let missing = (0..<points).first(where: { rows[$0] == nil }) {
      let shard = missing % count + 1
      throw FileError(
        "\(shards[shard]!) has no row for point \(missing) of shard \(shard)/\(count) (did its run finish?)")
    }
    // A point has a row per technique, or one saying why it could not run.
    let techniques = identity.components(separatedBy: "; ").first { $0.hasPrefix("techniques ") }?
      .dropFirst("techniques ".count).split(separator: ",").count
    let column = header.firstIndex(of: "technique") ?? 0
    if let short = (0..<points).first(where: { point in
      let found = rows[point]!
      return !(found.count == 1 && found[0][column].hasPrefix("invalid: ")) && found.count != techniques
    }) {
      let shard = short % count + 1
      throw FileError("\(shards[shard]!) has \(rows[short]!.count) rows for point \(short), not one per technique")
    }
    let merged = (0..<points).flatMap { rows[$0]! }
    return (markdown(header: header, rows: merged), csv(header: header, rows: merged))
  }

  /// The first part of two sweep identities that differs: "seed 2, not seed 1".
  static func difference(_ a: String, _ b: String) -> String {
    let (x, y) = (a.components(separatedBy: "; "), b.components(separatedBy: "; "))
    guard let index = x.indices.first(where: { $0 < y.count && x[$0] != y[$0] }) else { return a }
    return "\(x[index]), not \(y[index])"
  }
}

/// The shard file's CSV: a field with a comma, a quote or a line end in quotes (its
/// quotes doubled), so a row reads back as the fields it was written from.
enum ShardCSV {
  static func field(_ text: String) -> String {
    guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
    return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// The records of `text`, each as its fields; a last line end is optional.
  static func records(_ text: String) -> [[String]] {
    var records: [[String]] = []
    var fields: [String] = []
    var field = ""
    var quoted = false
    var closed = false  // a quote just ended a quoted part: another one is a quote inside it
    for c in text {
      if quoted {
        if c == "\"" { (quoted, closed) = (false, true) } else { field.append(c) }
        continue
      }
      if c == "\"" {
        if closed { field.append(c) }
        (quoted, closed) = (true, false)
        continue
      }
      closed = false
      switch c {
      case ",":
        fields.append(field)
        field = ""
      case "\n":
        records.append(fields + [field])
        (fields, field) = ([], "")
      default: field.append(c)
      }
    }
    if !fields.isEmpty || !field.isEmpty { records.append(fields + [field]) }
    return records
  }
}
