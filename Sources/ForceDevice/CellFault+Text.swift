import ForceEngine
import ForceHostCore
import ForceTrace

extension CellFault {
  /// What the fault most likely means, for the user (`hint`); nil for `none`.
  public var meaning: String? { self == .none ? nil : String(describing: hint) }

  /// Every fault kind, `ok` aside, in code order.
  public static var kinds: [CellFault] { (1..<count).compactMap { CellFault(rawValue: $0) } }

  /// The kinds' names for help texts: "open, railed, …, floating"; with `holdingOnly`,
  /// those that hold the engine, the last after "or".
  public static func nameList(holdingOnly: Bool = false) -> String {
    let names = kinds.filter { !holdingOnly || $0.holds }.map { String(describing: $0.name) }
    guard holdingOnly, let last = names.last else { return names.joined(separator: ", ") }
    return names.dropLast().joined(separator: ", ") + " or " + last
  }

  /// The fault's name and its meaning: "railed (shorted to the supply?)", or "ok".
  public var explained: String {
    let name = String(describing: self.name)
    return meaning.map { "\(name) (\($0))" } ?? name
  }
}

extension CellFaults {
  /// Both cells with their faults, left first: `[("left", .none), ("right", .railed)]`.
  public var cells: [(cell: String, fault: CellFault)] { [("left", left), ("right", right)] }

  /// Both cells for the user: "left ok, right railed (shorted to the supply?)".
  public var summary: String {
    cells.map { "\($0.cell) \($0.fault.explained)" }.joined(separator: ", ")
  }

  /// Both cells as a JSON object: `{"left": "ok", "right": "railed"}`.
  public var json: String {
    "{" + cells.map { "\"\($0.cell)\": \"\($0.fault.name)\"" }.joined(separator: ", ") + "}"
  }

  /// The cells that have a fault and what follows from it, or nil when neither has one:
  /// "right cell railed (shorted to the supply?): the picker holds until it reads normally again"
  /// (`writeWarning`, the web tuner's words too).
  public var warning: String? {
    var text = TextBuffer()
    writeWarning(to: &text)
    return text.string.isEmpty ? nil : text.string
  }
}
