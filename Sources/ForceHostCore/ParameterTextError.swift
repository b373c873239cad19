import ForceEngine

/// Why a parameter given as text was refused: a `NAME=VALUE` (`--set`, a line of a
/// parameter file), a name, or a value (a number, or a symbol such as `pulse`).
/// `forcectl` (ForceTrace's `ParameterText`) and the page refuse in these words.
public struct ParameterTextError: Error {
  /// What was wrong.
  enum Problem {
    /// No `=` in the text.
    case notAssignment
    /// No parameter has the name.
    case unknownName
    /// Not a symbol of the enum parameter.
    case notOneOf(ParameterID)
    /// Digits, outside 32 bits.
    case outOfRange(ParameterID)
    /// Neither a whole number nor a symbol.
    case notWhole(ParameterID)
  }

  let problem: Problem
  /// The text refused (the name, the value, or the whole `NAME=VALUE`).
  let text: TextExcerpt

  /// Writes the message: "unknown parameter 'rest_treshold' (did you mean 'rest_threshold'?)".
  public func write<Sink: TextSink>(to sink: inout Sink) {
    switch problem {
    case .notAssignment:
      text.writeQuoted(to: &sink)
      sink.write(" is not NAME=VALUE")
    case .unknownName:
      sink.write("unknown parameter ")
      text.writeQuoted(to: &sink)
      var suggestion = text.withBytes { DidYouMean(for: $0) }
      for index in 0..<ParameterID.count { suggestion.consider(ParameterID.at(index)!.info.name.bytes, index: index) }
      if let best = suggestion.best {
        DidYouMean.writeHint(ParameterID.at(best)!.info.name.bytes, to: &sink)
      } else {
        sink.write(" (see `forcectl params list` or Docs/parameters.md)")
      }
    case .notOneOf(let id):
      writeName(id, to: &sink)
      sink.write(" is not one of ")
      for value in 0...id.info.max {
        if value > 0 { sink.write(", ") }
        ParameterSyntax.writeValue(value, of: id, to: &sink)
      }
    case .outOfRange(let id):
      writeName(id, to: &sink)
      sink.write(" is out of range ")
      sink.write(id.info.min)
      sink.write("...")
      sink.write(id.info.max)
    case .notWhole(let id):
      writeName(id, to: &sink)
      sink.write(" is not a whole number")
    }
  }

  /// "NAME: 'TEXT'".
  func writeName<Sink: TextSink>(_ id: ParameterID, to sink: inout Sink) {
    sink.write(bytes: id.info.name.bytes)
    sink.write(": ")
    text.writeQuoted(to: &sink)
  }
}
