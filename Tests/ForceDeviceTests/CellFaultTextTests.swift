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

}
