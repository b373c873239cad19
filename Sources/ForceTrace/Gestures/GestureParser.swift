/// The line-based gesture format of `Docs/gestures.md`, parsed into a `GestureScript`.
///
/// Each line is one command; `#` starts a comment; `repeat N` … `end` repeats a block.
/// Commands build the profile in order, each starting from the levels the last one
/// ended at.
enum GestureParser {
  /// The most commands a script may expand to (repeats counted out), checked before expanding.
  static let maxCommands = 100_000
  /// The longest a script may last, in ms (one hour).
  static let maxDurationMs = 3_600_000.0

  /// One non-empty line: its number, its text and its words.
  struct Line {
    let number: Int
    let text: Substring
    let words: [Substring]

    /// The 1-based column of word `index`, or just past the last word.
    func column(ofWord index: Int) -> Int {
      let position = index < words.count ? words[index].startIndex : (words.last?.endIndex ?? text.startIndex)
      return text.distance(from: text.startIndex, to: position) + 1
    }
  }

  static func parse(_ text: String) throws(GestureError) -> GestureScript {
    var lines: [Line] = []
    for (index, raw) in TextInput.lines(text).enumerated() {
      let content = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
      let words = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
      if !words.isEmpty { lines.append(Line(number: index + 1, text: raw, words: words)) }
    }
    var position = 0
    let expanded = try expand(lines, from: &position, depth: 0, before: 0)
    if position < lines.count {
      throw GestureError(line: lines[position].number, "'end' without 'repeat'")
    }
    var builder = Builder()
    for line in expanded {
      try builder.apply(line)
      try builder.checkLength(line)
    }
    if builder.script.segments.isEmpty {
      throw GestureError(
        line: 0,
        (lines.isEmpty ? "the script is empty" : "the script has no hold, ramp, roll, pulse, press-through or release")
          + ": it makes no frames (start with a command such as `hold 0 0 for 100ms`; Docs/gestures.md)")
    }
    return builder.script
  }

  /// Expands `repeat N` … `end` blocks (nested up to 8 deep), keeping line numbers.
  /// `before` is how many commands the expanded script has before this block; the
  /// count is checked before anything is copied, at the line that would pass the limit.
  static func expand(
    _ lines: [Line], from position: inout Int, depth: Int, before: Int
  ) throws(GestureError) -> [Line] {
    var out: [Line] = []
    while position < lines.count {
      let line = lines[position]
      switch line.words[0].lowercased() {
      case "end":
        if depth == 0 { throw GestureError(line: line.number, "'end' without 'repeat'") }
        if line.words.count != 1 {
          throw GestureError(line: line.number, column: line.column(ofWord: 1), "'end' takes no arguments")
        }
        return out
      case "repeat":
        guard line.words.count == 2, let times = Int(line.words[1]), (1...10_000).contains(times) else {
          throw GestureError(
            line: line.number, column: line.column(ofWord: 1), "expected 'repeat N' with N in 1...10000")
        }
        if depth >= 8 { throw GestureError(line: line.number, "repeat blocks nest at most 8 deep") }
        position += 1
        let body = try expand(lines, from: &position, depth: depth + 1, before: before + out.count)
        guard position < lines.count else {
          throw GestureError(line: line.number, "'repeat' without a matching 'end'")
        }
        let reached = before + out.count + body.count * times
        if reached > maxCommands {
          throw GestureError(
            line: line.number,
            "with this repeat counted out the script has \(reached) commands, more than the \(maxCommands) a script may have"
          )
        }
        for _ in 0..<times { out += body }
        position += 1
      default:
        if before + out.count + 1 > maxCommands {
          throw GestureError(
            line: line.number,
            "with its repeats counted out the script has more than the \(maxCommands) commands a script may have")
        }
        out.append(line)
        position += 1
      }
    }
    return out
  }

  /// Builds the script command by command.
  struct Builder {
    var script = GestureScript()
    var levels = CellLevels.zero
    var elapsedMs = 0.0
    var sawRate = false
    var sawMotion = false

