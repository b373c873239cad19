import ForceEngine

/// A parameter file (Docs/parameters.md, "Parameter files"), read from its bytes: the
/// JSON of `forcectl params export` (every key optional but known, `ProfileJSON`), or
/// `NAME=VALUE` lines with `#` comments (`ProfileLines`). A file that sets nothing, a
/// parameter given twice and bytes that are not UTF-8 text are refused; every refusal
/// names the line and column. `forcectl` (`--profile`, `params import`, `params diff`,
/// through ForceTrace's `ParameterText`) and the page (`fp_profile_parse`) read through
/// here, so both refuse a file in the same words.
public enum ProfileFile {
  /// The value `format` has in the JSON form.
  public static let format: StaticString = "forcepicker-parameters"

  /// Reads `file`, handing `handler` each value it sets in file order; throws at the
  /// first problem (the values handed over until then are not to be used).
  public static func read<Handler: ProfileHandler>(
    _ file: UnsafeRawBufferPointer, to handler: inout Handler
  ) throws(ProfileError) {
    do throws(TextCheckError) {
      try TextCheck.check(file: file)
    } catch {
      throw ProfileError(.notText(error), line: error.line, column: error.column)
    }
    var start = TextCursor(file)
    start.skipSpace()
    if start.atEnd { throw ProfileError(.empty) }
    let count =
      start.at("{") ? try ProfileJSON.read(file, to: &handler) : try ProfileLines.read(file, to: &handler)
    if count == 0 { throw ProfileError(.setsNothing) }
  }

  /// Writes `0x` and eight lowercase hex digits, as a file's `schema_hash` has them.
  public static func writeHex<Sink: TextSink>(_ value: UInt32, to sink: inout Sink) {
    sink.write("0x")
    sink.write(hex: value, minimumDigits: 8)
  }
}

/// What `ProfileFile.read` hands each value of a parameter file to.
public protocol ProfileHandler {
  /// Parameter `id` is set to `value`, written at `line` and `column` (1-based).
  mutating func assign(_ id: ParameterID, _ value: Int32, line: Int, column: Int)
}
