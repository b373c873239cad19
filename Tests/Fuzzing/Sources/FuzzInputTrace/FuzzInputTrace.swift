import ForceTrace
import FuzzSupport

/// Input CSV traces, read both ways the commands read them: whole (`TextInput.read`
/// then `InputTrace.parse`: `forcectl replay`, SITL) and streamed (`InputTraceStream`
/// over `LineReader`: `forcectl sim run`). Both must give the same frames, or the
/// same one-line error on the same line. Bytes that are not UTF-8 text are refused by
/// the whole read at the first of them, and by the streamed read when it reaches
/// their line: then the streamed read fails too, in one line, and in the same words
/// when it fails there (an earlier line may be refused first, for what it says).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInputTrace(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = Fuzz.bytes(data, size)
  let path = Fuzz.scratchFile(bytes)
  let text: String
  do { text = try TextInput.read(path) } catch {
    Fuzz.expectOneLine(error.description)
    do {
      let stream = try InputTraceStream(path)
      while try stream.next() != nil {}
      Fuzz.expect(false, "streamed read succeeds where the whole read refuses: \(error)")
    } catch let streamed as FileError {
      Fuzz.expect(streamed == error, "whole read: \(error); streamed read: \(streamed)")
    } catch let streamed as TraceError {
      Fuzz.expectOneLine(streamed.description)
    } catch {
      fatalError("InputTraceStream failed on a plain file: \(error)")
    }
    return 0
  }
  Fuzz.expect(text == TextInput.normalized(bytes), "TextInput.read differs from TextInput.normalized")
  let whole = Result { () throws(TraceError) in try InputTrace.parse(text) }

  var streamed: [RawFrame] = []
  var streamError: TraceError?
  do {
    let stream = try InputTraceStream(path)
    while let frame = try stream.next() { streamed.append(frame) }
  } catch let error as TraceError {
    streamError = error
  } catch {
    fatalError("InputTraceStream failed on a plain file: \(error)")
  }

  switch whole {
  case .success(let frames):
    Fuzz.expect(streamError == nil, "streamed read fails (\(streamError!)) where the whole read succeeds")
    Fuzz.expect(streamed == frames, "streamed frames differ from the whole read's")
    Fuzz.expect(frames.allSatisfy { $0.left <= 1023 && $0.right <= 1023 }, "a reading outside 0...1023")
  case .failure(let error):
    Fuzz.expectOneLine(error.description)
    Fuzz.expect(
      streamError == error,
      "whole read: \(error); streamed read: \(streamError.map(String.init(describing:)) ?? "success")")
  }
  return 0
}
