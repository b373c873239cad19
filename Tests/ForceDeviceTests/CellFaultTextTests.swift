import ForceDevice
import ForceEngine
import ForceLink
import ForceProtocol
import ForceTestSupport
import ForceTrace
import Foundation
import Testing

/// The cells' faults as the host tools say them, the burst of telemetry `info` reads
/// them from (against a scripted device), and calibration's refusals.
@Suite struct CellFaultTextTests {
  // MARK: Wording

  @Test func eachFaultSaysWhatItLikelyMeans() {
    #expect(CellFault.none.explained == "ok")
    #expect(CellFault.open.explained == "open (lead broken?)")
    #expect(CellFault.railed.explained == "railed (shorted to the supply?)")
    #expect(CellFault.stuck.explained == "stuck (reading frozen)")
    #expect(CellFault.intermittent.explained == "intermittent (loose contact)")
    #expect(CellFault.drifted.explained == "drifted (rest moved beyond baseline_limit: recalibrate)")
    let railed = CellFaults(left: .none, right: .railed)
    #expect(railed.summary == "left ok, right railed (shorted to the supply?)")
    #expect(railed.json == #"{"left": "ok", "right": "railed"}"#)
    #expect(
      railed.warning == "right cell railed (shorted to the supply?): the picker holds until it reads normally again")
    #expect(CellFaults.none.warning == nil)
    #expect(
      CellFaults(left: .drifted, right: .none).warning
        == "left cell drifted (rest moved beyond baseline_limit: recalibrate): a warning: the picker still works")
    #expect(
      CellFaults(left: .drifted, right: .stuck).warning
        == "left cell drifted (rest moved beyond baseline_limit: recalibrate); right cell stuck (reading frozen): the picker holds until the right cell reads normally again"
    )
    #expect(CellFaults(left: .open, right: .stuck).warning?.hasSuffix("holds until both read normally again") == true)
  }

  @Test func theRecordCSVCarriesTheFaultsInItsLastColumn() {
    #expect(TelemetryCSV.header == "frame,left,right,force,state,direction,position,value,faults")
    var t = Telemetry(
      frame: 7, left: 38, right: 1023, force: 0, state: .fault, direction: .up, value: 7, positionMilli: 7000,
      faults: CellFaults(left: .none, right: .railed))
    #expect(TelemetryCSV.row(t) == "7,38,1023,0,fault,up,7.000,7,right-railed")
    #expect(TelemetryCSV.json(t).hasSuffix(#","cells":{"left":"ok","right":"railed"}}"#))
    t.faults = CellFaults(left: .open, right: .stuck)
    #expect(TelemetryCSV.row(t).hasSuffix(",left-open+right-stuck"))
    t.faults = .none
    #expect(TelemetryCSV.row(t).hasSuffix(",7,ok"))
  }

  @Test func plotMarksWhereARecordCSVsFaultsChangeAndReadsOldOnes() throws {
    let new = try PlotData.parse(
      csv: """
        frame,left,right,force,state,direction,position,value,faults
        0,40,50,0,idle,up,0.000,0,ok
        1,40,1023,0,idle,up,0.000,0,ok
        2,40,1023,0,fault,up,0.000,0,right-railed
        3,40,1023,0,fault,up,0.000,0,right-railed
        4,40,50,0,idle,up,0.000,0,ok

        """)
    #expect(new.marks.map(\.index) == [2, 4])
    #expect(new.marks.map(\.token) == ["fault:right-railed", "fault:clear"])
    let old = try PlotData.parse(
      csv:
        "frame,left,right,force,state,direction,position,value\n0,40,50,0,idle,up,0.000,0\n1,40,50,9,idle,up,0.000,0\n")
    #expect(old.force == [0, 9] && old.marks.isEmpty)
    // As an input trace, only left and right count: old and new record CSVs alike.
    #expect(
      try InputTrace.parse(
        "frame,left,right,force,state,direction,position,value,faults\n0,40,1023,0,fault,up,0.000,0,right-railed\n")
        == [RawFrame(left: 40, right: 1023)])
  }

  // MARK: The burst `info` reads

  /// A device that answers hello, and streamStart with an ack and then `telemetry`.
  final class StreamingDevice {
    let transport = FakeTransport(portName: "fake")
    var capabilities: Capabilities
    var telemetry: [Telemetry]
    var refuseStreaming = false
    var received: [Message] = []

    init(capabilities: Capabilities = [.adc, .streaming, .injection], telemetry: [Telemetry]) {
      self.capabilities = capabilities
      self.telemetry = telemetry
      transport.respond = { [unowned self] bytes in self.answer(bytes) }
    }

    func answer(_ bytes: [UInt8]) -> [FakeTransport.Step] {
      var decoder = FrameDecoder()
      var steps: [FakeTransport.Step] = []
      for byte in bytes {
        guard let frame = decoder.feed(byte), let message = try? Message.decode(frame) else { continue }
        received.append(message)
        func reply(_ message: Message, seq: UInt8) {
          var buffer = [UInt8](repeating: 0, count: FrameFormat.maxWireSize)
          let count = try! buffer.withUnsafeMutableBytes { try FrameEncoder.encode(message, seq: seq, into: $0) }
          steps.append(.bytes(Array(buffer[0..<count])))
        }
        switch message {
        case .hello:
          reply(
            .info(
              DeviceInfo(
                firmwareMajor: 0, firmwareMinor: 1, firmwarePatch: 0, resetReason: 0, capabilities: capabilities,
                parameterSource: .flash, board: ShortText("fake"))), seq: frame.seq)
        case .streamStart where refuseStreaming:
          reply(.error(ErrorReply(requestType: .streamStart, missing: .adc)), seq: frame.seq)
        case .streamStart:
          reply(.ack(Ack(.streamStart)), seq: frame.seq)
          for (index, t) in telemetry.enumerated() { reply(.telemetry(t), seq: UInt8(index)) }
        case .streamStop:
          reply(.ack(Ack(.streamStop)), seq: frame.seq)
        default:
          break
        }
      }
      return steps
    }

    var client: DeviceClient {
      get throws {
        let client = DeviceClient(transport: transport)
        try client.handshake(timeout: .seconds(1))
        return client
      }
    }
  }

  static func frame(_ number: UInt16, _ faults: CellFaults) -> Telemetry {
    Telemetry(
      frame: number, left: 40, right: faults.right == .railed ? 1023 : 50, force: 0,
      state: faults.holds ? .fault : .idle, direction: .up, value: 0, positionMilli: 0, faults: faults)
  }

  @Test func aBurstOfTelemetryGivesTheCellsNowAndStopsStreaming() throws {
    let railed = CellFaults(left: .none, right: .railed)
    let device = StreamingDevice(telemetry: [Self.frame(1, .none), Self.frame(2, railed), Self.frame(3, railed)])
    let client = try device.client
    #expect(try client.cellStatus(frames: 3) == .faults(railed))
    #expect(CellStatus.faults(railed).text == "left ok, right railed (shorted to the supply?)")
    let requests = device.received.map(\.type)
    #expect(requests == [.hello, .streamStart, .streamStop])
    // Nothing of the burst is left for whoever uses the client next.
    #expect(try client.takeStreamed(waiting: .zero).isEmpty)
  }

  @Test func aDeviceWithoutCellsIsNotAskedToStream() throws {
    let device = StreamingDevice(capabilities: [.injection, .streaming], telemetry: [])
    #expect(try device.client.cellStatus() == .notStreaming)
    #expect(device.received.map(\.type) == [.hello])
    #expect(CellStatus.notStreaming.text == "not streaming (no force cells)")
    #expect(CellStatus.notStreaming.json == "null")
  }

  @Test func aRefusedStreamOrSilentOneSaysSo() throws {
    let refusing = StreamingDevice(telemetry: [])
    refusing.refuseStreaming = true
    #expect(try refusing.client.cellStatus() == .notStreaming)
    let silent = StreamingDevice(telemetry: [])
    let start = ContinuousClock.now
    #expect(try silent.client.cellStatus(within: .milliseconds(200)) == .noTelemetry)
    #expect(ContinuousClock.now - start < .seconds(1))
    #expect(silent.received.map(\.type) == [.hello, .streamStart, .streamStop])
  }

  // MARK: Calibration's refusals

  static func frames(_ count: Int = 50, left: (Int) -> Int, right: (Int) -> Int) -> [RawFrame] {
    (0..<count).map { RawFrame(left: UInt16(left($0)), right: UInt16(right($0))) }
  }

  static let rest = frames(left: { 40 + $0 % 3 }, right: { 60 + $0 % 5 })
  static let leftPress = frames(left: { min(540, 100 + $0 * 20) }, right: { 60 + $0 % 4 })
  static let rightPress = frames(left: { 40 + $0 % 2 }, right: { min(860, 100 + $0 * 30) })

  static func refusal(rest: [RawFrame] = rest, left: [RawFrame] = leftPress, right: [RawFrame] = rightPress)
    -> String?
  {
    do {
      _ = try CalibrationProposal.from(rest: rest, left: left, right: right)
      return nil
    } catch {
      return error.description
    }
  }

  @Test func goodReadingsCalibrate() {
    #expect(Self.refusal() == nil)
  }

  /// A rest step with a few firm readings (someone pressed) is refused, naming the
  /// cell, instead of proposing an offset that would swallow light presses.
  @Test func anUnsteadyRestIsRefused() {
    let pressedBriefly = Self.frames(left: { $0 % 20 == 7 ? 489 : 40 + $0 % 3 }, right: { 60 + $0 % 5 })
    #expect(
      Self.refusal(rest: pressedBriefly)
        == "calibration refused: the left cell was not steady during the rest step (readings up to 489, most near 41): leave the cap untouched, or rest your thumb lightly and still, and calibrate again; no parameter changed"
    )
    // Noise well within the limit is rest.
    let noisy = Self.frames(left: { 40 + ($0 * 37) % 60 }, right: { 60 + $0 % 5 })
    #expect(Self.refusal(rest: noisy) == nil)
  }

  @Test func aCellAtTheRailIsRefusedNamingTheCellAndStep() {
    let railedRest = Self.frames(left: { 40 + $0 % 3 }, right: { _ in 1023 })
    #expect(
      Self.refusal(rest: railedRest)
        == "calibration refused: the right cell sat at the rail (1023, rail_level 1016: shorted to the supply?) during the rest step: check the right cell's wiring (Hardware/wiring.md); no parameter changed"
    )
    let railedPress = Self.frames(left: { min(1023, 100 + $0 * 40) }, right: { 60 + $0 % 4 })
    let message = Self.refusal(left: railedPress)
    #expect(message?.contains("the left cell sat at the rail") == true, "\(message ?? "accepted")")
    #expect(message?.contains("during the left press step") == true)
  }

  @Test func aFrozenCellIsRefused() {
    let frozenRest = Self.frames(left: { _ in 300 }, right: { 60 + $0 % 5 })
    #expect(
      Self.refusal(rest: frozenRest)
        == "calibration refused: the left cell never changed from 300 while the right cell did (stuck: reading frozen) during the rest step: check the left cell's wiring (Hardware/wiring.md); no parameter changed"
    )
    let frozenPress = Self.frames(left: { 40 + $0 % 2 }, right: { _ in 61 })
    #expect(Self.refusal(right: frozenPress)?.contains("the right cell never changed from 61") == true)
    // An unloaded cell reads a steady 0 at rest: not frozen.
    let unloaded = Self.frames(left: { _ in 0 }, right: { 60 + $0 % 5 })
    #expect(Self.refusal(rest: unloaded) == nil)
    // Nor is the cell not pressed during the other's press, however steady.
    let steadyRight = Self.frames(left: { min(540, 100 + $0 * 20) }, right: { _ in 62 })
    #expect(Self.refusal(left: steadyRight) == nil)
  }

  @Test func aPressThatDoesNotRiseIsRefused() {
    let noRise = Self.frames(left: { _ in 0 }, right: { 60 + $0 % 4 })
    let message = Self.refusal(left: noRise)
    #expect(
      message
        == "calibration refused: the left cell did not rise above its rest (press 0, rest up to 42) during the left press step: press the left side firmly; if you did, its lead may be broken: check the left cell's wiring (Hardware/wiring.md); no parameter changed"
    )
    #expect(message.map { !$0.contains("\n") } == true)
  }

  @Test func aFaultTheDeviceReportedDuringAStepIsRefused() {
    do {
      try CalibrationProposal.check(faults: CellFaults(left: .none, right: .railed), during: .rest)
      Issue.record("a railed cell was accepted")
    } catch {
      #expect(
        error.description
          == "calibration refused: the right cell was railed (shorted to the supply?) during the rest step: check the right cell's wiring (Hardware/wiring.md); no parameter changed"
      )
    }
    for fault in [CellFault.open, .stuck, .intermittent] {
      #expect(throws: DeviceError.self) {
        try CalibrationProposal.check(faults: CellFaults(left: fault, right: .none), during: .left)
      }
    }
    // Drifted is what calibrating mends.
    #expect(throws: Never.self) {
      try CalibrationProposal.check(faults: CellFaults(left: .drifted, right: .drifted), during: .right)
    }
  }
}
