import Foundation

/// Hand-written SVG of a force/value trace, like the study's figure: force over time
/// with the contact/rest/boost thresholds dashed and labelled, the value as a step line
/// on a second axis, commits as dots and the other events as ticks.
public enum PlotSVG {
  public static let width = 960.0
  public static let height = 480.0
  static let left = 64.0, right = 72.0, top = 48.0, bottom = 56.0

  public static func render(_ data: PlotData, thresholds: PlotThresholds, title: String) -> String {
    let plotW = width - left - right
    let plotH = height - top - bottom
    let t0 = data.seconds.first ?? 0
    let t1 = max(data.seconds.last ?? 1, t0 + 0.001)
    let vMinRaw = data.value.min() ?? 0
    let vMaxRaw = data.value.max() ?? 1
    let vStep = niceStep((Double(vMaxRaw - vMinRaw) + 1) / 5)
    let vMin = (Double(vMinRaw) / vStep).rounded(.down) * vStep
    var vMax = (Double(vMaxRaw) / vStep).rounded(.up) * vStep
    if vMax <= vMin { vMax = vMin + vStep }

    func x(_ t: Double) -> Double { left + (t - t0) / (t1 - t0) * plotW }
    func yForce(_ f: Double) -> Double { top + plotH - f / 1023 * plotH }
    func yValue(_ v: Double) -> Double { top + plotH - (v - vMin) / (vMax - vMin) * plotH }
    func f(_ d: Double) -> String { String(format: "%.1f", d) }

    var svg = """
      <?xml version="1.0" encoding="UTF-8"?>
      <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="12">
      <rect width="100%" height="100%" fill="white"/>
      <text x="\(f(width / 2))" y="22" text-anchor="middle" font-size="15" font-weight="bold">\(escape(title))</text>

      """
    // Grid and axes.
    svg += "<g id=\"axes\" stroke=\"#888\" stroke-width=\"1\">\n"
    svg += "<rect x=\"\(f(left))\" y=\"\(f(top))\" width=\"\(f(plotW))\" height=\"\(f(plotH))\" fill=\"none\"/>\n"
    svg += "</g>\n<g id=\"ticks\" fill=\"#333\">\n"
    let tStep = niceStep((t1 - t0) / 8)
    var t = (t0 / tStep).rounded(.up) * tStep
    while t <= t1 + 1e-9 {
      svg += "<line x1=\"\(f(x(t)))\" y1=\"\(f(top))\" x2=\"\(f(x(t)))\" y2=\"\(f(top + plotH))\" stroke=\"#eee\"/>\n"
      svg += "<text x=\"\(f(x(t)))\" y=\"\(f(top + plotH + 16))\" text-anchor=\"middle\">\(trim(t))</text>\n"
      t += tStep
    }
    svg += "<text x=\"\(f(left + plotW / 2))\" y=\"\(f(height - 14))\" text-anchor=\"middle\">time (s)</text>\n"
    for force in stride(from: 0, through: 1024, by: 256) {
      let level = Double(min(force, 1023))
      svg += "<text x=\"\(f(left - 6))\" y=\"\(f(yForce(level) + 4))\" text-anchor=\"end\">\(Int(level))</text>\n"
    }
    svg +=
      "<text transform=\"translate(16 \(f(top + plotH / 2))) rotate(-90)\" text-anchor=\"middle\" fill=\"#1f5fbf\">force (counts)</text>\n"
    var v = vMin
    while v <= vMax + 1e-9 {
      svg += "<text x=\"\(f(left + plotW + 6))\" y=\"\(f(yValue(v) + 4))\" fill=\"#c0620a\">\(trim(v))</text>\n"
      v += vStep
    }
    svg +=
      "<text transform=\"translate(\(f(width - 14)) \(f(top + plotH / 2))) rotate(90)\" text-anchor=\"middle\" fill=\"#c0620a\">value (items)</text>\n"
    svg += "</g>\n"

    // Thresholds.
    svg += "<g id=\"thresholds\" font-size=\"11\">\n"
    for (name, level, color) in [
      ("contact", thresholds.contact, "#777"), ("rest", thresholds.rest, "#2a9d55"),
      ("boost", thresholds.boost, "#c0392b"),
    ] {
      let y = yForce(Double(level))
      svg +=
        "<line id=\"threshold-\(name)\" class=\"threshold\" x1=\"\(f(left))\" y1=\"\(f(y))\" x2=\"\(f(left + plotW))\" y2=\"\(f(y))\" stroke=\"\(color)\" stroke-width=\"1.2\" stroke-dasharray=\"6 4\"/>\n"
      svg += "<text x=\"\(f(left + 4))\" y=\"\(f(y - 3))\" fill=\"\(color)\">\(name) \(level)</text>\n"
    }
    svg += "</g>\n"

    // Force line.
    // Thinned to what the figure can show: per pixel column, its lowest and highest
    // force in time order, so no spike is lost.
    var points = ""
    for index in thinned(data.force, column: { Int(x(data.seconds[$0]).rounded(.down)) }) {
      points += "\(f(x(data.seconds[index]))),\(f(yForce(Double(data.force[index])))) "
    }
    svg += "<polyline id=\"force\" fill=\"none\" stroke=\"#1f5fbf\" stroke-width=\"1.5\" points=\"\(points)\"/>\n"

    // Value step line.
    if !data.value.isEmpty {
      var path = "M\(f(x(data.seconds[0]))),\(f(yValue(Double(data.value[0]))))"
      for index in 1..<data.value.count where data.value[index] != data.value[index - 1] {
        path += " H\(f(x(data.seconds[index]))) V\(f(yValue(Double(data.value[index]))))"
      }
      path += " H\(f(x(data.seconds[data.value.count - 1])))"
      svg += "<path id=\"value\" fill=\"none\" stroke=\"#e07b00\" stroke-width=\"1.8\" d=\"\(path)\"/>\n"
    }

    // Events: commits as dots on the value line, the others as labelled ticks on top.
    svg += "<g id=\"events\" font-size=\"10\">\n"
    var lastLabelX = -1000.0
    for mark in data.marks {
      let px = x(data.seconds[mark.index])
      if mark.token.hasPrefix("commit:") {
        let py = yValue(Double(data.value[mark.index]))
        svg += "<circle class=\"commit\" cx=\"\(f(px))\" cy=\"\(f(py))\" r=\"5\" fill=\"#d62728\" stroke=\"white\"/>\n"
        let nearRight = px > left + plotW - 80
        svg +=
          "<text x=\"\(f(nearRight ? px - 7 : px + 7))\" y=\"\(f(py - 8))\" text-anchor=\"\(nearRight ? "end" : "start")\" fill=\"#d62728\" font-weight=\"bold\">\(escape(mark.token))</text>\n"
      } else if mark.token.hasPrefix("value:") {
        continue  // every tick of the value: the step line shows them
      } else {
        svg +=
          "<line class=\"event\" x1=\"\(f(px))\" y1=\"\(f(top))\" x2=\"\(f(px))\" y2=\"\(f(top + 8))\" stroke=\"#555\"/>\n"
        if px - lastLabelX > 60 {
          svg += "<text x=\"\(f(px + 2))\" y=\"\(f(top - 4))\" fill=\"#555\">\(escape(mark.token))</text>\n"
          lastLabelX = px
        }
      }
    }
    svg += "</g>\n"

    // Legend.
    let lx = left + plotW * 0.36, ly = top + 12
    svg += """
      <g id="legend" font-size="11">
      <rect x="\(f(lx))" y="\(f(ly))" width="180" height="50" fill="white" fill-opacity="0.85" stroke="#ccc"/>
      <line x1="\(f(lx + 8))" y1="\(f(ly + 14))" x2="\(f(lx + 32))" y2="\(f(ly + 14))" stroke="#1f5fbf" stroke-width="2"/>
      <text x="\(f(lx + 38))" y="\(f(ly + 18))">force (left axis)</text>
      <line x1="\(f(lx + 8))" y1="\(f(ly + 30))" x2="\(f(lx + 32))" y2="\(f(ly + 30))" stroke="#e07b00" stroke-width="2"/>
      <text x="\(f(lx + 38))" y="\(f(ly + 34))">value (right axis)</text>
      <circle cx="\(f(lx + 20))" cy="\(f(ly + 43))" r="4" fill="#d62728"/>
      <text x="\(f(lx + 38))" y="\(f(ly + 47))">commit</text>
      </g>
      </svg>

      """
    return svg
  }

  /// 1, 2 or 5 × 10^n, at least `raw`.
  /// Indices to draw: per pixel column the first, lowest, highest and last sample, in order.
  static func thinned(_ values: [Int], column: (Int) -> Int) -> [Int] {
    var kept: [Int] = []
    var start = 0
    while start < values.count {
      let current = column(start)
      var end = start
      var low = start
      var high = start
      while end + 1 < values.count && column(end + 1) == current {
        end += 1
        if values[end] < values[low] { low = end }
        if values[end] > values[high] { high = end }
      }
      for index in Set([start, low, high, end]).sorted() { kept.append(index) }
      start = end + 1
    }
    return kept
  }

  static func niceStep(_ raw: Double) -> Double {
    guard raw > 0, raw.isFinite else { return 1 }
    let magnitude = pow(10, (log10(raw)).rounded(.down))
    for factor in [1.0, 2, 5, 10] where factor * magnitude >= raw { return factor * magnitude }
    return 10 * magnitude
  }

  static func trim(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(format: "%g", value)
  }

  static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }
}
