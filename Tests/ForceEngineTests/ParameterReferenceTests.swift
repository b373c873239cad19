import ForceEngine
import ForceHostCore
import ForceTrace
import Foundation
import Testing

/// `Docs/parameters.md` is generated from the parameter table; the committed copy must
/// match it.
///
/// After changing a parameter (name, unit, range, default, summary) or a rule:
///   FORCEPICKER_UPDATE_DOCS=1 swift test --filter ParameterReferenceTests
/// then review `git diff Docs/parameters.md`.
@Suite struct ParameterReferenceTests {
  /// `Docs/parameters.md`, found from this file: Tests/ForceEngineTests/ → the repository root.
  static let committedPath = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Docs/parameters.md")

  @Test func committedReferenceIsUpToDate() throws {
    let generated = ParameterReference.markdown()
    if ProcessInfo.processInfo.environment["FORCEPICKER_UPDATE_DOCS"] == "1" {
      try generated.write(to: Self.committedPath, atomically: true, encoding: .utf8)
    }
    let committed = try String(contentsOf: Self.committedPath, encoding: .utf8)
    #expect(
      committed == generated,
      "Docs/parameters.md differs from the parameter table; regenerate it with FORCEPICKER_UPDATE_DOCS=1 swift test --filter ParameterReferenceTests"
    )
  }

  @Test func everyParameterHasOneRowInLayoutOrder() {
    let rows = ParameterReference.markdown().split(separator: "\n").filter { $0.hasPrefix("| `") }
    let names = rows.map { $0.split(separator: "`")[1] }
    let expected = (0..<ParameterID.count).map { "\(ParameterID.at($0)!.info.name)" }
    #expect(names.map(String.init) == expected)
  }

  @Test func enumParametersListEverySymbol() {
    let text = ParameterReference.markdown()
    for name in ["thumb-roll", "pulse", "press-through", "two-button", "wrap", "positional", "light", "firm"] {
      #expect(text.contains("`\(name)`"), "\(name) missing")
    }
    #expect(text.contains("0 `thumb-roll`, 1 `pulse`, 2 `press-through`, 3 `two-button`, 4 `wrap`, 5 `positional`"))
  }
}

/// Every parameter has a summary and a group (`ParameterID.guide`), and every group
/// holds a parameter: the tuner shows no empty heading.
@Suite struct ParameterSummaryTests {
  @Test func everyParameterHasASummaryAndEveryGroupAParameter() {
    var groups = Set<ParameterGroup>()
    for index in 0..<ParameterID.count {
      let id = ParameterID.at(index)!
      #expect(!id.summary.isEmpty && id.summary.first!.isLowercase, "\(id.info.name)")
      groups.insert(id.guide.group)
    }
    #expect(groups == Set(ParameterGroup.allCases))
  }
}
