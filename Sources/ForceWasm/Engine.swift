import ForceEngine
import ForceHostCore
import ForceProtocol

// The engine for the page's offline mode: the same ForceEngine the firmware runs,
// with its own parameters, stepped by JavaScript one frame at a time. The
// parameter table and the rule texts serve the online mode too.

/// The offline engine and its parameters.
struct OfflineEngine {
  var parameters = Parameters.defaults
  var engine = ForceEngine(parameters: .defaults)
}

nonisolated(unsafe) var offline = OfflineEngine()

/// Restarts the engine (idle, at start_value) with the current parameters.
@_expose(wasm, "fp_engine_reset")
@_cdecl("fp_engine_reset")
public func fpEngineReset() { offline.engine = ForceEngine(parameters: offline.parameters) }

/// Runs one frame; writes its output as an `injectResult` of sample 0 (`fp_layout`).
/// Readings are clamped to 0…1023. The pulled ones are the frame's readings with the
/// cells' pull-ups on, which the engine takes after a frame that asked for a probe
/// (`ForceEngine.pullUpsNext`), as a device's ADC reads them.
@_expose(wasm, "fp_engine_step")
@_cdecl("fp_engine_step")
public func fpEngineStep(_ left: Int32, _ right: Int32, _ leftPulled: Int32, _ rightPulled: Int32) {
  let probe = offline.engine.pullUpsNext
  let output = offline.engine.step(
    left: reading(probe ? leftPulled : left), right: reading(probe ? rightPulled : right))
  putRow(InjectResult(index: 0, output: output, unitsPerItem: offline.engine.unitsPerItem))
}

func reading(_ value: Int32) -> UInt16 { UInt16(max(0, min(1023, value))) }

/// Number of parameters in this build's table.
@_expose(wasm, "fp_param_count")
@_cdecl("fp_param_count")
public func fpParamCount() -> Int32 { Int32(ParameterID.count) }

/// The layout version of this build's parameter table (`info.layoutVersion` of a
/// device built from the same sources).
@_expose(wasm, "fp_layout_version")
@_cdecl("fp_layout_version")
public func fpLayoutVersion() -> Int32 { Int32(Parameters.layoutVersion) }

/// The schema hash of this build's parameter table, as a parameter file's
/// `schema_hash` has it (the bits of the UInt32).
@_expose(wasm, "fp_schema_hash")
@_cdecl("fp_schema_hash")
public func fpSchemaHash() -> Int32 { Int32(bitPattern: Parameters.schemaHash) }

/// Writes the paramDescription fields of parameter `id` with the offline value;
/// returns 0, or -1 for an unknown id.
@_expose(wasm, "fp_param_describe")
@_cdecl("fp_param_describe")
public func fpParamDescribe(_ id: Int32) -> Int32 {
  guard let parameter = ParameterID.at(Int(id)) else { return -1 }
  putRow(ParamDescription(parameter, value: offline.parameters[parameter]))
  return 0
}

/// Sets an offline parameter, checked as the device checks it. Returns 0 when set,
/// -1 for an unknown id, or 1 when refused, with fields parameter, rule, value as the
/// device's `outOfRange` reply to `paramSet` has them (the id and value sent).
@_expose(wasm, "fp_param_set")
@_cdecl("fp_param_set")
public func fpParamSet(_ id: Int32, _ value: Int32) -> Int32 {
  guard let parameter = ParameterID.at(Int(id)) else { return -1 }
  do throws(ParameterError) {
    try offline.parameters.set(parameter, to: value)
    offline.engine.apply(offline.parameters)
    return 0
  } catch {
    return refused(ErrorReply(rejecting: ParamValue(id: parameter.rawValue, value: value), because: error))
  }
}

/// Restores the offline parameters to the factory defaults.
@_expose(wasm, "fp_param_defaults")
@_cdecl("fp_param_defaults")
public func fpParamDefaults() {
  offline.parameters = .defaults
  offline.engine.apply(offline.parameters)
}

