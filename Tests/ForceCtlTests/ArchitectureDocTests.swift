import Foundation
import Testing

/// `Docs/architecture.md`'s module table against what builds: every target of
/// `Package.swift` (tests aside) and every module under `Sources` has a row, no row
/// names a module that does not exist, and each row's "imports" column lists exactly
/// the target's dependencies in `Package.swift` (products by their name).
@Suite struct ArchitectureDocTests {
  /// The repository root, found from this file: Tests/ForceCtlTests/ → the root.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// A target of `Package.swift`: its name and its dependencies' names.
  struct Target: Equatable {
    var name: String
    var dependencies: Set<String>
  }

  /// The non-test targets of `Package.swift`, read from its text: each `.target(`,
  /// `.executableTarget(` or `.systemLibrary(` call with its `name:` and the names in
  /// its `dependencies:` list (strings, and `.product(name:)`).
  static func packageTargets() throws -> [Target] {
    let text = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
    var targets: [Target] = []
    let kinds = [".target(", ".executableTarget(", ".systemLibrary("]
    var rest = Substring(text)
    while let start = kinds.compactMap({ rest.range(of: $0) }).min(by: { $0.lowerBound < $1.lowerBound }) {
      // The call's text: up to its matching parenthesis.
      var depth = 0
      var end = start.upperBound
      for index in rest[start.lowerBound...].indices {
        if rest[index] == "(" { depth += 1 }
        if rest[index] == ")" {
          depth -= 1
          if depth == 0 {
            end = index
            break
          }
        }
      }
      let call = rest[start.lowerBound..<end]
      rest = rest[end...]
      guard let name = Self.firstQuoted(after: "name:", in: call) else { continue }
      var dependencies: Set<String> = []
      if let list = call.range(of: "dependencies:") {
        let tail = call[list.upperBound...]
        let close = Self.matchingBracket(in: tail)
        var items = tail[..<close]
        while let product = items.range(of: ".product(name:") {
          if let quoted = Self.firstQuoted(after: ".product(name:", in: items[product.lowerBound...]) {
            dependencies.insert(quoted)
          }
          let skip = items[product.upperBound...].firstIndex(of: ")") ?? items.endIndex
          items = items[..<product.lowerBound] + items[skip...]
        }
        for piece in items.split(separator: "\"").enumerated() where piece.offset % 2 == 1 {
          dependencies.insert(String(piece.element))
        }
      }
      targets.append(Target(name: name, dependencies: dependencies))
    }
    return targets
  }

  static func firstQuoted(after marker: String, in text: Substring) -> String? {
    guard let at = text.range(of: marker) else { return nil }
    let after = text[at.upperBound...]
    guard let open = after.firstIndex(of: "\"") else { return nil }
    let body = after[after.index(after: open)...]
    guard let close = body.firstIndex(of: "\"") else { return nil }
    return String(body[..<close])
  }

  /// The index of the `]` closing the first `[` of `text`.
  static func matchingBracket(in text: Substring) -> Substring.Index {
    var depth = 0
    for index in text.indices {
      if text[index] == "[" { depth += 1 }
      if text[index] == "]" {
        depth -= 1
        if depth == 0 { return index }
      }
    }
    return text.endIndex
  }

  /// The module table's rows: module name (the first backquoted word of the first
  /// cell) and the names in the "imports" column ("—" for none).
  static func documentedModules() throws -> [Target] {
    let text = try String(contentsOf: root.appendingPathComponent("Docs/architecture.md"), encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let header = lines.firstIndex(where: { $0.hasPrefix("| module | job | imports |") }) else { return [] }
    var rows: [Target] = []
    for line in lines[(header + 2)...] {
      guard line.hasPrefix("|") else { break }
      let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      let quoted = cells.count >= 4 ? cells[1].split(separator: "`", omittingEmptySubsequences: false) : []
      guard quoted.count >= 3 else { continue }
      let name = String(quoted[1])
      let imports =
        cells[3] == "—" ? [] : cells[3].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      rows.append(Target(name: name, dependencies: Set(imports)))
    }
    return rows
  }

  @Test func everyTargetHasARowWithItsImports() throws {
    let targets = try Self.packageTargets()
    let rows = try Self.documentedModules()
    #expect(targets.count >= 15, "Package.swift read: \(targets.map(\.name))")
    for target in targets {
      guard let row = rows.first(where: { $0.name == target.name }) else {
        Issue.record("Docs/architecture.md has no row for the target \(target.name)")
        continue
      }
      #expect(row.dependencies == target.dependencies, "\(target.name): the table says \(row.dependencies.sorted())")
    }
  }

  @Test func everyModuleUnderSourcesHasARowAndEveryRowExists() throws {
    let sources = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Sources").path)
      .filter { !$0.hasPrefix(".") }
    let targets = Set(try Self.packageTargets().map(\.name))
    let rows = try Self.documentedModules().map(\.name)
    for module in sources where !rows.contains(module) {
      Issue.record("Docs/architecture.md has no row for Sources/\(module)")
    }
    for row in rows where !targets.contains(row) && !sources.contains(row) && !row.hasSuffix("*") {
      Issue.record("Docs/architecture.md names \(row), which is neither a target nor under Sources")
    }
  }

  /// The boards' modules (`Hardware/BOARD/board.json`, which `Tools/build-firmware`
  /// compiles) are named in the document, and so is every directory they are built from.
  @Test func everyBoardModuleAndItsDirectoriesAreNamed() throws {
    let document = try String(
      contentsOf: Self.root.appendingPathComponent("Docs/architecture.md"), encoding: .utf8)
    let hardware = Self.root.appendingPathComponent("Hardware")
    let boards = try FileManager.default.contentsOfDirectory(atPath: hardware.path).filter {
      FileManager.default.fileExists(atPath: hardware.appendingPathComponent("\($0)/board.json").path)
    }
    #expect(boards.count >= 2, "boards: \(boards)")
    for board in boards {
      let data = try Data(contentsOf: hardware.appendingPathComponent("\(board)/board.json"))
      let facts = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
      let modules = try #require(facts["modules"] as? [[String: Any]], "\(board): no modules")
      for module in modules {
        let name = try #require(module["name"] as? String)
        #expect(document.contains("`\(name)`"), "Docs/architecture.md does not name \(board)'s module \(name)")
        for directory in module["sources"] as? [String] ?? [] {
          #expect(document.contains(directory), "Docs/architecture.md does not show \(directory) (\(name))")
        }
      }
    }
  }
}
