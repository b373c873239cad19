import ForceEngine

/// What differs when a parameter file's `schema_hash` is not this build's: the names
/// the file has that this build does not know, the names it lacks, each list sorted.
enum SchemaDifference {
  /// Whether the checked JSON string at `hash` is this build's schema hash, in any case.
  static func matches(_ hash: TextCursor) -> Bool {
    var string = JSONString(at: hash)
    var index = 0
    while let scalar = string.nextChecked() {
      var value = scalar.value
      if value >= 0x41 && value <= 0x5A { value |= 0x20 }
      guard index < 10, value == UInt32(hexCharacter(Parameters.schemaHash, index)) else { return false }
      index &+= 1
    }
    return index == 10
  }

  /// Character `index` of `value` written as `0x` and eight lowercase hex digits (`ProfileFile.writeHex`).
  static func hexCharacter(_ value: UInt32, _ index: Int) -> UInt8 {
    if index == 0 { return UInt8(ascii: "0") }
    if index == 1 { return UInt8(ascii: "x") }
    let digits: StaticString = "0123456789abcdef"
    return digits.utf8Start[Int(value >> UInt32(4 &* (9 &- index)) & 0xF)]
  }

  /// Writes the message for a file written for schema `hash` whose `parameters` object
  /// is at `parameters`.
  static func write<Sink: TextSink>(hash: TextExcerpt, parameters: TextCursor, to sink: inout Sink) {
    sink.write("parameter file was written for schema ")
    hash.writeQuoted(to: &sink)
    sink.write("; this build uses ")
    ProfileFile.writeHex(Parameters.schemaHash, to: &sink)
    // The file's names this build does not know, smallest first.
    var unknown = 0
    var previous: TextCursor?
    while let next = nextUnknown(in: parameters, after: previous) {
      sink.write(unknown == 0 ? "; unknown here: " : ", ")
      JSONString.excerpt(at: next).writeQuoted(to: &sink)
      previous = next
      unknown &+= 1
    }
    // This build's names the file lacks, in order of name.
    var missing = 0
    var last: ParameterID?
    while let id = nextName(after: last) {
      last = id
      if JSONMembers.member(id.info.name.bytes, of: parameters) != nil { continue }
      sink.write(missing == 0 ? "; missing from the file: " : ", ")
      sink.write(bytes: id.info.name.bytes)
      missing &+= 1
    }
    if unknown == 0 && missing == 0 { sink.write("; same names, so some range, default or meaning changed") }
    sink.write("; re-export it with `forcectl params export`")
  }

  /// The smallest name of the object at `parameters` that is no parameter's and comes
  /// after `previous` (the name at that cursor), if any.
  static func nextUnknown(in parameters: TextCursor, after previous: TextCursor?) -> TextCursor? {
    var best: TextCursor?
    var members = JSONMembers(parameters)
    while let name = members.nextName() {
      if ParameterSyntax.known(JSONString.excerpt(at: name)) != nil { continue }
      if let previous, JSONString.compare(name, previous) <= 0 { continue }
      if let found = best, JSONString.compare(name, found) >= 0 { continue }
      best = name
    }
    return best
  }

  /// The parameter whose name is the smallest after `previous`'s, if any.
  static func nextName(after previous: ParameterID?) -> ParameterID? {
    var best: ParameterID?
    for index in 0..<ParameterID.count {
      let id = ParameterID.at(index)!
      let name = id.info.name.bytes
      if let previous, !previous.info.name.bytes.lexicographicallyPrecedes(name) { continue }
      if let found = best, !name.lexicographicallyPrecedes(found.info.name.bytes) { continue }
      best = id
    }
    return best
  }
}