/// Writes the text of rule code `rule` to the text area; returns its length, or -1.
@_expose(wasm, "fp_rule_text")
@_cdecl("fp_rule_text")
public func fpRuleText(_ rule: Int32) -> Int32 {
  guard rule >= 0, rule < 256, let known = ParameterRule(rawValue: UInt8(rule)) else { return -1 }
  return putStatic(known.text)
}

/// Writes why the offline engine refused `value` of parameter `id` by rule code
/// `rule` ("hysteresis: 500 is outside 0...100"), as forcectl says it, to the document
/// area; returns its length, or -1 for an unknown parameter or rule.
@_expose(wasm, "fp_refusal_text")
@_cdecl("fp_refusal_text")
public func fpRefusalText(_ id: Int32, _ rule: Int32, _ value: Int32) -> Int32 {
  guard let parameter = ParameterID.at(Int(id)), rule >= 0, rule < 256,
    let known = ParameterRule(rawValue: UInt8(rule))
  else { return -1 }
  return writeDocument { document in
    ErrorReplyText.writeRefusal(parameter, value: value, rule: known, to: &document)
  }
}

/// Writes the symbol of `value` for enum parameter `id` (e.g. "thumb-roll");
/// returns its length, or -1 when the parameter has no symbols or the value none.
@_expose(wasm, "fp_symbol")
@_cdecl("fp_symbol")
public func fpSymbol(_ id: Int32, _ value: Int32) -> Int32 {
  guard let parameter = ParameterID.at(Int(id)), let symbol = parameter.symbol(for: value) else { return -1 }
  return putStatic(symbol)
}

/// Writes parameter `id`'s one-line summary (`ParameterID.guide`); returns its length,
/// or -1 for an id that is no parameter.
@_expose(wasm, "fp_param_summary")
@_cdecl("fp_param_summary")
public func fpParamSummary(_ id: Int32) -> Int32 {
  guard let parameter = ParameterID.at(Int(id)) else { return -1 }
  return putStatic(parameter.guide.summary)
}

/// Parameter `id`'s group (`ParameterGroup`'s raw value, the order the tuner shows
/// them in), or -1 for an id that is no parameter.
@_expose(wasm, "fp_param_group")
@_cdecl("fp_param_group")
public func fpParamGroup(_ id: Int32) -> Int32 {
  guard let parameter = ParameterID.at(Int(id)) else { return -1 }
  return Int32(parameter.guide.group.rawValue)
}

/// Writes group `group`'s heading ("Thresholds"); returns its length, or -1 for a
/// number that is no group.
@_expose(wasm, "fp_group_title")
@_cdecl("fp_group_title")
public func fpGroupTitle(_ group: Int32) -> Int32 {
  guard group >= 0, group < 256, let known = ParameterGroup(rawValue: UInt8(group)) else { return -1 }
  return putStatic(known.title)
}

/// Writes the name of engine state `state` ("scrolling", "fault") as the CSV has it;
/// returns its length, or -1 for a code that is no state.
@_expose(wasm, "fp_state_name")
@_cdecl("fp_state_name")
public func fpStateName(_ state: Int32) -> Int32 {
  guard state >= 0, state < 256, let known = EngineState(rawValue: UInt8(state)) else { return -1 }
  return putStatic(known.name)
}

/// Writes the warning for the cells' fault codes `left` and `right` into the document
/// area, forcectl monitor's words (`CellFaults.writeWarning`): "right cell railed
/// (shorted to the supply?): the picker holds until it reads normally again". Returns
/// its length: 0 when neither cell has a fault, -1 for a code that is no fault.
@_expose(wasm, "fp_fault_warning")
@_cdecl("fp_fault_warning")
public func fpFaultWarning(_ left: Int32, _ right: Int32) -> Int32 {
  guard left >= 0, left < Int32(CellFault.count), right >= 0, right < Int32(CellFault.count),
    let left = CellFault(rawValue: UInt8(left)), let right = CellFault(rawValue: UInt8(right))
  else { return -1 }
  var text = DocumentWriter()
  CellFaults(left: left, right: right).writeWarning(to: &text)
  return Int32(text.count)
}

