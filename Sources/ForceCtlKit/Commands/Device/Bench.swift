import ArgumentParser
import ForceDevice
import ForceProtocol
import Foundation

extension ForceCtl {
  /// `forcectl bench`: the engine's per-frame cost measured on the device.
  public struct Bench: ParsableCommand {
    public static let configuration = CommandConfiguration(
      commandName: "bench",
      abstract: "Run the engine on the device over its built-in gesture and report the cost per frame.",
      discussion: """
        Ticks are the device's benchmark clock (16 MHz on the micro:bit: CPU cycles; 1 GHz \
        in SITL). In QEMU with -icount shift=0 (`forcectl emulate --icount`) one instruction \
        takes 1 ns, so instructions per frame = ticks × 62.5. While the bench runs, forcectl \
        asks the device for `stats` after each second of quiet (it answers `busy`): a device \
        that answers nothing for 2.5 s is reported as silent.
        """
    )

    @OptionGroup public var device: DeviceOptions
    @Option(help: "Engine frames to run.") public var frames: UInt32 = 10_000
    @Flag(help: "Print JSON.") public var json = false

    public init() {}

    public func validate() throws {
      guard frames >= 100 && frames <= 1_000_000 else { throw ValidationError("--frames must be 100...1000000") }
    }

    public func run() throws {
      let reply = try device.session { client throws(DeviceError) in
        try client.request(.bench(BenchRequest(frames: frames)))
      }
      guard case .benchResult(let result) = reply else {
        throw CLIError("unexpected reply to bench")
      }
      let perFrame = Double(result.ticks) / Double(result.frames)
      let microseconds = perFrame / Double(result.tickHz) * 1_000_000
      let slowest = Double(result.maxFrameTicks) / Double(result.tickHz) * 1_000_000
      if json {
        try printLines([
          "{\"frames\": \(result.frames), \"ticks\": \(result.ticks), \"tick_hz\": \(result.tickHz), \"ticks_per_frame\": \(perFrame), \"us_per_frame\": \(microseconds), \"max_frame_ticks\": \(result.maxFrameTicks)}"
        ])
      } else {
        try printLines([
          "frames:          \(result.frames)",
          "ticks:           \(result.ticks) at \(result.tickHz) Hz",
          "per frame:       \(String(format: "%.1f", perFrame)) ticks = \(String(format: "%.2f", microseconds)) µs",
          "slowest frame:   \(result.maxFrameTicks) ticks = \(String(format: "%.2f", slowest)) µs",
        ])
      }
    }
  }
}
