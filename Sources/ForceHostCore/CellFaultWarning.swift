import ForceEngine

extension CellFaults {
  /// Writes the cells that have a fault and what follows from it, the words of
  /// `forcectl monitor` and the web tuner's banner: "right cell railed (shorted to the
  /// supply?): the picker holds until it reads normally again". Writes nothing when
  /// neither cell has a fault.
  public func writeWarning<Sink: TextSink>(to sink: inout Sink) {
    let left = self.left, right = self.right
    guard left != .none || right != .none else { return }
    if left != .none { Self.writeCell("left", left, to: &sink) }
    if right != .none {
      if left != .none { sink.write("; ") }
      Self.writeCell("right", right, to: &sink)
    }
    sink.write(": ")
    switch (left.holds, right.holds) {
    case (false, false): sink.write("a warning: the picker still works")
    case (true, true): sink.write("the picker holds until both read normally again")
    case (true, false) where right != .none: sink.write("the picker holds until the left cell reads normally again")
    case (false, true) where left != .none: sink.write("the picker holds until the right cell reads normally again")
    default: sink.write("the picker holds until it reads normally again")
    }
  }

  /// "left cell railed (shorted to the supply?)".
  static func writeCell<Sink: TextSink>(_ cell: StaticString, _ fault: CellFault, to sink: inout Sink) {
    sink.write(cell)
    sink.write(" cell ")
    sink.write(fault.name)
    sink.write(" (")
    sink.write(fault.hint)
    sink.append(UInt8(ascii: ")"))
  }
}
