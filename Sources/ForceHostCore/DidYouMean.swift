/// "Did you mean …?" for a mistyped name: of the candidates offered (`consider`), the
/// nearest by edit distance, when at most about a third of its letters differ (and at
/// most 3). Names are UTF-8; letters are Unicode scalars, compared with ASCII letters
/// folded to lowercase. Every did-you-mean of `forcectl` and of the page picks through
/// here.
public struct DidYouMean {
  /// The most letters a name may have to be compared; a longer one suggests nothing.
  static let capacity = UInt32Block.count

  var typed = Letters()
  let limit: Int
  /// The distance of the best candidate so far.
  var distance = Int.max
  /// The index of the closest candidate offered so far, if any is close enough.
  public private(set) var best: Int?

  /// A suggestion for `typed` (UTF-8), before any candidate.
  public init(for typed: UnsafeRawBufferPointer) {
    self.typed.decode(typed)
    limit = min(3, max(1, self.typed.count / 3))
  }

  /// Offers the candidate `name` (UTF-8), with an index that `best` names it by.
  public mutating func consider(_ name: UnsafeRawBufferPointer, index: Int) {
    var known = Letters()
    known.decode(name)
    guard typed.count <= Self.capacity, known.count <= Self.capacity else { return }
    // The distance is at least the difference in length: no table needed past the limit.
    if abs(typed.count &- known.count) > limit { return }
    let found = Self.editDistance(typed, known)
    if found <= limit && found < distance {
      distance = found
      best = index
    }
  }

  /// Writes " (did you mean 'NAME'?)" for the best candidate, `name`.
  public static func writeHint<Sink: TextSink>(_ name: UnsafeRawBufferPointer, to sink: inout Sink) {
    sink.write(" (did you mean '")
    sink.write(bytes: name)
    sink.write("'?)")
  }

  /// Levenshtein distance, counting a swap of neighbours as one edit.
  static func editDistance(_ a: Letters, _ b: Letters) -> Int {
    if a.count == 0 || b.count == 0 { return max(a.count, b.count) }
    var previous2 = Row()
    var previous = Row()
    for j in 0...b.count { previous[j] = j }
    for i in 1...a.count {
      var current = Row()
      current[0] = i
      for j in 1...b.count {
        let cost = a[i &- 1] == b[j &- 1] ? 0 : 1
        current[j] = min(previous[j] &+ 1, current[j &- 1] &+ 1, previous[j &- 1] &+ cost)
        if i > 1 && j > 1 && a[i &- 1] == b[j &- 2] && a[i &- 2] == b[j &- 1] {
          current[j] = min(current[j], previous2[j &- 2] &+ 1)
        }
      }
      previous2 = previous
      previous = current
    }
    return previous[b.count]
  }

  /// A name's letters: its scalars, ASCII folded to lowercase; `count` may exceed the
  /// `capacity` kept.
  struct Letters {
    var storage = UInt32Block()
    var count = 0

    mutating func decode(_ bytes: UnsafeRawBufferPointer) {
      var index = 0
      while index < bytes.count {
        var (value, length) = TextCursor.decode(bytes, at: index)
        if value >= 0x41 && value <= 0x5A { value |= 0x20 }
        if count < DidYouMean.capacity { storage[count] = value }
        count &+= 1
        index &+= length
      }
    }

    subscript(index: Int) -> UInt32 { storage[index] }
  }

  /// A row of the distance table: 65 entries (a distance is at most 64), a byte each.
  struct Row {
    var raw: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0, 0)

    subscript(index: Int) -> Int {
      get { Int(withUnsafeBytes(of: raw) { $0[index] }) }
      set { withUnsafeMutableBytes(of: &raw) { $0[index] = UInt8(truncatingIfNeeded: newValue) } }
    }
  }
}
