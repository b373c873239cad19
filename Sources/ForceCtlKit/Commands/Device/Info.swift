import ArgumentParser
import ForceDevice
import ForceEngine
import ForceProtocol
import ForceTrace

extension ForceCtl {
  /// `forcectl info`: the device's handshake.
  public struct Info: ParsableCommand {
    public static let configuration = CommandConfiguration(
      commandName: "info",
      abstract: "Show a device's handshake: board, firmware, protocol, parameters, cells.",
      discussion: """
        The cells' line comes from a short burst of telemetry (a few frames, then \
        streaming stops again): each cell `ok` or its fault (\(CellFault.nameList())) \
        and what it likely means. A device without force cells \
        (no ADC) says `not streaming`; in --json, `cells` is then null.
        """)

    @OptionGroup public var device: DeviceOptions
    @Flag(help: "Print JSON.") public var json = false

    public init() {}

    public func run() throws {
      let client = try device.connect()
      defer { client.close() }
      guard let info = client.info else { throw CLIError("no handshake") }
      let reset = ["power-on", "pin", "watchdog", "software", "lockup", "other"]
      let resetText = Int(info.resetReason) < reset.count ? reset[Int(info.resetReason)] : "unknown"
      var capabilities: [String] = []
      if info.capabilities.contains(.adc) { capabilities.append("adc") }
      if info.capabilities.contains(.flash) { capabilities.append("flash") }
      if info.capabilities.contains(.injection) { capabilities.append("injection") }
      if info.capabilities.contains(.bench) { capabilities.append("bench") }
      if info.capabilities.contains(.streaming) { capabilities.append("streaming") }
      if info.capabilities.contains(.bootloader) { capabilities.append("bootloader") }
      let board = info.boardName
      let schema = client.schemaMatches ? "matches this forcectl" : "DIFFERS from this forcectl (update one of them)"
      let cells: CellStatus
      do { cells = try client.cellStatus() } catch { throw CLIError(error.description) }
      if json {
        try printLines([
          """
          {"port": "\(device.port)", "board": "\(board)", "firmware": "\(info.firmwareVersion)", \
          "protocol": \(info.protocolVersion), "layout_version": \(info.layoutVersion), \
          "schema_hash": "\(ParameterText.hex(info.schemaHash))", "schema_matches": \(client.schemaMatches), \
          "parameters": \(info.parameterCount), "reset_reason": "\(resetText)", \
          "capabilities": [\(capabilities.map { "\"\($0)\"" }.joined(separator: ", "))], \
          "parameter_source": "\(info.parameterSource)", "max_frame": \(info.maxFrameSize), \
          "stack_high_water": \(info.stackHighWater), "cpu_duty_percent": \(info.cpuDutyPercent), \
          "supply_mv": \(info.supplyMillivolts), "supply_low": \(info.supplyIsLow), \
          "boot_faults": [\(info.bootFaultNames.map { "\"\($0)\"" }.joined(separator: ", "))], \
          "chip_revision": \(info.chipRevision), "cells": \(cells.json)}
          """
        ])
      } else {
        try printLines([
          "port:         \(device.port)",
          "device:       \(info.summary)",
          "parameters:   \(info.parameterCount), layout \(info.layoutVersion), schema \(ParameterText.hex(info.schemaHash)) (\(schema))",
          "reset reason: \(resetText)",
          "boot faults:  \(info.bootFaultNames.isEmpty ? "none" : info.bootFaultNames.joined(separator: "; "))",
          "chip:         \(info.chipRevisionText)",
          "capabilities: \(capabilities.joined(separator: ", "))",
          "max frame:    \(info.maxFrameSize) bytes",
          "stack used:   \(info.stackHighWater == 0 ? "not measured" : "\(info.stackHighWater) bytes at most")",
          "CPU duty:     \(info.cpuDuty == 0 ? "not measured" : "\(info.cpuDutyPercent) % awake (last second)")",
          "supply:       \(info.supplyText)",
          "cells:        \(cells.text)",
        ])
      }
    }
  }
}
