import ForceHostCore

// The page's offline playback reads its input CSV through ForceHostCore's
// `InputCSVParser`, as forcectl does (Web/js/wire.js, `inputCSV`).

nonisolated(unsafe) var inputCSV = InputCSVParser()

/// Starts a new input CSV.
@_expose(wasm, "fp_input_csv_reset")
@_cdecl("fp_input_csv_reset")
public func fpInputCSVReset() { inputCSV = InputCSVParser() }

/// Parses the `length` bytes at the input area, the next chunk of the file. Returns
/// the number of frames its rows ended, written to the document area as (left, right,
/// left pulled, right pulled) Int32s (`putFrame`); or, for a refused file, -1 - the length of the error ("line 3,
/// column 6: left: 1024 is outside 0...1023") written to the document area.
@_expose(wasm, "fp_input_csv_feed")
@_cdecl("fp_input_csv_feed")
public func fpInputCSVFeed(_ length: Int32) -> Int32 {
  let count = min(Int(max(length, 0)), SharedMemory.inputCapacity)
  var frames = 0
  do {
    for index in 0..<count {
      if let frame = try inputCSV.feed(Area.input[index]) { putFrame(frame, at: &frames) }
    }
  } catch {
    return refusedCSV(error)
  }
  return Int32(frames)
}

/// Ends the input CSV: returns 0, or 1 with the frame of a last row without a line
/// end (as `fp_input_csv_feed`), or the error of an empty or frameless file.
@_expose(wasm, "fp_input_csv_finish")
@_cdecl("fp_input_csv_finish")
public func fpInputCSVFinish() -> Int32 {
  var frames = 0
  do {
    if let frame = try inputCSV.finish() { putFrame(frame, at: &frames) }
  } catch {
    return refusedCSV(error)
  }
  return Int32(frames)
}

/// Writes frame `index` as four Int32s: left, right, and the two pulled readings (the
/// plain ones again when the file has no pulled columns).
func putFrame(_ frame: InputFrame, at index: inout Int) {
  let document = Area.document
  guard (index &+ 1) &* 16 <= document.count else { return }
  let values = (frame.left, frame.right, frame.leftPulled, frame.rightPulled)
  document.storeBytes(of: Int32(values.0).littleEndian, toByteOffset: index &* 16, as: Int32.self)
  document.storeBytes(of: Int32(values.1).littleEndian, toByteOffset: index &* 16 &+ 4, as: Int32.self)
  document.storeBytes(of: Int32(values.2).littleEndian, toByteOffset: index &* 16 &+ 8, as: Int32.self)
  document.storeBytes(of: Int32(values.3).littleEndian, toByteOffset: index &* 16 &+ 12, as: Int32.self)
  index &+= 1
}

func refusedCSV(_ error: InputCSVError) -> Int32 {
  var writer = DocumentWriter()
  error.write(to: &writer)
  return -1 &- Int32(writer.count)
}
