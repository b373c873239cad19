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

}
