import ForceEngine
import ForceHostCore
import ForceTrace
import Foundation
import Testing

@testable import ForceSim

/// Calibration's medium presses (`CalibrationFit.from(…mediumLeft:mediumRight:)`), on
/// the simulated participants' own devices: the readings come from the sensor model.
@Suite struct MediumCalibrationTests {
  /// What the engine adds up for a one-sided press of `total` ideal counts (balance
  /// `balance`, as on a button) held for a second on `device`, with these gains: the
  /// mean over the second's last half of both cells after the device's offsets and the
  /// FSR law (`fsr_law`, which calibration turns on).
  static func reads(
    _ total: Double, balance: Double, on device: inout ParticipantDevice, gains: (left: Double, right: Double)
  ) -> Double {
    let left = UInt16((total * (1 - balance) / 2).rounded())
    let right = UInt16((total * (1 + balance) / 2).rounded())
    let offsets = device.calibration
    var sum = 0.0
    for frame in 0..<200 {
      let reading = device.read(left, right)
      if frame >= 100 {
        sum += Double(ForceEngine.fsrLawReading(Int32(reading.left), offset: offsets.leftOffset)) * gains.left
        sum += Double(ForceEngine.fsrLawReading(Int32(reading.right), offset: offsets.rightOffset)) * gains.right
      }
    }
    for _ in 0..<400 { _ = device.read(0, 0) }
    return sum / 100
  }

  /// Right after calibration, one-sided presses at 450 and 650 ideal counts (either
  /// side of the medium press's 512, each a press of its own) on all 16 devices of the
  /// study's seed. Through the medium presses' gains they read within 5 % of what they
  /// are on average and within 13 % on the worst device, closer than through the firm
  /// presses' gains (the two-point fit, from the same recordings) on both counts; on
  /// `worn` the firm presses' gains are off by more than 8 % on average and by more than
  /// 25 % on the worst device (its parts spread 15 %, which a saturated press hides).
  /// (Nearer rest the preload compresses light presses, which no gain undoes.)
  @Test(arguments: [SensorProfile.typical, .worn])
  func mediumPressesBringMidForceCloserToWhatItIs(_ profile: SensorProfile) throws {
    var worst = (medium: 0.0, firm: 0.0)
    var mean = (medium: 0.0, firm: 0.0)
    for participant in 1...16 {
      let user = StudyRunner.profile(seed: 1, participant: participant)
      var device = try ParticipantDevice(
        sensor: StudySensor(profile: profile), seed: 1, participant: participant, profile: user)
      let fit = device.calibration
      #expect(fit.hasMedium)
      let medium = (Double(fit.leftGain) / 1000, Double(fit.rightGain) / 1000)
      let firm = (
        CalibrationFit.target / Double(ForceEngine.fsrLawReading(Int32(fit.leftPeak), offset: fit.leftOffset)),
        CalibrationFit.target / Double(ForceEngine.fsrLawReading(Int32(fit.rightPeak), offset: fit.rightOffset))
      )
      for side in [-1.0, 1.0] {
        for total in [450.0, 650.0] {
          let balance = side * user.buttonBalance
          let throughMedium = Self.reads(total, balance: balance, on: &device, gains: medium) / total - 1
          let throughFirm = Self.reads(total, balance: balance, on: &device, gains: firm) / total - 1
          worst = (max(worst.medium, abs(throughMedium)), max(worst.firm, abs(throughFirm)))
          mean = (mean.medium + abs(throughMedium) / 64, mean.firm + abs(throughFirm) / 64)  // 16 × 2 × 2
        }
      }
    }
    let label = "\(profile.name): worst \(worst), mean \(mean)"
    #expect(mean.medium <= 0.05 && worst.medium <= 0.13, "\(label)")
    #expect(mean.medium < mean.firm && worst.medium < worst.firm, "\(label)")
    if profile == .worn { #expect(mean.firm > 0.08 && worst.firm > 0.25, "\(label)") }
  }
}
