import ForceEngine
import ForceProtocol
import ForceTrace

extension DeviceClient {
  /// Every parameter as the device describes it (no compiled-in table needed).
  public func describeParameters() throws(DeviceError) -> [ParamDescription] {
    let count = Int(info?.parameterCount ?? UInt8(ParameterID.count))
    var all: [ParamDescription] = []
    for index in 0..<count {
      let reply = try request(.paramDescribe(id: UInt8(index)))
      guard case .paramDescription(let description) = reply else {
        throw .unexpected("\(reply.type) to paramDescribe \(index)")
      }
      all.append(description)
    }
    return all
  }

  /// The value of one parameter.
  public func parameter(_ id: ParameterID) throws(DeviceError) -> Int32 {
    let reply = try request(.paramGet(id: id.rawValue))
    guard case .paramValue(let value) = reply else { throw .unexpected("\(reply.type) to paramGet") }
    return value.value
  }

  /// The device's parameters as a `Parameters` value (requires a matching schema).
  public func readParameters() throws(DeviceError) -> Parameters {
    guard schemaMatches else {
      throw .invalid("the device's parameter schema differs from this forcectl's: update the firmware or forcectl")
    }
    var pairs: [(ParameterID, Int32)] = []
    for description in try describeParameters() {
      guard let id = ParameterID(rawValue: description.id) else { continue }
      pairs.append((id, description.value))
    }
    var parameters = Parameters.defaults
    do { try parameters.set(pairs) } catch { throw .invalid(ParameterInputError(error).description) }
    return parameters
  }

  /// Sets several parameters in one all-or-nothing batch, checked on the device.
  public func setParameters(_ pairs: [(ParameterID, Int32)]) throws(DeviceError) {
    var batch = ParamBatch()
    for (id, value) in pairs where !batch.append(ParamValue(id, value)) {
      throw .invalid("too many parameters for one batch (at most \(ParamBatch.capacity))")
    }
    guard batch.count > 0 else { return }
    _ = try request(.paramSetBatch(batch))
  }
}
