import ForceEngine
import ForceProtocol
import Foundation
import Testing

/// The example frames of Protocol.md are test vectors: each `// name` line is followed
/// by a line of hex bytes that must decode to `exampleMessages()[name]` and re-encode
/// to the same bytes. Run with FORCEPROTOCOL_PRINT_EXAMPLES=1 to print fresh lines.
@Suite struct DocumentVectorTests {
  static let documentURL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/ForceProtocol/ForceProtocol.docc/Protocol.md")

  /// (label, bytes) for every example in the document, in order.
  static func documentExamples() throws -> [(label: String, bytes: [UInt8])] {
    let text = try String(contentsOf: documentURL, encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    var result: [(String, [UInt8])] = []
    for (index, line) in lines.enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      guard trimmed.hasPrefix("// "), index + 1 < lines.count else { continue }
      let label = String(trimmed.dropFirst(3).split(separator: " ").first ?? "")
      if let bytes = parseHex(Substring(lines[index + 1].trimmingCharacters(in: .whitespaces))) {
        result.append((label, bytes))
      }
    }
    return result
  }

  @Test func everyExampleInTheDocumentIsAVector() throws {
    let examples = try DocumentVectorTests.documentExamples()
    let expected = Dictionary(uniqueKeysWithValues: exampleMessages().map { ($0.name, ($0.seq, $0.message)) })
    var seen = Set<String>()
    for (label, bytes) in examples {
      seen.insert(label)
      #expect(bytes.last == 0, "\(label)")
      let decoded = frames(bytes)
      try #require(decoded.count == 1, "\(label) does not decode to one frame")
      if label == "crc-check" {
        // type '1', seq '2', body "3456789": the CRC covers ASCII "123456789".
        #expect(decoded[0].type == 0x31 && decoded[0].seq == 0x32)
        #expect(decoded[0].body == Array("3456789".utf8))
        #expect(Array(bytes[(bytes.count - 3)...]) == [0xB1, 0x29, 0x00])
        continue
      }
      if let rejected = rejectedRequestExamples().first(where: { $0.name == label }) {
        #expect(decoded[0].type == rejected.type && decoded[0].seq == rejected.seq && decoded[0].body == rejected.body)
        #expect(throws: rejected.error, "\(label)") { try Message.decodeRequest(decoded[0]) }
        let reply = ErrorReply(rejecting: decoded[0], because: rejected.error)
        #expect(.error(reply) == expected[rejected.reply]?.1, "\(label)")
        #expect(decoded[0].seq == expected[rejected.reply]?.0, "\(label)")
        #expect(try wire(type: decoded[0].type, seq: decoded[0].seq, body: decoded[0].body) == bytes)
        continue
      }
      guard let (seq, message) = expected[label] else {
        Issue.record("Protocol.md example '\(label)' has no expected message in exampleMessages()")
        continue
      }
      #expect(decoded[0].seq == seq, "\(label)")
      #expect(try Message.decode(decoded[0]) == message, "\(label)")
      #expect(try wire(message, seq: seq) == bytes, "\(label) re-encodes differently")
    }
    for name in expected.keys { #expect(seen.contains(name), "Protocol.md lacks the example '\(name)'") }
    for rejected in rejectedRequestExamples() { #expect(seen.contains(rejected.name)) }
    #expect(seen.contains("crc-check"))
  }

  @Test func everyHexLineIsLabelled() throws {
    let text = try String(contentsOf: DocumentVectorTests.documentURL, encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    for (index, line) in lines.enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      guard let bytes = parseHex(Substring(trimmed)), bytes.count >= 5, bytes.last == 0 else { continue }
      let previous = index > 0 ? lines[index - 1].trimmingCharacters(in: .whitespaces) : ""
      #expect(previous.hasPrefix("// "), "unlabelled frame on line \(index + 1): \(trimmed)")
    }
  }

  /// Prints every example frame, for pasting into Protocol.md after a message changes.
  @Test(
    .enabled(
      if: ProcessInfo.processInfo.environment["FORCEPROTOCOL_PRINT_EXAMPLES"] != nil,
      "prints the example frames when FORCEPROTOCOL_PRINT_EXAMPLES is set"))
  func printExamples() throws {
    for example in exampleMessages() {
      print("// \(example.name)\n\(hex(try wire(example.message, seq: example.seq)))")
    }
    for rejected in rejectedRequestExamples() {
      print("// \(rejected.name)\n\(hex(try wire(type: rejected.type, seq: rejected.seq, body: rejected.body)))")
    }
  }
}

/// The document's definitions that are not frames: the parameter table and the schema
/// hash, checked against the engine and recomputed as the document describes.
@Suite struct DocumentDefinitionTests {
  static func document() throws -> String {
    try String(contentsOf: DocumentVectorTests.documentURL, encoding: .utf8)
  }

  /// Rows `| id | \`name\` | unit | min | max | default |` of the parameter table.
  static func parameterRows() throws -> [(id: Int, name: String, unit: String, min: Int32, max: Int32, def: Int32)] {
    try document().split(separator: "\n").compactMap { line in
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count == 6, let id = Int(cells[0]), cells[1].hasPrefix("`"),
        let min = Int32(cells[3]), let max = Int32(cells[4]), let def = Int32(cells[5])
      else { return nil }
      return (id, cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`")), cells[2], min, max, def)
    }
  }

  @Test func theParameterTableIsTheEngines() throws {
    let rows = try DocumentDefinitionTests.parameterRows()
    #expect(rows.count == ParameterID.count)
    for row in rows {
      let info = try #require(ParameterID.at(row.id)).info
      #expect("\(info.name)" == row.name && "\(info.unit)" == row.unit, "row \(row.id)")
      #expect(info.min == row.min && info.max == row.max && info.defaultValue == row.def, "row \(row.id)")
    }
  }

  /// FNV-1a as the document defines it, over the document's table, gives both the
  /// engine's hash and the reference value the document prints.
  @Test func theSchemaHashIsComputableFromTheDocument() throws {
    var hash: UInt32 = 0x811C_9DC5
    func mix(_ byte: UInt8) { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
    for row in try DocumentDefinitionTests.parameterRows() {
      for byte in row.name.utf8 { mix(byte) }
      for value in [row.def, row.min, row.max] {
        for shift in stride(from: 0, to: 32, by: 8) {
          mix(UInt8(truncatingIfNeeded: UInt32(bitPattern: value) >> shift))
        }
      }
    }
    #expect(hash == Parameters.schemaHash)
    let reference = String(hash, radix: 16)
    #expect(
      try DocumentDefinitionTests.document().contains(
        "it is **`\(String(repeating: "0", count: 8 - reference.count))\(reference)`**"))
  }

  @Test func theDocumentStandsAlone() throws {
    let text = try DocumentDefinitionTests.document()
    #expect(!text.contains("SPEC"))
    #expect(!text.contains("§"))
    #expect(text.contains("Protocol version: **\(FrameFormat.protocolVersion)**"))
  }
}