    mutating func append(to target: CellLevels, over ms: Double, shape: GestureSegment.Shape = .linear, line: Int) {
      script.segments.append(GestureSegment(from: levels, to: target, durationMs: ms, shape: shape, line: line))
      levels = target
      elapsedMs += ms
      sawMotion = true
    }

    func checkLength(_ line: Line) throws(GestureError) {
      guard elapsedMs <= GestureParser.maxDurationMs else {
        throw GestureError(line: line.number, "the script runs past one hour, the longest a script may last")
      }
    }

    mutating func apply(_ line: Line) throws(GestureError) {
      var words = Words(line: line)
      let command = words.take()!.lowercased()
      switch command {
      case "rate":
        if sawRate { throw GestureError(line: line.number, "'rate' given twice") }
        if sawMotion { throw GestureError(line: line.number, "'rate' must come before the first gesture") }
        script.sampleRateHz = try words.integer("rate", 50...1000)
        sawRate = true
      case "hold":
        var target = levels
        if words.peek() != "for" { target = try words.levels() }
        try words.expect("for")
        levels = target  // a hold steps to its levels at once
        append(to: target, over: try words.duration(), line: line.number)
      case "ramp":
        try words.expect("to")
        let target = try words.levels()
        try words.expect("over")
        append(to: target, over: try words.duration(), line: line.number)
      case "roll":
        let target: CellLevels
        switch words.take()?.lowercased() {
        case "to":
          target = try words.levels()
        case "by":
          target = rolled(by: Double(try words.integer("roll by", -2000...2000)) / 1000)
        default:
          throw GestureError(line: line.number, "expected 'roll to L R over D' or 'roll by B over D'")
        }
        try words.expect("over")
        append(to: target, over: try words.duration(), shape: .eased, line: line.number)
      case "pulse":
        let options = try words.options(allowed: ["peak", "rise", "fall", "hold"])
        guard let peak = options.peak, let rise = options.rise, let fall = options.fall else {
          throw GestureError(line: line.number, "expected 'pulse peak L R rise D fall D [hold D]'")
        }
        let base = levels
        append(to: peak, over: rise, line: line.number)
        if let hold = options.hold { append(to: peak, over: hold, line: line.number) }
        append(to: base, over: fall, line: line.number)
      case "press-through", "pressthrough":
        let options = try words.options(allowed: ["peak", "rise", "hold"])
        guard let rise = options.rise else {
          throw GestureError(line: line.number, "expected 'press-through [peak L R] rise D [hold D]'")
        }
        let peak = options.peak ?? pastFullScale()
        append(to: peak, over: rise, line: line.number)
        if let hold = options.hold { append(to: peak, over: hold, line: line.number) }
      case "release":
        var ms = 0.0
        if words.peek() != nil {
          try words.expect("over")
          ms = try words.duration()
        }
        append(to: .zero, over: ms, line: line.number)
      case "noise":
        if words.peek()?.lowercased() == "off" {
          _ = words.take()
          script.noise.append(GestureNoise(startMs: elapsedMs, sd: 0, seed: 0))
        } else {
          let sd = try words.integer("noise", 0...200)
          var seed: UInt64 = 1
          if words.peek() != nil {
            try words.expect("seed")
            seed = UInt64(try words.integer("seed", 0...Int(Int32.max)))
          }
          script.noise.append(GestureNoise(startMs: elapsedMs, sd: Double(sd), seed: seed))
        }
      default:
        throw GestureError(
          line: line.number,
          column: line.column(ofWord: 0),
          "unknown command \(TextInput.quoted(command)) (rate, hold, ramp, roll, pulse, press-through, release, noise, repeat, end)"
        )
      }
      if let extra = words.peek() {
        throw GestureError(
          line: line.number, column: line.column(ofWord: words.index),
          "unexpected \(TextInput.quoted(extra)) at the end of the line")
      }
    }

    /// The current levels with the balance (r − l)/(r + l) shifted by `delta`, total kept.
    func rolled(by delta: Double) -> CellLevels {
      let total = levels.left + levels.right
      guard total > 0 else { return levels }
      let balance = Swift.min(1, Swift.max(-1, (levels.right - levels.left) / total + delta))
      return CellLevels(total * (1 - balance) / 2, total * (1 + balance) / 2)
    }

