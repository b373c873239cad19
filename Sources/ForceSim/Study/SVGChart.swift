import Foundation

/// Hand-written SVG bar charts of a study summary: one group of bars per level of a
/// factor, one bar per technique, with a whisker of ± one SD.
public enum SVGChart {
  /// Bar colours, one per technique in order (colour-blind-safe Okabe–Ito palette).
  static let palette = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00"]

  /// Mean time (s) by `factor` (`range` or `distance`) per technique, SD whiskers.
  public static func time(_ cells: [SummaryCell], factor: String) -> String {
    chart(
      cells, factor: factor, title: "Mean time by \(factor.uppercased()) (± SD)", unit: "Time (s)",
      value: { $0.time.mean / 1000 }, spread: { $0.time.sd / 1000 })
  }

  /// Success rate (%) by `factor` per technique.
  public static func success(_ cells: [SummaryCell], factor: String) -> String {
    chart(
      cells, factor: factor, title: "Success by \(factor.uppercased())", unit: "Success (%)",
      value: { $0.successRate * 100 }, spread: { _ in 0 }, fixedTop: 100)
  }

  static func chart(
    _ cells: [SummaryCell], factor: String, title: String, unit: String,
    value: (SummaryCell) -> Double, spread: (SummaryCell) -> Double, fixedTop: Double? = nil
  ) -> String {
    let techniques = StudyReport.orderedTechniques(cells)
    let levels = StudyReport.orderedLevels(cells, factor: factor)
    let width = 720.0, height = 400.0
    let left = 64.0, right = 150.0, top = 40.0, bottom = 56.0
    let plotWidth = width - left - right, plotHeight = height - top - bottom
    var highest = 0.0
    for c in cells where c.factor == factor { highest = max(highest, value(c) + spread(c)) }
    let step = niceStep(fixedTop ?? max(highest, 1e-9))
    let axisTop = fixedTop ?? (highest / step).rounded(.up) * step
    func y(_ v: Double) -> Double { top + plotHeight * (1 - v / max(axisTop, 1e-9)) }

    var s: [String] = []
    s.append(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(f(width))\" height=\"\(f(height))\" viewBox=\"0 0 \(f(width)) \(f(height))\" font-family=\"sans-serif\" font-size=\"12\">"
    )
    s.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>")
    s.append("<text x=\"\(f(width / 2))\" y=\"22\" text-anchor=\"middle\" font-size=\"15\">\(escape(title))</text>")
    var tick = 0.0
    while tick <= axisTop + step / 1000 {
      s.append(
        "<line x1=\"\(f(left))\" y1=\"\(f(y(tick)))\" x2=\"\(f(left + plotWidth))\" y2=\"\(f(y(tick)))\" stroke=\"#ddd\"/>"
      )
      s.append("<text x=\"\(f(left - 6))\" y=\"\(f(y(tick) + 4))\" text-anchor=\"end\">\(label(tick, step))</text>")
      tick += step
    }
    s.append(
      "<text transform=\"translate(16 \(f(top + plotHeight / 2))) rotate(-90)\" text-anchor=\"middle\">\(escape(unit))</text>"
    )
    let groupWidth = plotWidth / Double(max(1, levels.count))
    let barWidth = groupWidth * 0.8 / Double(max(1, techniques.count))
    for (g, level) in levels.enumerated() {
      let groupLeft = left + Double(g) * groupWidth + groupWidth * 0.1
      for (t, technique) in techniques.enumerated() {
        guard let c = cells.first(where: { $0.technique == technique && $0.factor == factor && $0.level == level })
        else { continue }
        let v = value(c), sd = spread(c)
        let x = groupLeft + Double(t) * barWidth
        let colour = palette[t % palette.count]
        s.append(
          "<rect x=\"\(f(x))\" y=\"\(f(y(v)))\" width=\"\(f(barWidth - 2))\" height=\"\(f(y(0) - y(v)))\" fill=\"\(colour)\"><title>\(escape(technique)) \(escape(level)): \(f(v))</title></rect>"
        )
        if sd > 0 {
          let cx = x + (barWidth - 2) / 2
          let lo = y(max(0, v - sd)), hi = y(v + sd)
          s.append(
            "<path d=\"M\(f(cx)) \(f(lo))V\(f(hi))M\(f(cx - 4)) \(f(hi))H\(f(cx + 4))M\(f(cx - 4)) \(f(lo))H\(f(cx + 4))\" stroke=\"#222\" fill=\"none\"/>"
          )
        }
      }
      s.append(
        "<text x=\"\(f(groupLeft + groupWidth * 0.4))\" y=\"\(f(top + plotHeight + 20))\" text-anchor=\"middle\">\(escape(level))</text>"
      )
    }
    s.append(
      "<line x1=\"\(f(left))\" y1=\"\(f(y(0)))\" x2=\"\(f(left + plotWidth))\" y2=\"\(f(y(0)))\" stroke=\"#222\"/>")
    s.append(
      "<text x=\"\(f(left + plotWidth / 2))\" y=\"\(f(height - 12))\" text-anchor=\"middle\">\(factor.uppercased())</text>"
    )
    for (t, technique) in techniques.enumerated() {
      let ly = top + 10 + Double(t) * 20
      s.append(
        "<rect x=\"\(f(width - right + 16))\" y=\"\(f(ly - 10))\" width=\"12\" height=\"12\" fill=\"\(palette[t % palette.count])\"/>"
      )
      s.append("<text x=\"\(f(width - right + 34))\" y=\"\(f(ly))\">\(escape(technique))</text>")
    }
    s.append("</svg>")
    return s.joined(separator: "\n") + "\n"
  }

  /// A round tick step giving about five ticks up to `top`.
  static func niceStep(_ top: Double) -> Double {
    let raw = top / 5
    var magnitude = 1.0
    while magnitude * 10 <= raw { magnitude *= 10 }
    while magnitude > raw { magnitude /= 10 }
    for factor in [1.0, 2.0, 5.0, 10.0] where magnitude * factor >= raw { return magnitude * factor }
    return magnitude * 10
  }

  static func label(_ value: Double, _ step: Double) -> String {
    StudySummary.fixed(value, step >= 1 ? 0 : (step >= 0.1 ? 1 : 2))
  }

  static func f(_ x: Double) -> String { StudySummary.fixed(x, 1) }

  static func escape(_ text: String) -> String {
    // Most texts have nothing to escape: then no Foundation replacement runs (each
    // bridges the string, a few thousand instructions).
    guard text.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") })
    else { return text }
    return text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
  }
}