/// 1 when a cell with fault `code` holds the engine (state `fault`, nothing moves),
/// 0 when it does not (ok, drifted), -1 for a code that is no fault.
@_expose(wasm, "fp_fault_holds")
@_cdecl("fp_fault_holds")
public func fpFaultHolds(_ code: Int32) -> Int32 {
  guard code >= 0, code < Int32(CellFault.count), let fault = CellFault(rawValue: UInt8(code)) else { return -1 }
  return fault.holds ? 1 : 0
}

/// Copies a static text to the start of the text area; returns its length.
func putStatic(_ text: StaticString) -> Int32 {
  let area = Area.text
  let count = min(text.utf8CodeUnitCount, area.count)
  for index in 0..<count { area[index] = text.utf8Start[index] }
  return Int32(count)
}

/// Sets several offline parameters at once, all or nothing, from the fields
/// (count, id0, value0, …, as paramSetBatch). Returns 0 when set, -1 for a bad
/// count or id, or 1 when refused, with fields parameter, rule, value as the device's
/// `outOfRange` reply to `paramSetBatch` has them (the parameter the rule names).
@_expose(wasm, "fp_param_set_batch")
@_cdecl("fp_param_set_batch")
public func fpParamSetBatch() -> Int32 {
  guard let batch = try? readBatch(), validIDs(batch) else { return -1 }
  do throws(ParameterError) {
    try batch.apply(to: &offline.parameters)
    offline.engine.apply(offline.parameters)
    return 0
  } catch {
    return refused(ErrorReply(requestType: .paramSetBatch, rejected: error))
  }
}

/// A whole set of parameters the page holds, in the fields (count, id0, value0, …, as
/// paramSetBatch), applied to the defaults and checked as a whole.
enum FieldParameters {
  /// A bad count or id.
  case bad
  /// A value breaks a rule.
  case refused(ParameterError)
  /// Every rule holds.
  case valid(Parameters)

  /// Reads them from the fields.
  static func read() -> FieldParameters {
    guard let batch = try? readBatch(), validIDs(batch) else { return .bad }
    var p = Parameters.defaults
    do throws(ParameterError) { try batch.apply(to: &p) } catch { return .refused(error) }
    return .valid(p)
  }
}

/// Checks the parameters in the fields without setting any (what a dragged line would
/// give): 0 when every rule holds, 1 when one breaks, with fields parameter, rule, value
/// as the device's `outOfRange` reply to `paramSetBatch` has them, -1 for a bad count or id.
@_expose(wasm, "fp_param_check")
@_cdecl("fp_param_check")
public func fpParamCheck() -> Int32 {
  switch FieldParameters.read() {
  case .bad: return -1
  case .refused(let error): return refused(ErrorReply(requestType: .paramSetBatch, rejected: error))
  case .valid: return 0
  }
}

/// The speed against force of the parameters in the fields (`FieldParameters`), for a
/// plot: at `points` (2...64) forces spread evenly over 0...1023, the speed in
/// milli-items per second off the boosted segment, then on it, each in the fields
/// `points` apart. Returns `points`, or -1 for a bad count, id or value.
@_expose(wasm, "fp_speed_curve")
@_cdecl("fp_speed_curve")
public func fpSpeedCurve(_ points: Int32) -> Int32 {
  guard points >= 2, points <= 64, case .valid(let p) = FieldParameters.read() else { return -1 }
  let count = Int(points)
  let fields = Area.fields
  for index in 0..<count {
    let force = Int32((index * 1023 + (count - 1) / 2) / (count - 1))
    fields[index] = p.speed(atForce: force, boosted: false)
    fields[count + index] = p.speed(atForce: force, boosted: true)
  }
  return points
}

func validIDs(_ batch: ParamBatch) -> Bool {
  for index in 0..<batch.count where ParameterID(rawValue: batch[index].id) == nil { return false }
  return true
}

/// Writes a refusal's fields (parameter, rule, value) from the device's reply; returns 1.
func refused(_ reply: ErrorReply) -> Int32 {
  var out = FieldWriter()
  out.put(reply.parameter)
  out.put(reply.detail)
  out.put(reply.value)
  return 1
}