    /// A press past full scale (raw total 1200, cells capped at 1023) with the current balance.
    func pastFullScale() -> CellLevels {
      let total = levels.left + levels.right
      let share = total > 0 ? levels.right / total : 0.5
      return CellLevels(Swift.min(1023, 1200 * (1 - share)), Swift.min(1023, 1200 * share))
    }
  }

  /// The words of one line, read left to right.
  struct Words {
    let line: Line
    var index = 0

    init(line: Line) { self.line = line }

    func peek() -> Substring? { index < line.words.count ? line.words[index] : nil }

    mutating func take() -> Substring? {
      defer { index += 1 }
      return peek()
    }

    /// An error at the word taken last (or at the end of the line when none was left).
    func failure(_ message: String) -> GestureError {
      GestureError(line: line.number, column: line.column(ofWord: max(0, index - 1)), message)
    }

    mutating func expect(_ word: String) throws(GestureError) {
      guard let found = take() else {
        throw failure("expected '\(word)' at the end of the line")
      }
      guard found.lowercased() == word else {
        throw failure("expected '\(word)', found \(TextInput.quoted(found))")
      }
    }

    mutating func integer(_ what: String, _ range: ClosedRange<Int>) throws(GestureError) -> Int {
      guard let word = take() else { throw failure("\(what): missing number") }
      guard let value = Int(word) else {
        let digits = word.hasPrefix("-") ? word.dropFirst() : word
        let verdict =
          !digits.isEmpty && digits.allSatisfy({ $0.isASCII && $0.isNumber })
          ? "is outside \(range.lowerBound)...\(range.upperBound)" : "is not a whole number"
        throw failure("\(what): \(TextInput.quoted(word)) \(verdict)")
      }
      guard range.contains(value) else {
        throw failure("\(what): \(value) is outside \(range.lowerBound)...\(range.upperBound)")
      }
      return value
    }

    /// `L R`: two cell readings, 0...1023.
    mutating func levels() throws(GestureError) -> CellLevels {
      let left = try integer("left", 0...1023)
      let right = try integer("right", 0...1023)
      return CellLevels(Double(left), Double(right))
    }

    /// `250ms`, `1.5s`: a duration with its unit, 0...600 s.
    mutating func duration() throws(GestureError) -> Double {
      guard let word = take() else { throw failure("missing duration (say 100ms or 1.5s)") }
      let text = word.lowercased()
      let (digits, scale): (Substring, Double) =
        text.hasSuffix("ms") ? (text.dropLast(2), 1) : (text.hasSuffix("s") ? (text.dropLast(1), 1000) : (text[...], 0))
      guard scale > 0 else {
        throw failure("duration \(TextInput.quoted(word)) needs a unit: ms or s (say 100ms)")
      }
      guard let number = Double(digits), number.isFinite, number >= 0, digits.first != "+" else {
        throw failure("\(TextInput.quoted(word)) is not a duration (say 100ms or 1.5s)")
      }
      let ms = number * scale
      guard ms <= 600_000 else { throw failure("duration \(TextInput.quoted(word)) is longer than 600s") }
      return ms
    }

    /// Keyword options (`peak L R`, `rise D`, `fall D`, `hold D`) in any order, each once.
    mutating func options(allowed: Set<String>) throws(GestureError) -> Options {
      var options = Options()
      var seen: Set<String> = []
      while let word = peek() {
        let key = word.lowercased()
        _ = take()
        guard allowed.contains(key) else {
          throw failure(
            "unexpected \(TextInput.quoted(word)) (expected one of \(allowed.sorted().joined(separator: ", ")))")
        }
        guard seen.insert(key).inserted else { throw failure("'\(key)' given twice") }
        switch key {
        case "peak": options.peak = try levels()
        case "rise": options.rise = try duration()
        case "fall": options.fall = try duration()
        default: options.hold = try duration()
        }
      }
      return options
    }
  }

  /// Keyword options of `pulse` and `press-through`.
  struct Options {
    var peak: CellLevels?
    var rise: Double?
    var fall: Double?
    var hold: Double?
  }
}
