import ForceHostCore
import Testing

@testable import ForceTrace

/// ForceHostCore's `InputCSVParser`, the one parser of the input CSV for forcectl and
/// the page: the same frames and errors whatever the chunks, the line ends or a BOM.
@Suite struct InputCSVCoreTests {
  /// The frames, or the error's text, of `bytes` fed in chunks of `chunk` bytes.
  static func parse(_ bytes: [UInt8]) -> String {
    var parser = InputCSVParser()
    var frames: [String] = []
    do throws(InputCSVError) {
      for byte in bytes {
        if let frame = try parser.feed(byte) { frames.append("\(frame.left)/\(frame.right)") }
      }
      if let frame = try parser.finish() { frames.append("\(frame.left)/\(frame.right)") }
    } catch {
      var text = TextBuffer()
      error.write(to: &text)
      return text.string
    }
    return frames.joined(separator: " ")
  }

  static let cases: [(String, String)] = [
    ("left,right\n1,2\n3,4", "1/2 3/4"),
    ("\u{FEFF}left,right\r\n1,2\r\n\r\n3,4\r\n", "1/2 3/4"),
    ("T_MS, Right ,LEFT\r5,1,2\r6,+3,04\r", "2/1 4/3"),
    ("\u{FEFF}left,right\r\n1,2\r\n1, x\r\n", "line 3, column 4: right: 'x' is not a whole number"),
    ("", "input is empty: expected a header with left,right"),
    ("\u{FEFF}", "input is empty: expected a header with left,right"),
    ("left,right\n \t\n", "input has a header but no frames"),
    ("left\n1\n", "line 1: header has no 'right' column (found 'left')"),
    ("a,b\n", "line 1: header has no 'left' column (found 'a,b')"),
    ("left,right\n1,2\n3\n", "line 3: expected 2 fields, found 1"),
    ("left,right\n1,2,\n", "line 2, column 5: expected 2 fields, found 3"),
    ("left,right\n,\n", "line 2, column 1: left: '' is not a whole number"),
    ("left,right\n1,  \n", "line 2, column 5: right: '' is not a whole number"),
    ("left,right\n1024,0\n", "line 2, column 1: left: 1024 is outside 0...1023"),
    ("left,right\n-1,0\n", "line 2, column 1: left: -1 is outside 0...1023"),
    ("left,right\n99999999999999999999,0\n", "line 2, column 1: left: '99999999999999999999' is outside 0...1023"),
    ("left,right\n+99999999999999999999,0\n", "line 2, column 1: left: '+99999999999999999999' is not a whole number"),
    ("left,right\n1 2,0\n", "line 2, column 1: left: '1 2' is not a whole number"),
    ("left,right,t_ms\n1,2,x\n", "line 2, column 5: t_ms: 'x' is not a whole number"),
    ("left,right\n1,\u{7}x\n", "line 2, column 3: right: '\\u{07}x' is not a whole number"),
    ("left,right\n1,é\u{85}\n", "line 2, column 3: right: 'é\\u{0085}' is not a whole number"),
    (
      "left,right\n1," + String(repeating: "é", count: 41) + "\n",
      "line 2, column 3: right: '" + String(repeating: "é", count: 40) + "…' is not a whole number"
    ),
  ]

  @Test(arguments: cases) func framesAndErrors(input: String, expected: String) {
    #expect(Self.parse(Array(input.utf8)) == expected)
  }

  /// The host's readers (whole text, streamed file) say the same as the core.
  @Test(arguments: cases) func hostReadersAgree(input: String, expected: String) throws {
    let whole: String
    do {
      whole = try InputTrace.parse(TextInput.normalized(Array(input.utf8))).map { "\($0.left)/\($0.right)" }
        .joined(separator: " ")
    } catch {
      whole = error.description
    }
    #expect(whole == expected)
  }

  @Test func quotingIsTextInputs() {
    #expect(TextInput.quoted("a\tb\r\n\u{1B}") == "'a\\tb\\r\\n\\u{1B}'")
    #expect(TextInput.quoted(String(repeating: "x", count: 40)) == "'" + String(repeating: "x", count: 40) + "'")
    #expect(TextInput.quoted(String(repeating: "x", count: 41)) == "'" + String(repeating: "x", count: 40) + "…'")
  }
}

/// ForceHostCore's `TextCheck`: the first byte that is not UTF-8 text (or a NUL), with
/// its line and column and the text before it, for the host's reads and the page's
/// parser alike.
@Suite struct TextCheckTests {
  func refusal(_ bytes: [UInt8]) -> String? {
    var parser = InputCSVParser()
    do throws(InputCSVError) {
      for byte in bytes { _ = try parser.feed(byte) }
      _ = try parser.finish()
      return nil
    } catch {
      var out = TextBuffer()
      error.write(to: &out)
      return out.string
    }
  }

  @Test func theFirstByteThatIsNotTextIsNamed() {
    let tail = ": a binary file, or text in another encoding?"
    #expect(
      refusal(Array("left,right\n1,2\n3,".utf8) + [0xE9, 0x34, 0x0A])
        == "line 3, column 3: byte 0xE9 is not UTF-8 text (after '3,')" + tail)
    #expect(
      refusal([0x7F, 0x45, 0x4C, 0x46, 0x02, 0x00])
        == "line 1, column 6: a NUL byte is not text (after '\\u{7F}ELF\\u{02}')" + tail)
    #expect(refusal([0xFF, 0xFE, 0x41]) == "line 1, column 1: byte 0xFF is not UTF-8 text" + tail)
    // Overlong, surrogate, past U+10FFFF, cut short by the line end or the input's end.
    #expect(
      refusal(Array("é,".utf8) + [0xC0, 0x80])?.hasPrefix("line 1, column 3: byte 0xC0 is not UTF-8 text (after 'é,')")
        == true)
    #expect(refusal([0x61, 0xED, 0xA0, 0x80])?.hasPrefix("line 1, column 2: byte 0xED") == true)
    #expect(refusal([0xF4, 0x90, 0x80, 0x80])?.hasPrefix("line 1, column 1: byte 0xF4") == true)
    #expect(
      refusal([0x61, 0xE2, 0x82, 0x0A])?.hasPrefix("line 1, column 2: byte 0xE2 is not UTF-8 text (after 'a')") == true)
    #expect(
      refusal(Array("left,right\n1,2\n".utf8) + [0xF0, 0x9F, 0x98])?.hasPrefix(
        "line 3, column 1: byte 0xF0 is not UTF-8 text:") == true)
    // Text in any script, a byte-order mark and an emoji are text.
    #expect(refusal(Array("\u{FEFF}left,right,note\n1,2,ça 😀 va\n".utf8)) == nil)
  }

  @Test func aLongLineIsQuotedToFortyCharactersBeforeTheByte() {
    let message = refusal(Array(("left,right,note\n1,2," + String(repeating: "ü", count: 50)).utf8) + [0xFF]) ?? ""
    #expect(message.hasPrefix("line 2, column 55: byte 0xFF is not UTF-8 text (after '1,2,üüü"), "\(message)")
    #expect(message.contains("ü…')"), "\(message)")
  }
}
