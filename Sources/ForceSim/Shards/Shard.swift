import ForceTrace

/// Shard K of N of a job that runs as many independent pieces (`--shard K/N`): the
/// items (a sweep's grid points, a fit's starts) whose index, 0-based, leaves K − 1 when
/// divided by N, so neighbouring items, which cost about the same, go to different shards.
public struct Shard: Equatable, Sendable {
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
  public static func parse(_ text: String) throws(ParameterInputError) -> Shard {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else {
      throw ParameterInputError("--shard '\(text)' is not K/N (for instance 3/8)")
    }
    guard (1...10_000).contains(n), (1...n).contains(k) else {
      throw ParameterInputError("--shard \(text): need 1 <= K <= N <= 10000")
    }
    return Shard(index: k, count: n)
  }

  /// Whether item `item` (0-based) is this shard's.
  public func holds(_ item: Int) -> Bool { item % count == index - 1 }
}

/// The files the shards of one job write, read back together: each starts with a line
/// `MARK K/N of T ITEMS: IDENTITY` (what the job's result depends on), then CSV records.
struct ShardFiles {
  /// One shard's file.
  struct File {
    var name: String
    var shard: Shard
    /// The records after the first line; record `i` is on line `i + 2`.
    var records: [[String]]
  }

  /// N, the number of items in all and the identity the files share.
  var count: Int
  var items: Int
  var identity: String
  /// One file for each shard, shard 1 first.
  var files: [File]

  /// A shard's first line.
  static func title(_ mark: String, _ shard: Shard, items: Int, _ unit: String, identity: String) -> String {
    "\(mark) \(shard.index)/\(shard.count) of \(items) \(unit): \(identity)"
  }

  /// Reads the files of every shard of one job (any order). Refuses a file that is not
  /// such a shard, one of another job (naming the first difference) or of another N,
  /// a shard given twice or missing.
  static func read(
    _ texts: [(name: String, text: String)], mark: String, unit: String, job: String
  ) throws(FileError) -> ShardFiles {
    guard let first = texts.first else { throw FileError("no shard files to merge") }
    var files: [Int: File] = [:]
    var shared: (count: Int, items: Int, identity: String)?
    for text in texts {
      let title = String(text.text.prefix(while: { $0 != "\n" }))
      let refusal = FileError("\(text.name), line 1: not a \(job) shard (it starts with '\(mark) K/N of T \(unit): …')")
      guard title.hasPrefix(mark + " "), let colon = title.range(of: " \(unit): ") else { throw refusal }
      let numbers = title[title.index(title.startIndex, offsetBy: mark.count + 1)..<colon.lowerBound]
        .split(whereSeparator: { $0 == "/" || $0 == " " })
      guard numbers.count == 4, numbers[2] == "of", let k = Int(numbers[0]), let n = Int(numbers[1]),
        let total = Int(numbers[3]), (1...n).contains(k)
      else { throw refusal }
      let identity = String(title[colon.upperBound...])
      if let shared {
        guard identity == shared.identity, total == shared.items else {
          throw FileError(
            "\(text.name) is a shard of another \(job) than \(first.name): \(difference(identity, shared.identity))")
        }
        guard n == shared.count else {
          throw FileError("\(text.name) is shard \(k)/\(n), \(first.name) one of \(shared.count)")
        }
      } else {
        shared = (n, total, identity)
      }
      if let other = files[k] { throw FileError("shard \(k)/\(n) is given twice: \(other.name) and \(text.name)") }
      files[k] = File(
        name: text.name, shard: Shard(index: k, count: n),
        records: ShardCSV.records(String(text.text.dropFirst(title.count + 1))))
    }
    let (count, items, identity) = shared!
    if let missing = (1...count).first(where: { files[$0] == nil }) {
      throw FileError("shard \(missing)/\(count) is missing")
    }
    return ShardFiles(count: count, items: items, identity: identity, files: (1...count).map { files[$0]! })
  }

  /// The first part of two identities that differs: "seed 2, not seed 1".
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
