extension SensorFault {
  /// The form a fault is written in, for error messages.
  public static let syntax = "KIND:CELL@TIME[+DURATION] (e.g. open:left@2.5s, railed:right@1s+500ms)"

  /// Parses `KIND:CELL@TIME[+DURATION]`: a kind of `kindNames`, `left` or `right`, a
  /// start and an optional duration with units `ms` or `s` (`500ms`, `2.5s`). Case and
  /// surrounding spaces do not matter. The error quotes the text and names the part
  /// that is wrong.
  public static func parse(_ text: String) throws(SensorError) -> SensorFault {
    let whole = text.trimmingCharacters(in: " \t")
    func failure(_ problem: String) -> SensorError {
      SensorError("fault \(TextInput.quoted(whole)): \(problem)")
    }
    guard !whole.isEmpty else { throw SensorError("fault is empty: expected \(syntax)") }
    let lowered = whole.lowercased()
    guard let colon = lowered.firstIndex(of: ":") else {
      throw failure("expected \(syntax)")
    }
    let kind = String(lowered[..<colon])
    guard !kind.isEmpty else { throw failure("missing the kind before ':' (\(kindNames.joined(separator: ", ")))") }
    guard kindNames.contains(kind) else {
      throw failure(
        "unknown kind \(TextInput.quoted(kind))" + Suggestion.hint(for: kind, among: kindNames) + "; kinds: "
          + kindNames.joined(separator: ", "))
    }
    let rest = lowered[lowered.index(after: colon)...]
    guard let at = rest.firstIndex(of: "@") else {
      throw failure("missing '@TIME' after the cell (e.g. \(kind):left@2.5s)")
    }
    let cellText = String(rest[..<at])
    guard let cell = Cell(rawValue: cellText) else {
      let names = Cell.allCases.map(\.rawValue)
      let found = cellText.isEmpty ? "missing the cell" : "unknown cell \(TextInput.quoted(cellText))"
      throw failure(found + Suggestion.hint(for: cellText, among: names) + "; cells: left, right")
    }
    let times = rest[rest.index(after: at)...].split(separator: "+", omittingEmptySubsequences: false)
    guard times.count <= 2 else { throw failure("more than one '+DURATION'") }
    let start = try time(times[0], "start", failure)
    var duration: Double?
    if times.count == 2 {
      let value = try time(times[1], "duration", failure)
      guard value > 0 else { throw failure("duration \(TextInput.quoted(times[1])) must be longer than 0") }
      duration = value
    }
    return SensorFault(kind: kind, cell: cell, window: Window(startMs: start, durationMs: duration))!
  }

  /// The longest start or duration: a day (no trace runs longer).
  static let longestMs = 86_400_000.0

  /// `500ms`, `2.5s`: a time with its unit, in ms, to the microsecond, at most a day.
  static func time(_ word: Substring, _ what: String, _ failure: (String) -> SensorError) throws(SensorError)
    -> Double
  {
    guard !word.isEmpty else { throw failure("missing the \(what) (say 500ms or 2.5s)") }
    let (digits, scale): (Substring, Double) =
      word.hasSuffix("ms") ? (word.dropLast(2), 1) : (word.hasSuffix("s") ? (word.dropLast(1), 1000) : (word, 0))
    guard scale > 0 else { throw failure("\(what) \(TextInput.quoted(word)) needs a unit: ms or s (say 500ms)") }
    let plain = digits.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
    guard plain, let number = Double(digits), (number * scale).isFinite else {
      throw failure("\(what) \(TextInput.quoted(word)) is not a time (say 500ms or 2.5s)")
    }
    guard number * scale <= longestMs else { throw failure("\(what) \(TextInput.quoted(word)) is longer than a day") }
    return (number * scale * 1000).rounded() / 1000
  }
}
