/// "Did you mean …?" for a mistyped name: the closest known name, if close enough.
public enum Suggestion {
  /// The candidate nearest to `text` by edit distance, when at most about a third of
  /// its letters differ (and at most 3).
  public static func closest(to text: String, among candidates: [String]) -> String? {
    let limit = min(3, max(1, text.count / 3))
    var best: (name: String, distance: Int)?
    let typed = Array(text.lowercased())
    for candidate in candidates {
      let known = Array(candidate.lowercased())
      // The distance is at least the difference in length: no table needed past the limit.
      if abs(typed.count - known.count) > limit { continue }
      let distance = editDistance(typed, known)
      if distance <= limit && distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
    }
    return best?.name
  }

  /// " (did you mean 'x'?)", or "" when nothing is close.
  public static func hint(for text: String, among candidates: [String]) -> String {
    closest(to: text, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
  }

  /// Levenshtein distance, counting a swap of neighbours as one edit.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + [Int](repeating: 0, count: b.count)
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previous2[j - 2] + 1)
        }
      }
      previous2 = previous
      previous = current
    }
    return previous[b.count]
  }
}
