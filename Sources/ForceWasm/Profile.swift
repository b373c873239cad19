import ForceEngine
import ForceHostCore

// The page's parameter files (the import button) are read by ForceHostCore's
// `ProfileFile`, as `forcectl params import` and `--profile` read them
// (Web/js/wire.js, `profile`): JavaScript copies the file's bytes to the file area.

/// The most bytes of a file the file area holds.
@_expose(wasm, "fp_file_capacity")
@_cdecl("fp_file_capacity")
public func fpFileCapacity() -> Int32 { Int32(SharedMemory.fileCapacity) }

/// Reads the parameter file of `length` bytes in the file area. Accepted: writes its
/// values as a `paramSetBatch` row (count, id0, value0, …) and returns the count.
/// Refused: writes forcectl's words ("line 4, column 5: 'rest_threshold' is given
/// twice (first on line 3)") to the document area and returns minus their length; a
/// file larger than the area is refused as such.
@_expose(wasm, "fp_profile_parse")
@_cdecl("fp_profile_parse")
public func fpProfileParse(_ length: Int32) -> Int32 {
  var text = DocumentWriter()
  guard length >= 0, length <= SharedMemory.fileCapacity else {
    text.write("the file has ")
    text.write(length)
    text.write(" bytes: too large for a parameter file (the page reads at most ")
    text.write(SharedMemory.fileCapacity)
    text.write("; an exported one has about 900)")
    return -Int32(text.count)
  }
  let file = UnsafeRawBufferPointer(rebasing: Area.file[0..<Int(length)])
  var values = BatchFields()
  do throws(ProfileError) {
    try ProfileFile.read(file, to: &values)
  } catch {
    error.write(file: file, to: &text)
    return -Int32(text.count)
  }
  Area.fields[0] = Int32(values.count)
  return Int32(values.count)
}

/// Writes a file's values to the fields after the count, as `paramSetBatch` has them.
/// A file sets each parameter at most once, so they fit.
struct BatchFields: ProfileHandler {
  var count = 0

  mutating func assign(_ id: ParameterID, _ value: Int32, line: Int, column: Int) {
    guard 2 &* count &+ 2 < SharedMemory.fieldCount else { return }
    Area.fields[1 &+ 2 &* count] = Int32(id.rawValue)
    Area.fields[2 &+ 2 &* count] = value
    count &+= 1
  }
}
