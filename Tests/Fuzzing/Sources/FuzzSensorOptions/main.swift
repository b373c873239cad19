import ForceTrace
import FuzzSupport

/// The sensor options (`sim gesture`, `sitl`, `forcepicker-sitl`: Docs/sensor-model.md):
/// the input's lines as arguments through `SensorArguments.parse`, and each line alone
/// through `SensorFault.parse`. Errors are one line; a fault that parses is written
/// (`description`) and parsed back as itself, and so are options (`arguments`); options
/// that name a model build one that reads a short gesture within 0…1023.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSensorOptions(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let text = TextInput.normalized(Fuzz.bytes(data, size))
  let lines = TextInput.lines(text).map(String.init)
  for line in lines {
    do {
      let fault = try SensorFault.parse(line)
      do {
        let back = try SensorFault.parse(fault.description)
        Fuzz.expect(back == fault, "\(fault) does not read back as itself")
      } catch {
        fatalError("a parsed fault's text does not parse: \(fault): \(error)")
      }
    } catch {
      Fuzz.expectOneLine(error.description)
    }
  }
  var model: SensorModel
  do {
    let arguments = try SensorArguments.parse(lines)
    let back = try SensorArguments.parse(arguments.arguments)
    Fuzz.expect(back == arguments, "options do not read back as themselves")
    model = try arguments.model()
  } catch {
    Fuzz.expectOneLine(error.description)
    return 0
  }
  for frame in 0..<40 {
    let level = Double(frame % 20) * 50
    let reading = model.read(left: level, right: 1000 - level, timeMs: Double(frame) * 25)
    Fuzz.expect(reading.left <= 1023 && reading.right <= 1023, "reading \(reading) out of range")
  }
  return 0
}
