import ForceEngine

/// The JSON form of a parameter file, as `forcectl params export` writes it
/// (Docs/parameters.md): `format`, `layout_version`, `schema_hash` and `parameters`,
/// every key optional but `parameters`, and no other; each value by name, a number or
/// a symbol. Checked (`JSONCheck`), then read again member by member.
enum ProfileJSON {
  /// Reads the values of `file` (JSON from its first character on) into `handler` in
  /// file order; returns how many.
  static func read<Handler: ProfileHandler>(
    _ file: UnsafeRawBufferPointer, to handler: inout Handler
  ) throws(ProfileError) -> Int {
    try JSONCheck.check(file)
    var root = TextCursor(file)
    root.skipSpace()  // at the `{` that made the file JSON
    var members = JSONMembers(root)
    while let name = members.nextName() {
      if key(JSONString.excerpt(at: name)) == nil { throw ProfileError(.unknownKey, at: name) }
    }
    if let format = JSONMembers.member("format", of: root) {
      let kind = JSONKind(at: format)
      if kind != .string || !JSONString.excerpt(at: format).equals(ProfileFile.format.bytes) {
        throw ProfileError(.format(kind), at: format)
      }
    }
    if let layout = JSONMembers.member("layout_version", of: root) {
      guard JSONKind(at: layout) == .number, let number = wholeNumber(at: layout).value else {
        throw ProfileError(.layoutNotWhole, at: layout)
      }
      if number != Int64(Parameters.layoutVersion) { throw ProfileError(.layoutVersion(number), at: layout) }
    }
    guard let parameters = JSONMembers.member("parameters", of: root) else { throw ProfileError(.noParameters) }
    guard JSONKind(at: parameters) == .object else {
      throw ProfileError(.parametersNotObject(JSONKind(at: parameters)), at: parameters)
    }
    if let hash = JSONMembers.member("schema_hash", of: root) {
      guard JSONKind(at: hash) == .string else { throw ProfileError(.hashNotString, at: hash) }
      if !SchemaDifference.matches(hash) {
        throw ProfileError(.schema(hash: hash.offset, parameters: parameters.offset))
      }
    }
    return try values(of: parameters, to: &handler)
  }

  /// Reads the members of the `parameters` object at `parameters`; returns how many.
  static func values<Handler: ProfileHandler>(
    of parameters: TextCursor, to handler: inout Handler
  ) throws(ProfileError) -> Int {
    var count = 0
    var members = JSONMembers(parameters)
    while let name = members.nextName() {
      let id: ParameterID
      do { id = try ParameterSyntax.id(named: JSONString.excerpt(at: name)) } catch {
        throw ProfileError(.assignment(error), at: name)
      }
      let value = members.value()
      let number: Int32
      switch JSONKind(at: value) {
      case .number:
        var end = value
        JSONMembers.skipValue(&end)
        let whole = wholeNumber(at: value)
        guard let exact = whole.value, exact >= Int64(Int32.min) && exact <= Int64(Int32.max) else {
          throw ProfileError(.notWhole(id, start: value.offset, end: end.offset, digits: !whole.invalid), at: value)
        }
        number = Int32(exact)
      case .string:
        var text = ParameterValueText()
        var string = JSONString(at: value)
        while let scalar = string.nextChecked() { scalar.forEachUTF8Byte { text.append($0) } }
        do { number = try text.value(for: id) } catch { throw ProfileError(.assignment(error), at: value) }
      case let kind: throw ProfileError(.notNumberOrName(id, kind), at: value)
      }
      handler.assign(id, number, line: value.line, column: value.column)
      count &+= 1
    }
    return count
  }

  /// The checked number at `cursor`, as `Int64(text)` reads its text.
  static func wholeNumber(at cursor: TextCursor) -> WholeNumber {
    var number = WholeNumber()
    var end = cursor
    JSONMembers.skipValue(&end)
    for offset in cursor.offset..<end.offset { number.append(cursor.bytes[offset]) }
    return number
  }

  /// The index of the key `name` of a parameter file, if it is one.
  static func key(_ name: TextExcerpt) -> Int? {
    for index in 0..<4 where name.equals(key(index).bytes) { return index }
    return nil
  }

  /// The keys of a parameter file, in the order of the export.
  static func key(_ index: Int) -> StaticString {
    switch index {
    case 0: "format"
    case 1: "layout_version"
    case 2: "schema_hash"
    default: "parameters"
    }
  }

  /// Writes the message of a problem with the JSON, its syntax or its keys, found at
  /// `place` (the character or the string a message quotes).
  static func writeMessage<Sink: TextSink>(_ problem: ProfileError.Problem, at place: TextCursor, to sink: inout Sink) {
    switch problem {
    case .expected(let expected):
      if place.atEnd {
        sink.write("the file ends inside the JSON (it is cut short?): expected ")
        sink.write(expected)
      } else {
        sink.write("expected ")
        sink.write(expected)
        sink.write(", found ")
        place.found.writeQuoted(to: &sink)
      }
    case .textAfterEnd:
      sink.write("text after the end of the JSON object, found ")
      place.found.writeQuoted(to: &sink)
    case .nestsTooDeep: sink.write("the JSON nests more than 32 deep")
    case .controlInString:
      place.found.writeQuoted(to: &sink)
      sink.write(" inside a string: write it as an escape such as \\n")
    case .notAnEscape:
      place.found.writeQuoted(to: &sink)
      sink.write(" is not an escape: use \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX")
    case .unknownKey:
      let name = JSONString.excerpt(at: place)
      sink.write("unknown key ")
      name.writeQuoted(to: &sink)
      var suggestion = name.withBytes { DidYouMean(for: $0) }
      for index in 0..<4 { suggestion.consider(key(index).bytes, index: index) }
      if let best = suggestion.best { DidYouMean.writeHint(key(best).bytes, to: &sink) }
      sink.write("; a parameter file has format, layout_version, schema_hash, parameters")
    case .format(let kind):
      sink.write("\"format\" is ")
      if kind == .string { JSONString.excerpt(at: place).writeQuoted(to: &sink) } else { sink.write(kind.text) }
      sink.write("; a parameter file's is \"")
      sink.write(ProfileFile.format)
      sink.write("\"")
    case .layoutNotWhole: sink.write("\"layout_version\" must be a whole number")
    case .layoutVersion(let number):
      sink.write("parameter file has layout_version ")
      sink.write(number)
      sink.write("; this build uses ")
      sink.write(Int(Parameters.layoutVersion))
    case .noParameters: sink.write("parameter file: no \"parameters\" object")
    case .parametersNotObject(let kind):
      sink.write("\"parameters\" must be an object, found ")
      sink.write(kind.text)
    case .hashNotString:
      sink.write("\"schema_hash\" must be a string such as \"")
      ProfileFile.writeHex(Parameters.schemaHash, to: &sink)
      sink.write("\"")
    case .notNumberOrName(let id, let kind):
      sink.write(bytes: id.info.name.bytes)
      sink.write(": expected a number or a name, found ")
      sink.write(kind.text)
    default: break
    }
  }
}

extension StaticString {
  /// The text's UTF-8 bytes.
  var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: utf8Start, count: utf8CodeUnitCount) }
}
