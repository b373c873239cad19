import ForceEngine
import ForceTrace
import FuzzSupport
import ProfileBytes

/// `NAME=VALUE` parameter text: a parameter file of such lines, its bytes read as the
/// page and as forcectl read them (`ProfileBytes`), its text through
/// (`ParameterText.assignments(inFile:)`: `--profile`, `params import`, `params diff`),
/// each line as a command-line argument (`ParameterText.assignment`: `--set`,
/// `params set`), then the all-or-nothing `ParameterText.applying` to the defaults.
/// Every accepted pair reads back the same from its formatted text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParameterText(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = Fuzz.bytes(data, size)
  ProfileBytes.expectSameRead(bytes)
  let text = TextInput.normalized(bytes)
  for line in TextInput.lines(text) {
    do {
      check(try ParameterText.assignment(String(line)))
    } catch {
      Fuzz.expectOneLine(error.description)
    }
  }
  let pairs: [(ParameterID, Int32)]
  do {
    pairs = try ParameterText.assignments(inFile: text)
  } catch {
    Fuzz.expectOneLine(error.description)
    return 0
  }
  pairs.forEach(check)
  do {
    let applied = try ParameterText.applying(pairs, to: .defaults)
    let last = Dictionary(pairs, uniquingKeysWith: { _, later in later })
    for (id, value) in last {
      Fuzz.expect(applied[id] == value, "\(ParameterText.name(id)) not applied")
    }
  } catch {
    Fuzz.expectOneLine(error.description)
  }
  return 0
}

/// An accepted pair formats as `NAME=VALUE` text that reads back as itself.
func check(_ pair: (ParameterID, Int32)) {
  let (id, value) = pair
  let text = "\(ParameterText.name(id))=\(ParameterText.format(value, of: id))"
  do {
    let back = try ParameterText.assignment(text)
    Fuzz.expect(back == pair, "\(text) reads back as \(back)")
  } catch {
    fatalError("\(text) does not read back: \(error)")
  }
}
