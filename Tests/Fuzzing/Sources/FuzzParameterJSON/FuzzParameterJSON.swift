import ForceEngine
import ForceTrace
import FuzzSupport
import ProfileBytes

/// JSON parameter files (`--profile`, `params import`, `params diff`, the page's import):
/// ForceHostCore's `ProfileFile` on the bytes as the page reads them against
/// forcectl's read (`ProfileBytes`), then `ParameterText.assignments(inFile:)` on text
/// starting with `{` and `ParameterText.applying` to the defaults. Parameters that
/// apply, exported again with `ParameterText.json`, import as the same parameters.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParameterJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = Fuzz.bytes(data, size)
  ProfileBytes.expectSameRead(bytes)
  let text = TextInput.normalized(bytes)
  let parameters: Parameters
  do {
    parameters = try ParameterText.applying(try ParameterText.assignments(inFile: text), to: .defaults)
  } catch {
    Fuzz.expectOneLine(error.description)
    return 0
  }
  let exported = ParameterText.json(parameters)
  do {
    let back = try ParameterText.applying(try ParameterText.assignments(inFile: exported), to: .defaults)
    Fuzz.expect(back == parameters, "exported parameters import differently")
  } catch {
    fatalError("exported parameters do not import: \(error)")
  }
  return 0
}
