import FlyingFox
import ForceLink
import Foundation
import Synchronization

/// The `/device` WebSocket: relays binary messages to the device and the device's
/// bytes back, one page at a time. Text messages from the bridge report the state
/// as JSON: `{"status":"open"|"refused"|"error"|"closed","message":…}`; a text
/// message from the page, `{"report":…}` (say, the device went silent), is a line for
/// the terminal, handed to `report`.
struct DeviceRelay: WSMessageHandler {
  let address: PortAddress
  let baud: Int
  let connectTimeout: Duration
  let claim: Claim
  let report: @Sendable (String) -> Void

  /// WebSocket close codes the page explains to the user.
  enum CloseCode {
    static let inUse = WSCloseCode(4001, reason: "device in use by another page")
    static let cannotOpen = WSCloseCode(4002, reason: "cannot open the device")
    static let disconnected = WSCloseCode(4003, reason: "device disconnected")
  }

  func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
    let (stream, out) = AsyncStream<WSMessage>.makeStream()
    guard claim.take() else {
      out.yield(
        .text(
          Status.json(
            "refused",
            "another page is already connected to \(address); close that tab or press Disconnect there first")))
      out.yield(.close(CloseCode.inUse))
      out.finish()
      return stream
    }
    let transport: any Transport
    do {
      transport = try address.open(baudRate: baud, connectTimeout: connectTimeout)
    } catch {
      claim.release()
      out.yield(.text(Status.json("error", error.description)))
      out.yield(.close(CloseCode.cannotOpen))
      out.finish()
      return stream
    }
    out.yield(.text(Status.json("open", address.description)))
    let session = DeviceSession()
    session.start(
      transport, received: { out.yield(.data(Data($0))) },
      ended: { [claim] error in
        if let error {
          out.yield(.text(Status.json("closed", error)))
          out.yield(.close(CloseCode.disconnected))
        }
        out.finish()
        claim.release()
      })
    Task {
      for await message in client {
        switch message {
        case .data(let data): session.send([UInt8](data))
        case .text(let text): if let line = Report.line(text) { report(line) }
        default: break
        }
      }
      session.stop()
    }
    return stream
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
