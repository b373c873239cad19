import ForceTrace

/// A fit from several starts (`sim fit --starts S`), which can run as shards: each start
/// is a fit of its own (`PopulationFit.fit`), and the best of them is the result.
public enum MultiStartFit {
  /// One start's result, as a shard file keeps it.
  public struct Outcome: Equatable, Sendable {
    /// The start, 1-based.
    public var start: Int
    /// The objective at the fitted population.
    public var objective: Double
    /// Studies the start's fit ran.
    public var evaluations: Int
    /// The fitted population.
    public var population: UserPopulation

    /// Creates an outcome.
    public init(start: Int, objective: Double, evaluations: Int, population: UserPopulation) {
      self.start = start
      self.objective = objective
      self.evaluations = evaluations
      self.population = population
    }
  }

  /// Start `start` (1-based): 1 is `population` itself; each other draws the free
  /// parameters (those not in `fixed`) uniformly over their bounds from the stream
  /// (seed, 5, start), rounded as the fit's points are, and keeps the fixed ones.
  public static func start(
    _ start: Int, from population: UserPopulation, fixed: Set<String>, seed: UInt64
  ) -> UserPopulation {
    guard start > 1 else { return population }
    var generator = SplitMix64.stream(seed, 5, UInt64(start))
    var x = PopulationFit.unit(population)
    for i in x.indices where !fixed.contains(UserPopulation.names[i]) { x[i] = generator.unit() }
    var result = PopulationFit.scaled(x)
    var values = result.values
    for i in values.indices where fixed.contains(UserPopulation.names[i]) { values[i] = population.values[i] }
    result.values = values
    return result
  }

  /// The best outcome: the lowest objective, the earliest start on a tie.
  public static func best(_ outcomes: [Outcome]) -> Outcome? {
    outcomes.min { ($0.objective, $0.start) < ($1.objective, $1.start) }
  }

  /// The result of fits from several starts: the best start's (`best`), with the
  /// studies all of them ran.
  public static func result(_ fits: [(start: Int, result: FitResult)]) -> FitResult? {
    guard let best = best(fits.map { outcome($0.start, $0.result) }) else { return nil }
    var result = fits.first { $0.start == best.start }!.result
    result.evaluations = fits.map(\.result.evaluations).reduce(0, +)
    return result
  }

  /// What a shard keeps of start `start`'s result.
  public static func outcome(_ start: Int, _ result: FitResult) -> Outcome {
    Outcome(start: start, objective: result.objective, evaluations: result.evaluations, population: result.population)
  }

  /// The result the outcomes of every start give (merged shards): the best start's
  /// population evaluated again for `table` with `config`, which scores what its shard
  /// recorded (else the second value is the score found here).
  public static func result(
    merging outcomes: [Outcome], table: TargetTable, config: StudyConfig
  ) throws(ParameterInputError) -> (result: FitResult, recomputed: Double?) {
    let best = best(outcomes)!
    let (compared, success) = try PopulationFit.evaluate(best.population, table: table, config: config)
    let objective = PopulationFit.objective(compared, success: success.map(\.1))
    let result = FitResult(
      population: best.population, objective: objective, compared: compared, success: success,
      evaluations: outcomes.map(\.evaluations).reduce(0, +))
    return (result, objective == best.objective ? nil : objective)
  }

  static let shardMark = "# forcepicker sim fit shard"

  /// A shard's file: a first line naming the shard, the number of starts and the fit
  /// (`identity`: everything its result depends on), then one row per start of the shard.
  public static func shardCSV(_ outcomes: [Outcome], shard: Shard, starts: Int, identity: String) -> String {
    var lines = [
      ShardFiles.title(shardMark, shard, items: starts, "starts", identity: identity),
      (["start", "objective", "evaluations"] + UserPopulation.names).joined(separator: ","),
    ]
    for o in outcomes {
      lines.append(
        ([String(o.start), "\(o.objective)", String(o.evaluations)] + o.population.values.map { "\($0)" })
          .joined(separator: ","))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Every start's outcome from the files of every shard of one fit, and the identity
  /// they share; refuses what `ShardFiles.read` refuses and a shard with a start missing
  /// (its run did not finish) or a row that is not one of its starts.
  public static func merge(
    _ texts: [(name: String, text: String)]
  ) throws(FileError) -> (identity: String, outcomes: [Outcome]) {
    let shards = try ShardFiles.read(texts, mark: shardMark, unit: "starts", job: "fit")
    var outcomes: [Int: Outcome] = [:]
    let width = 3 + UserPopulation.names.count
    for file in shards.files {
      guard file.records.first == ["start", "objective", "evaluations"] + UserPopulation.names else {
        throw FileError("\(file.name), line 2: expected the header start,objective,evaluations,…")
      }
      for (index, fields) in file.records.enumerated().dropFirst() {
        let line = "\(file.name), line \(index + 2)"
        guard fields.count == width, let start = Int(fields[0]), (1...shards.items).contains(start),
          file.shard.holds(start - 1), outcomes[start] == nil
        else { throw FileError("\(line): not a row of shard \(file.shard.index)/\(shards.count)'s starts") }
        guard let objective = Double(fields[1]), let evaluations = Int(fields[2]) else {
          throw FileError("\(line): the objective and evaluations are not numbers")
        }
        var population = UserPopulation.practised
        let values = fields.dropFirst(3).compactMap { Double($0) }
        guard values.count == UserPopulation.names.count else { throw FileError("\(line): a value is not a number") }
        population.values = values
        outcomes[start] = Outcome(start: start, objective: objective, evaluations: evaluations, population: population)
      }
    }
    if let missing = (1...shards.items).first(where: { outcomes[$0] == nil }) {
      throw FileError(
        "\(shards.files[(missing - 1) % shards.count].name) has no row for start \(missing) (did its run finish?)")
    }
    return (shards.identity, (1...shards.items).map { outcomes[$0]! })
  }
}
