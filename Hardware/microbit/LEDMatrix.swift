/// The 25 LEDs of the micro:bit v1, wired as a 3-row x 9-column matrix:
/// ROW1-3 = P0.13-P0.15 (drive high to light), COL1-9 = P0.04-P0.12 (drive low
/// to light). `refreshLEDs` lights one matrix row per call.
struct LEDMatrix {
  static let firstRowPin: UInt32 = 13
  static let firstColumnPin: UInt32 = 4
  static let rowMask: UInt32 = 0b111 << firstRowPin  // P0.13-15
  static let columnMask: UInt32 = 0x1FF << firstColumnPin  // P0.04-12

  /// Index (row * 5 + column) of the logical LED at matrix (row 0-2, column 0-8),
  /// or nil for the two unconnected positions. From the micro:bit v1 schematic.
  static func logicalIndex(row: Int, column: Int) -> Int? {
    switch row * 9 + column {
    // ROW1: COL1..COL9
    case 0: return 0
    case 1: return 2
    case 2: return 4
    case 3: return 19
    case 4: return 18
    case 5: return 17
    case 6: return 16
    case 7: return 15
    case 8: return 11
    // ROW2
    case 9: return 14
    case 10: return 10
    case 11: return 12
    case 12: return 1
    case 13: return 3
    case 14: return 23
    case 15: return 21
    // ROW3
    case 18: return 22
    case 19: return 24
    case 20: return 20
    case 21: return 5
    case 22: return 6
    case 23: return 7
    case 24: return 8
    case 25: return 9
    case 26: return 13
    default: return nil
    }
  }

  /// Per matrix row, the column pins to drive low (bit n = COL n+1).
  private var row0: UInt32 = 0
  private var row1: UInt32 = 0
  private var row2: UInt32 = 0
  private var nextRow = 0

  init() {
    GPIO.clear(LEDMatrix.rowMask)
    GPIO.set(LEDMatrix.columnMask)
    GPIO.configureOutputs(LEDMatrix.rowMask | LEDMatrix.columnMask)
  }

  mutating func show(_ image: UInt32) {
    var masks: (UInt32, UInt32, UInt32) = (0, 0, 0)
    for row in 0..<3 {
      var mask: UInt32 = 0
      for column in 0..<9 {
        if let index = LEDMatrix.logicalIndex(row: row, column: column), image & (1 << UInt32(index)) != 0 {
          mask |= 1 << UInt32(column)
        }
      }
      switch row {
      case 0: masks.0 = mask
      case 1: masks.1 = mask
      default: masks.2 = mask
      }
    }
    (row0, row1, row2) = masks
  }

  mutating func refresh() {
    let columns: UInt32
    switch nextRow {
    case 0: columns = row0
    // Plus the low-supply LED (logical 10, ROW2 COL2: the middle of the left column,
    // which the firmware's images never light) while the supply reads 1…711: below
    // 2.5 V (`ADC.lowSupply`; 0 is not measured).
    case 1: columns = row1 | (adcPair.supply &- 1 < ADC.lowSupply &- 1 ? 1 << 1 : 0)
    default: columns = row2
    }
    GPIO.clear(LEDMatrix.rowMask)  // all rows off while the columns change
    GPIO.set(LEDMatrix.columnMask)
    GPIO.clear(columns << LEDMatrix.firstColumnPin)
    GPIO.set(1 << (LEDMatrix.firstRowPin + UInt32(nextRow)))
    nextRow = nextRow == 2 ? 0 : nextRow + 1
  }
}
