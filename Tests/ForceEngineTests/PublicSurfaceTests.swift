import Foundation
import Testing

/// `ForceEngine`'s public surface is what a firmware or host user needs: the
/// parameters with their descriptions and rules, the engine, its frame output,
/// events, state, direction, technique and sensitivity. Everything else is internal.
/// This test lists every `public` declaration in `Sources/ForceEngine` and fails when
/// the list changes, so growing the surface is a decision made here, not by accident.
@Suite struct PublicSurfaceTests {
  static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Sources/ForceEngine")

  /// The allowed surface: `Context.kind name(labels:)`, one a line.
  static let allowed: Set<String> = [
    "Direction enum Direction", "Direction.name var name", "Direction.reversed var reversed",
    "EngineEvents struct EngineEvents", "EngineEvents.Kind enum Kind", "EngineEvents.Kind.at func at(_:)",
    "EngineEvents.Kind.count let count", "EngineEvents.boostOn var boostOn", "EngineEvents.contains func contains(_:)",
    "EngineEvents.direction var direction", "EngineEvents.init init()", "EngineEvents.isEmpty var isEmpty",
    "EngineEvents.mask var mask", "EngineEvents.value var value", "EngineEvents.velocity var velocity",
    "EngineEvents.== func ==(_:_:)",
    "EngineState enum EngineState", "EngineState.name var name",
    "ForceEngine struct ForceEngine", "ForceEngine.apply func apply(_:)",
    "ForceEngine.derivedConfigurationBytes var derivedConfigurationBytes", "ForceEngine.direction var direction",
    "ForceEngine.init init(parameters:)", "ForceEngine.reset func reset(parameters:)", "ForceEngine.state var state",
    "ForceEngine.step func step(left:right:)", "ForceEngine.unitsPerItem var unitsPerItem",
    "FrameOutput struct FrameOutput", "FrameOutput.== func ==(_:_:)", "FrameOutput.direction var direction",
    "FrameOutput.events var events",
    "FrameOutput.force var force", "FrameOutput.fraction var fraction",
    "FrameOutput.init init(force:state:direction:value:fraction:events:faults:)",
    "FrameOutput.faults var faults", "EngineEvents.faults var faults", "ForceEngine.faults var faults",
    "ForceEngine.restLevels var restLevels", "ForceEngine.pullUpsNext var pullUpsNext",
    "ForceEngine.lastGoodReadings var lastGoodReadings",
    "ForceEngine.fsrLawExponentThousandths var fsrLawExponentThousandths",
    "ForceEngine.fsrLawReading func fsrLawReading(_:offset:)", "CellFault enum CellFault", "CellFault.count let count",
    "CellFault.hint var hint", "CellFault.holds var holds", "CellFault.name var name", "CellFaults struct CellFaults",
    "CellFaults.holds var holds", "CellFaults.init init(left:right:)", "CellFaults.left var left",
    "CellFaults.none let none", "CellFaults.packed init?(packed:)", "CellFaults.rawValue var rawValue",
    "CellFaults.right var right",
    "FrameOutput.positionMilli func positionMilli(unitsPerItem:)", "FrameOutput.state var state",
    "FrameOutput.value var value",
    "ParameterError struct ParameterError", "ParameterError.init init(parameter:value:rule:)",
    "ParameterError.parameter let parameter", "ParameterError.rule let rule", "ParameterError.value let value",
    "ParameterID enum ParameterID", "ParameterID.at func at(_:)", "ParameterID.count let count",
    "ParameterID.info var info", "ParameterID.named func named(_:)", "ParameterID.symbol func symbol(for:)",
    "ParameterID.value func value(forSymbol:)", "ParameterID.defaultValue var defaultValue",
    "ParameterID.max var max", "ParameterID.min var min",
    "ParameterInfo struct ParameterInfo", "ParameterInfo.defaultValue let defaultValue", "ParameterInfo.max let max",
    "ParameterInfo.min let min", "ParameterInfo.name let name",
    "ParameterInfo.unit let unit",
    "ParameterRule enum ParameterRule", "ParameterRule.holds func holds(_:)",
    "ParameterRule.relationCount let relationCount", "ParameterRule.subject var subject", "ParameterRule.text var text",
    "Parameters struct Parameters", "Parameters.== func ==(_:_:)", "Parameters.decoding init?(decoding:)",
    "Parameters.defaults var defaults", "Parameters.encode func encode(into:)",
    "Parameters.withStoredLayout func withStoredLayout(_:)",
    "Parameters.encodedSize let encodedSize",
    "Parameters.init init()", "Parameters.layoutVersion let layoutVersion", "Parameters.replace func replace(with:)",
    "Parameters.sampleRateHz var sampleRateHz", "Parameters.schemaHash let schemaHash",
    "Parameters.sensitivity var sensitivity", "Parameters.set func set(_:)", "Parameters.set func set(_:to:)",
    "Parameters.speed func speed(atForce:boosted:)",
    "Parameters.subscript subscript(id:)", "Parameters.technique var technique", "Parameters.validate func validate()",
    "Sensitivity enum Sensitivity", "Sensitivity.count let count", "Sensitivity.gainQ16 var gainQ16",
    "Sensitivity.name var name", "HIDMode enum HIDMode", "HIDMode.count let count", "HIDMode.name var name",
    "Parameters.hidMode var hidMode",
    "TableText struct TableText", "TableText.== func ==(_:_:)", "TableText.bytes var bytes",
    "TableText.equals func equals(_:)",
    "Technique enum Technique", "Technique.at func at(_:)", "Technique.count let count",
    "Technique.isBenchmarked var isBenchmarked", "Technique.isInStudy var isInStudy", "Technique.name var name",
    "Technique.alwaysWraps var alwaysWraps", "Technique.isPositional var isPositional",
    "Technique.choosesDirection var choosesDirection",
  ]

