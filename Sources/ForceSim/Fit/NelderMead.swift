import ForceTrace

/// A small Nelder–Mead simplex minimiser (Nelder & Mead 1965, with the standard
/// coefficients of Lagarias et al. 1998: reflection 1, expansion 2, contraction ½,
/// shrink ½) on the unit cube: points are clamped to 0...1 in every coordinate.
///
/// Deterministic: the start simplex is the start point and, for each coordinate, the
/// start point moved by `step` (away from the nearer bound). Stops after
/// `maxEvaluations` evaluations or when the simplex's values differ by less than `tolerance`.
public struct NelderMead {
  /// Largest number of evaluations of the objective.
  public var maxEvaluations: Int
  /// Size of the start simplex, in unit-cube coordinates.
  public var step: Double
  /// Stop when best and worst values differ by less than this.
  public var tolerance: Double

  /// Creates a minimiser.
  public init(maxEvaluations: Int = 150, step: Double = 0.15, tolerance: Double = 1e-3) {
    self.maxEvaluations = maxEvaluations
    self.step = step
    self.tolerance = tolerance
  }

  /// The best point found, its value and the evaluations used.
  public func minimize(
    from start: [Double], _ objective: ([Double]) -> Double
  ) -> (point: [Double], value: Double, evaluations: Int) {
    let n = start.count
    var evaluations = 0
    func f(_ x: [Double]) -> Double {
      guard evaluations < maxEvaluations else { return .infinity }  // the budget is spent: never accepted
      evaluations += 1
      return objective(x)
    }
    var simplex = [clamp(start)]
    for i in 0..<n {
      var x = clamp(start)
      x[i] += x[i] + step <= 1 ? step : -step
      simplex.append(x)
    }
    var values = simplex.map(f)
    while evaluations < maxEvaluations {
      let order = values.indices.sorted { values[$0] < values[$1] }
      simplex = order.map { simplex[$0] }
      values = order.map { values[$0] }
      if values[n] - values[0] < tolerance { break }
      let centroid = (0..<n).map { i in simplex[0..<n].reduce(0) { $0 + $1[i] } / Double(n) }
      let worst = simplex[n]
      let reflected = clamp(move(centroid, from: worst, by: 1))
      let fr = f(reflected)
      if fr < values[0] {
        let expanded = clamp(move(centroid, from: worst, by: 2))
        let fe = f(expanded)
        (simplex[n], values[n]) = fe < fr ? (expanded, fe) : (reflected, fr)
      } else if fr < values[n - 1] {
        (simplex[n], values[n]) = (reflected, fr)
      } else {
        let outside = fr < values[n]
        let contracted = clamp(move(centroid, from: worst, by: outside ? 0.5 : -0.5))
        let fc = f(contracted)
        if fc < (outside ? fr : values[n]) {
          (simplex[n], values[n]) = (contracted, fc)
        } else {
          for i in 1...n {
            simplex[i] = (0..<n).map { simplex[0][$0] + 0.5 * (simplex[i][$0] - simplex[0][$0]) }
            values[i] = f(simplex[i])
          }
        }
      }
    }
    let best = values.indices.min { values[$0] < values[$1] } ?? 0
    return (simplex[best], values[best], evaluations)
  }

  /// centroid + t·(centroid − worst).
  func move(_ centroid: [Double], from worst: [Double], by t: Double) -> [Double] {
    zip(centroid, worst).map { $0 + t * ($0 - $1) }
  }

  func clamp(_ x: [Double]) -> [Double] { x.map { Swift.min(1, Swift.max(0, $0)) } }
}
