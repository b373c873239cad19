/// A HID report descriptor decoded from USB HID 1.11 §6.2.2: short items (prefix
/// byte: bSize in bits 0-1 as 0, 1, 2 or 4 bytes, bType in bits 2-3, bTag in bits
/// 4-7), the global and local item state, collections, and the Input main items
/// with what they declare. Usages are 32-bit: page << 16 | ID. The tests' own reading
/// of the HID specification, independent of the firmware's table (`HIDReports`).
public struct HIDItemParser {
  /// One Input main item.
  public struct Field {
    public var reportID: UInt8
    public var usages: [UInt32]
    public var usageMinimum: UInt32?
    public var usageMaximum: UInt32?
    public var logicalMinimum: Int32
    public var logicalMaximum: Int32
    public var physicalMinimum: Int32
    public var physicalMaximum: Int32
    public var size: Int
    public var count: Int
    public var constant: Bool
    public var variable: Bool
    public var relative: Bool
  }

  /// A top-level (application) collection.
  public struct Application {
    public var usage: UInt32
    public var reportID: UInt8
  }

  /// The Input main items, in order.
  public var inputs: [Field] = []
  /// The Feature main items, in order.
  public var features: [Field] = []
  /// The top-level application collections, in order.
  public var applications: [Application] = []

  /// Bits of input fields in report `id` (the ID byte not counted).
  public func inputBits(_ id: UInt8) -> Int {
    inputs.filter { $0.reportID == id }.reduce(0) { $0 + $1.size * $1.count }
  }

  /// Bits of feature fields in report `id` (the ID byte not counted).
  public func featureBits(_ id: UInt8) -> Int {
    features.filter { $0.reportID == id }.reduce(0) { $0 + $1.size * $1.count }
  }

  /// Nil when an item is malformed, a collection is not closed, or a long item appears.
  public static func parse(_ bytes: [UInt8]) -> HIDItemParser? {
    var result = HIDItemParser()
    var page: UInt32 = 0
    var reportID: UInt8 = 0
    var logical = (minimum: Int32(0), maximum: Int32(0))
    var physical = (minimum: Int32(0), maximum: Int32(0))
    var size = 0
    var count = 0
    var usages: [UInt32] = []
    var usageMinimum: UInt32?
    var usageMaximum: UInt32?
    var depth = 0
    var pendingApplication: Int?
    var offset = 0
    func usage(_ value: UInt32, _ length: Int) -> UInt32 { length == 4 ? value : page << 16 | value }
    while offset < bytes.count {
      let prefix = bytes[offset]
      if prefix == 0xFE { return nil }  // long item
      let length = [0, 1, 2, 4][Int(prefix & 3)]
      guard offset + 1 + length <= bytes.count else { return nil }
      let data = bytes[offset + 1..<offset + 1 + length]
      let unsigned = data.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
      let signed: Int32 =
        length == 0
        ? 0
        : length == 1
          ? Int32(Int8(bitPattern: UInt8(unsigned)))
          : length == 2
            ? Int32(Int16(bitPattern: UInt16(unsigned))) : Int32(bitPattern: unsigned)
      let type = (prefix >> 2) & 3
      let tag = prefix >> 4
      switch (type, tag) {
      case (0, 0x8), (0, 0xB):  // Input, Feature
        let field = Field(
          reportID: reportID, usages: usages, usageMinimum: usageMinimum, usageMaximum: usageMaximum,
          logicalMinimum: logical.minimum, logicalMaximum: logical.maximum, physicalMinimum: physical.minimum,
          physicalMaximum: physical.maximum, size: size, count: count,
          constant: unsigned & 1 != 0, variable: unsigned & 2 != 0, relative: unsigned & 4 != 0)
        if tag == 0x8 { result.inputs.append(field) } else { result.features.append(field) }
      case (0, 0xA):  // Collection
        if depth == 0 && unsigned == 1 {
          result.applications.append(Application(usage: usages.first ?? 0, reportID: 0))
          pendingApplication = result.applications.count - 1
        }
        depth += 1
      case (0, 0xC):  // End Collection
        depth -= 1
        if depth < 0 { return nil }
      case (0, _): break  // Output: none expected, ignored
      case (1, 0x0): page = unsigned
      case (1, 0x1): logical.minimum = signed
      case (1, 0x2): logical.maximum = signed
      case (1, 0x3): physical.minimum = signed
      case (1, 0x4): physical.maximum = signed
      case (1, 0x7): size = Int(unsigned)
      case (1, 0x8):
        reportID = UInt8(unsigned)
        if let index = pendingApplication { result.applications[index].reportID = reportID }
      case (1, 0x9): count = Int(unsigned)
      case (1, _): break
      case (2, 0x0): usages.append(usage(unsigned, length))
      case (2, 0x1): usageMinimum = usage(unsigned, length)
      case (2, 0x2): usageMaximum = usage(unsigned, length)
      case (2, _): break
      default: return nil
      }
      if type == 0 {  // a main item clears the local state
        usages = []
        usageMinimum = nil
        usageMaximum = nil
        if tag == 0xA || tag == 0xC { pendingApplication = tag == 0xA ? pendingApplication : nil }
      }
      offset += 1 + length
    }
    return depth == 0 ? result : nil
  }
}
