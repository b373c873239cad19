import ForceHostCore

/// "Did you mean …?" for a mistyped name: the closest known name, if close enough
/// (ForceHostCore's `DidYouMean`, which the parameter files and the page use too).
public enum Suggestion {
  /// The candidate nearest to `text` by edit distance, when at most about a third of
  /// its letters differ (and at most 3).
  public static func closest(to text: String, among candidates: [String]) -> String? {
    var suggestion = Array(text.utf8).withUnsafeBytes { DidYouMean(for: $0) }
    for (index, candidate) in candidates.enumerated() {
      Array(candidate.utf8).withUnsafeBytes { suggestion.consider($0, index: index) }
    }
    return suggestion.best.map { candidates[$0] }
  }

  /// " (did you mean 'x'?)", or "" when nothing is close.
  public static func hint(for text: String, among candidates: [String]) -> String {
    closest(to: text, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
  }
}
