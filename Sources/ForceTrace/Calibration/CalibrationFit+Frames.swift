import ForceHostCore

extension CalibrationFit {
  /// The offsets and gains for three recordings of frames (ForceHostCore's maths). The
  /// error says which step to repeat: too few frames, or a press that reads too close
  /// to rest.
  public static func from(rest: [RawFrame], left: [RawFrame], right: [RawFrame]) throws(CalibrationError)
    -> CalibrationFit
  {
    do {
      return try from(
        rest: CalibrationRecording(rest), left: CalibrationRecording(left), right: CalibrationRecording(right))
    } catch {
      throw CalibrationError(error.message)
    }
  }

  /// The offsets and gains for five recordings of frames, the gains from the medium
  /// presses (ForceHostCore's maths). The error says which step to repeat.
  public static func from(
    rest: [RawFrame], left: [RawFrame], right: [RawFrame], mediumLeft: [RawFrame], mediumRight: [RawFrame]
  ) throws(CalibrationError) -> CalibrationFit {
    do {
      return try from(
        rest: CalibrationRecording(rest), left: CalibrationRecording(left), right: CalibrationRecording(right),
        mediumLeft: CalibrationRecording(mediumLeft), mediumRight: CalibrationRecording(mediumRight))
    } catch {
      throw CalibrationError(error.message)
    }
  }
}

extension CalibrationRecording where Readings == LazyMapCollection<[RawFrame], UInt16> {
  /// Each cell's readings of `frames`.
  public init(_ frames: [RawFrame]) {
    self.init(left: frames.lazy.map { $0.left }, right: frames.lazy.map { $0.right })
  }
}

extension CalibrationRefusal {
  /// The message as one line.
  public var message: String {
    var text = TextBuffer()
    write(to: &text)
    return text.string
  }
}

/// Recordings that cannot be calibrated from; the message says what to do again.
public struct CalibrationError: Error, CustomStringConvertible, Equatable, Sendable {
  /// What is wrong, as one line.
  public let message: String

  /// Creates an error.
  public init(_ message: String) { self.message = message }

  public var description: String { message }
}
