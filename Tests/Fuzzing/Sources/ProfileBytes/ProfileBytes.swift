import ForceEngine
import ForceHostCore
import ForceTrace
import FuzzSupport

/// A parameter file's bytes read two ways that must agree: as the page reads them
/// (ForceHostCore's `ProfileFile` on the bytes as they are: their line ends, a
/// byte-order mark, bytes that are not text) and as `forcectl` does (`TextInput`
/// checks and normalizes them, then `ParameterText.locatedAssignments`). Both give the
/// same values at the same places, or the same words.
public enum ProfileBytes {
  /// What a read gives.
  enum Read: Equatable {
    case values([FileAssignment])
    case refused(String)
  }

  /// Stops the run when the two reads of `bytes` differ.
  public static func expectSameRead(_ bytes: [UInt8]) {
    let page = pageRead(bytes)
    let host = hostRead(bytes)
    Fuzz.expect(page == host, "the page reads \(page), forcectl \(host)")
  }

  static func pageRead(_ bytes: [UInt8]) -> Read {
    var values = Values()
    return bytes.withUnsafeBytes { file in
      do throws(ProfileError) {
        try ProfileFile.read(file, to: &values)
        return .values(values.list)
      } catch {
        var message = TextBuffer()
        error.write(file: file, to: &message)
        return .refused(message.string)
      }
    }
  }

  static func hostRead(_ bytes: [UInt8]) -> Read {
    do {
      try TextInput.checkText(bytes, path: "file")
      return .values(try ParameterText.locatedAssignments(inFile: TextInput.normalized(bytes)))
    } catch let error as FileError {
      return .refused(String(error.description.dropFirst("file: ".count)))
    } catch {
      return .refused("\(error)")
    }
  }

  /// The values `ProfileFile` hands over.
  struct Values: ProfileHandler {
    var list: [FileAssignment] = []

    mutating func assign(_ id: ParameterID, _ value: Int32, line: Int, column: Int) {
      list.append(FileAssignment(id: id, value: value, line: line, column: column))
    }
  }
}
