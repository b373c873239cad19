import ForceEngine
import ForceFirmware
import ForceTestSupport

/// What the store tests look at: the store's result and the parameters it loaded
/// (the defaults when no record was valid).
struct StoredState {
  var loaded: ParameterStore.Loaded
  var parameters: Parameters
  var source: ParameterStore.Source { loaded.source }
  var sequence: UInt32 { loaded.sequence }
  var slot: Int? { loaded.slot }
}

extension ParameterStore {
  /// `load(from:into:)` starting from the defaults.
  static func load<F: NORFlash>(from board: F) -> StoredState {
    var parameters = Parameters()
    let loaded = load(from: board, into: &parameters)
    return StoredState(loaded: loaded, parameters: parameters)
  }

  /// `save(_:to:after:)` of a copy of `parameters`.
  static func save(
    _ parameters: Parameters, to board: inout some NORFlash, after previous: StoredState
  ) throws(SaveError) -> StoredState {
    var copy = parameters
    return StoredState(loaded: try save(&copy, to: &board, after: previous.loaded), parameters: parameters)
  }
}