  /// Every `public` declaration under `Sources/ForceEngine`.
  static func surface() throws -> Set<String> {
    var found: Set<String> = []
    let files = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") }
    for file in files {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      found.formUnion(declarations(in: text))
    }
    return found
  }

  /// The public declarations of one file, named by the types (or extended types) they sit in.
  static func declarations(in text: String) -> [String] {
    let lines = text.components(separatedBy: "\n")
    let modifiers: Set<String> = ["public", "static", "mutating", "final", "private(set)", "nonisolated(unsafe)"]
    var contexts: [(indent: Int, name: String)] = []
    var result: [String] = []
    for (index, line) in lines.enumerated() {
      let trimmed = line.drop(while: { $0 == " " })
      let indent = line.count - trimmed.count
      if trimmed.isEmpty || trimmed.hasPrefix("//") || trimmed.hasPrefix("}") { continue }
      contexts.removeAll { $0.indent >= indent }
      var words = trimmed.split(separator: " ").map(String.init)
      while let first = words.first, first.hasPrefix("@") { words.removeFirst() }
      let isPublic = words.first == "public"
      while let first = words.first, modifiers.contains(first) { words.removeFirst() }
      let declaration = words.joined(separator: " ")
      let kinds = [
        "struct", "enum", "class", "protocol", "extension", "func", "var", "let", "init?", "init", "subscript",
      ]
      guard let kind = kinds.first(where: { declaration.hasPrefix($0 + " ") || declaration.hasPrefix($0 + "(") })
      else { continue }
      let afterKind = declaration.dropFirst(kind.count).drop(while: { $0 == " " })
      let name = String(afterKind.prefix { !"(<: {".contains($0) })
      let path = contexts.map(\.name)
      if ["struct", "enum", "class", "protocol", "extension"].contains(kind) {
        if isPublic { result.append("\((path + [name]).joined(separator: ".")) \(kind) \(name)") }
        contexts.append((indent, name))
        continue
      }
      guard isPublic else { continue }
      let full = ([declaration] + lines[(index + 1)...].prefix(8)).joined(separator: "\n")
      let operatorLike = !name.isEmpty && name.allSatisfy { "=<>!+-*/%&|^~".contains($0) }
      let list = operatorLike ? "_:_:" : labels(full)
      switch kind {
      case "func": result.append("\((path + [name]).joined(separator: ".")) func \(name)(\(list))")
      case "init", "init?":
        let member = kind == "init?" ? String(list.prefix { $0 != ":" }) : "init"
        result.append("\((path + [member]).joined(separator: ".")) \(kind)(\(list))")
      case "subscript": result.append("\((path + ["subscript"]).joined(separator: ".")) subscript(\(list))")
      default: result.append("\((path + [name]).joined(separator: ".")) \(kind) \(name)")
      }
    }
    return result
  }

  /// `a:b:` for the first parameter list in `declaration`.
  static func labels(_ declaration: String) -> String {
    guard let open = declaration.firstIndex(of: "(") else { return "" }
    var depth = 0
    var current = ""
    var parameters: [String] = []
    for character in declaration[open...] {
      if character == "(" {
        depth += 1
        if depth == 1 { continue }
      }
      if character == ")" {
        depth -= 1
        if depth == 0 { break }
      }
      if character == "," && depth == 1 {
        parameters.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    parameters.append(current)
    return parameters.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
      .map { "\($0.prefix { $0 != " " && $0 != ":" }):" }.joined()
  }

  @Test func onlyTheIntendedDeclarationsArePublic() throws {
    let surface = try Self.surface()
    let added = surface.subtracting(Self.allowed).sorted()
    let gone = Self.allowed.subtracting(surface).sorted()
    #expect(added.isEmpty, "public but not in the allowed surface:\n\(added.joined(separator: "\n"))")
    #expect(gone.isEmpty, "in the allowed surface but not public (update the list):\n\(gone.joined(separator: "\n"))")
  }

  @Test func theScannerSeesPublicDeclarations() {
    let sample = """
      public struct A {
        public var x: Int
        var hidden: Int
        public static func make(_ a: Int, with b: Int) -> A { A(x: a, hidden: b) }
        public enum B { case one }
      }
      extension StaticString {
        public func leak() {}
      }
      """
    #expect(
      Set(Self.declarations(in: sample))
        == ["A struct A", "A.x var x", "A.make func make(_:with:)", "A.B enum B", "StaticString.leak func leak()"])
  }
}
