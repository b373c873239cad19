import ForceLink
import Foundation
import Synchronization

/// The `/device` WebSocket: relays binary messages to the device and the device's
/// bytes back, one page at a time. Text messages from the bridge report the state
/// as JSON: `{"status":"open"|"refused"|"error"|"closed","message":…}`; a text
/// message from the page, `{"report":…}` (say, the device went silent), is a line for
/// the terminal, handed to `report`.
struct DeviceRelay: Sendable {
  let address: PortAddress
  let baud: Int
  let connectTimeout: Duration
  let claim: Claim
  let report: @Sendable (String) -> Void

  /// WebSocket close codes (and reasons) the page explains to the user.
  enum CloseCode {
    static let inUse = (code: UInt16(4001), reason: "device in use by another page")
    static let cannotOpen = (code: UInt16(4002), reason: "cannot open the device")
    static let disconnected = (code: UInt16(4003), reason: "device disconnected")
  }

  /// Serves one page's socket until the page or the device goes away.
  func run(_ socket: WebSocket) {
    guard claim.take() else {
      let message = "another page is already connected to \(address); close that tab or press Disconnect there first"
      return turnAway(socket, Status.json("refused", message), CloseCode.inUse)
    }
    let transport: any Transport
    do {
      transport = try address.open(baudRate: baud, connectTimeout: connectTimeout)
    } catch {
      claim.release()
      return turnAway(socket, Status.json("error", error.description), CloseCode.cannotOpen)
    }
    socket.send(text: Status.json("open", address.description))
    let session = DeviceSession()
    let ended = DispatchSemaphore(value: 0)
    session.start(
      transport, received: { socket.send(binary: $0) },
      ended: { [claim] error in
        if let error {
          socket.send(text: Status.json("closed", error))
          socket.close(code: CloseCode.disconnected.code, reason: CloseCode.disconnected.reason)
        }
        claim.release()
        ended.signal()
      })
    while let message = socket.receive() {
      switch message {
      case .binary(let bytes): session.send(bytes)
      case .text(let text): if let line = Report.line(text) { report(line) }
      }
    }
    session.stop()
    ended.wait()  // the device is closed and free for the next page
  }

  /// Tells the page why it gets no device (`status`), closes with `close`, and waits
  /// for the page to answer the close.
  private func turnAway(_ socket: WebSocket, _ status: String, _ close: (code: UInt16, reason: String)) {
    socket.send(text: status)
    socket.close(code: close.code, reason: close.reason)
    while socket.receive() != nil {}
  }
}

/// Whether a page holds the device.
final class Claim: Sendable {
  private let taken = Mutex(false)

  /// Takes the device; false when a page already holds it.
  func take() -> Bool {
    taken.withLock { taken in
      if taken { return false }
      taken = true
      return true
    }
  }

  /// Gives the device back.
  func release() { taken.withLock { $0 = false } }
}

/// A page's `{"report": TEXT}`: TEXT as one line of at most 300 characters, control
/// characters left out; nil for any other message.
enum Report {
  struct Body: Decodable {
    let report: String
  }

  static func line(_ text: String) -> String? {
    guard let body = try? JSONDecoder().decode(Body.self, from: Data(text.utf8)) else { return nil }
    let line = String(
      String.UnicodeScalarView(body.report.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }))
    return line.isEmpty ? nil : String(line.prefix(300))
  }
}

/// The bridge's status messages.
enum Status {
  struct Body: Encodable {
    let status: String
    let message: String
  }

  static func json(_ status: String, _ message: String) -> String {
    let data = (try? JSONEncoder().encode(Body(status: status, message: message))) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }
}
