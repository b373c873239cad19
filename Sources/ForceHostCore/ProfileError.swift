import ForceEngine

/// Why a parameter file (`ProfileFile`) was refused, and at which line and column (0
/// when the problem is the whole file).
public struct ProfileError: Error {
  /// What was wrong.
  enum Problem {
    case notText(TextCheckError)
    case empty, setsNothing
    /// A name or value refused (`NAME=VALUE` lines, the JSON's parameters).
    case assignment(ParameterTextError)
    /// A `NAME=VALUE` line sets a parameter again.
    case givenTwice(ParameterID, first: Int)
    // The JSON's syntax (`JSONCheck`); "found" is the character at the error's offset
    // ("the file ends …" past the last one), the name the string there.
    case expected(StaticString)
    case textAfterEnd
    case nestsTooDeep
    case controlInString
    case notAnEscape
    case nameTwice(first: Int)
    // The JSON's contents (`ProfileJSON`); a name or a string is the one at the offset.
    case unknownKey
    case format(JSONKind)
    case layoutNotWhole
    case layoutVersion(Int64)
    case noParameters
    case parametersNotObject(JSONKind)
    case hashNotString
    /// The byte offsets of the file's schema hash and of its `parameters` object.
    case schema(hash: Int, parameters: Int)
    /// A number that is no 32-bit whole number: the byte range of its text, and whether
    /// it is digits (after a `-`).
    case notWhole(ParameterID, start: Int, end: Int, digits: Bool)
    case notNumberOrName(ParameterID, JSONKind)
  }

  /// The line, 1-based; 0 for the whole file.
  public let line: Int
  /// The column, 1-based, in characters (Unicode scalars); 0 for the whole line or file.
  public let column: Int
  /// The byte offset of the place in the JSON, for the text a message quotes from there.
  let offset: Int
  let problem: Problem

  init(_ problem: Problem, line: Int = 0, column: Int = 0) {
    self.problem = problem
    self.line = line
    self.column = column
    offset = 0
  }

  /// The error at the position of `cursor`.
  init(_ problem: Problem, at cursor: TextCursor) {
    self.problem = problem
    line = cursor.line
    column = cursor.column
    offset = cursor.offset
  }

  /// "expected X, found 'c'" at `cursor`, or "the file ends …" when it is at the end.
  static func unexpected(_ expected: StaticString, at cursor: TextCursor) -> ProfileError {
    ProfileError(.expected(expected), at: cursor)
  }

  /// Writes "line L, column C: message" (the message alone for the whole file), as
  /// `forcectl` prints it after the file's name. `file` is the file's bytes, as read.
  public func write<Sink: TextSink>(file: UnsafeRawBufferPointer, to sink: inout Sink) {
    if line > 0 {
      sink.write("line ")
      sink.write(line)
      sink.write(", column ")
      sink.write(column)
      sink.write(": ")
    }
    switch problem {
    case .notText(let error): error.writeMessage(to: &sink)
    case .empty, .setsNothing:
      sink.write(problem.isEmpty ? "the file is empty" : "the file sets no parameters")
      sink.write(": expected the JSON of `forcectl params export` or NAME=VALUE lines (Docs/parameters.md)")
    case .assignment(let error): error.write(to: &sink)
    case .givenTwice(let id, let first):
      sink.write(bytes: id.info.name.bytes)
      writeTwice(first, to: &sink)
    case .nameTwice(let first):
      JSONString.excerpt(at: TextCursor(file, at: offset)).writeQuoted(to: &sink)
      writeTwice(first, to: &sink)
    case .schema(let hash, let parameters):
      SchemaDifference.write(
        hash: JSONString.excerpt(at: TextCursor(file, at: hash)), parameters: TextCursor(file, at: parameters),
        to: &sink)
    case .notWhole(let id, let start, let end, let digits):
      sink.write(bytes: id.info.name.bytes)
      sink.write(": ")
      sink.write(bytes: UnsafeRawBufferPointer(rebasing: file[start..<end]))
      sink.write(digits ? " is not a 32-bit whole number" : " is not a whole number")
    default: ProfileJSON.writeMessage(problem, at: TextCursor(file, at: offset), to: &sink)
    }
  }

  func writeTwice<Sink: TextSink>(_ first: Int, to sink: inout Sink) {
    sink.write(" is given twice (first on line ")
    sink.write(first)
    sink.write(")")
  }
}

extension ProfileError.Problem {
  var isEmpty: Bool {
    if case .empty = self { return true }
    return false
  }
}
