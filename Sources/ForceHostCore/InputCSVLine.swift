extension InputCSVParser {
  /// Feeds one whole line, without its line end, and then its end: as `feed` for each
  /// byte and then a line feed would, with the same frame, the same state after and
  /// the same error. A row of plain fields (digits only, as many as the header names)
  /// is read straight from the bytes; any other line (the header, spaces, a sign, a
  /// value out of range, time going back, too few or many fields) byte by byte, for
  /// the parser's words.
  public mutating func feedLine(_ line: UnsafeRawBufferPointer) throws(InputCSVError) -> InputFrame? {
    if splitter.bomMatched < 0 && !splitter.afterCR, let frame = row.plainRow(line) { return frame }
    var frame: InputFrame?
    for byte in line {
      if let parsed = try feed(byte) { frame = parsed }
    }
    if let parsed = try feed(0x0A) { frame = parsed }
    return frame
  }
}

extension RowState {
  /// The frame of a row of plain fields, the state moved past its line as `content`
  /// and `lineEnd` would move it; nil, nothing changed, for any other line. Called at
  /// the start of a line.
  mutating func plainRow(_ bytes: UnsafeRawBufferPointer) -> InputFrame? {
    guard sawHeader, !hasContent, bytes.count > 0 else { return nil }
    var values: (left: Int64, right: Int64, time: Int64, leftPulled: Int64, rightPulled: Int64) = (0, 0, 0, 0, 0)
    var fields = 0
    var index = 0
    while true {
      let start = index
      var value: Int64 = 0
      while index < bytes.count {
        let digit = bytes[index] &- UInt8(ascii: "0")
        if digit > 9 { break }
        value = value &* 10 &+ Int64(digit)
        index &+= 1
      }
      // At most 18 digits: no overflow, and `WholeNumber` reads the same value.
      guard index > start, index &- start <= 18 else { return nil }
      if fields == leftIndex { values.left = value }
      if fields == rightIndex { values.right = value }
      if fields == timeIndex { values.time = value }
      if fields == leftPulledIndex { values.leftPulled = value }
      if fields == rightPulledIndex { values.rightPulled = value }
      fields &+= 1
      if index == bytes.count { break }
      guard bytes[index] == UInt8(ascii: ","), fields < columnCount else { return nil }
      index &+= 1
    }
    guard fields == columnCount, values.left <= 1023, values.right <= 1023 else { return nil }
    let hasPulled = leftPulledIndex >= 0
    if hasPulled {
      guard values.leftPulled <= 1023, values.rightPulled <= 1023 else { return nil }
    } else {
      values.leftPulled = values.left
      values.rightPulled = values.right
    }
    if timeIndex >= 0 {
      if let lastTime, values.time < lastTime { return nil }
      lastTime = values.time
    }
    check.passASCIILine()
    line &+= 1  // as `startLine`: the rest of the line's state is as it began
    frameCount &+= 1
    return InputFrame(
      left: UInt16(values.left), right: UInt16(values.right), timeMs: values.time, hasTime: timeIndex >= 0,
      leftPulled: UInt16(values.leftPulled), rightPulled: UInt16(values.rightPulled), hasPulled: hasPulled)
  }
}
