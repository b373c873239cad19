import ForceHostCore
import ForceProtocol

// The page's session with a device (Web/js/device.js) runs forcectl's rules from
// ForceHostCore: which frame is a request's reply, how long to wait, when to repeat it
// and when to give up (`RequestExchange`), when a quiet device is probed or silent
// (`SilenceWatch`), the unsolicited frames lost (`UnsolicitedSequence`) and an error
// reply in words (`ErrorReplyText`). JavaScript keeps the timers and the link; times
// are milliseconds on its clock, from the session's start.

/// The session's state: one request outstanding at a time (the page queues them).
struct Session {
  var seq: UInt8 = 0
  var exchange = RequestExchange(request: .hello, seq: 0)
  var silence = SilenceWatch(nowMs: 0)
  var unsolicited = UnsolicitedSequence()
}

nonisolated(unsafe) var session = Session()

/// Starts a session at time `nowMs`: sequence numbers, silence and counts afresh.
@_expose(wasm, "fp_session_reset")
@_cdecl("fp_session_reset")
public func fpSessionReset(_ nowMs: Int32) {
  session = Session()
  session.silence = SilenceWatch(nowMs: Int64(nowMs))
}

/// The next request `seq` (1…255).
@_expose(wasm, "fp_session_seq")
@_cdecl("fp_session_seq")
public func fpSessionSeq() -> Int32 {
  session.seq = RequestExchange.seq(after: session.seq)
  return Int32(session.seq)
}

/// Starts the exchange of a request of `type` (`benchFrames`: a bench's frame count);
/// returns its `seq`, or -1 for a type that is not a request.
@_expose(wasm, "fp_exchange_start")
@_cdecl("fp_exchange_start")
public func fpExchangeStart(_ type: Int32, _ benchFrames: Int32) -> Int32 {
  guard type >= 0, type < 256, let request = MessageType(rawValue: UInt8(type)), request.isRequest else {
    return -1
  }
  let seq = fpSessionSeq()
  session.exchange = RequestExchange(request: request, seq: UInt8(seq), benchFrames: UInt32(max(0, benchFrames)))
  return seq
}

/// How long to wait for the outstanding request's reply, in ms.
@_expose(wasm, "fp_exchange_timeout")
@_cdecl("fp_exchange_timeout")
public func fpExchangeTimeout() -> Int32 { Int32(session.exchange.timeoutMs) }

/// 1 when a frame of `type` and `seq` is the outstanding request's reply, else 0.
@_expose(wasm, "fp_exchange_is_reply")
@_cdecl("fp_exchange_is_reply")
public func fpExchangeIsReply(_ type: Int32, _ seq: Int32) -> Int32 {
  session.exchange.isReply(type: UInt8(truncatingIfNeeded: type), seq: UInt8(truncatingIfNeeded: seq)) ? 1 : 0
}

/// What to do next (`Next`'s code: 0 answered, 1 resend after a lone `00`, 2 repeat
/// after `busyDelayMs`, 3 no reply) after a timeout (`reply` = 0), a `busy` reply
/// (`reply` = 2) or any other reply (`reply` = 1).
@_expose(wasm, "fp_exchange_next")
@_cdecl("fp_exchange_next")
public func fpExchangeNext(_ reply: Int32) -> Int32 {
  let next = reply == 0 ? session.exchange.timedOut() : session.exchange.replied(busy: reply == 2)
  switch next {
  case .answered: return 0
  case .resend: return 1
  case .repeatAfterBusy: return 2
  case .noReply: return 3
  }
}

/// The wait before a request answered `busy` is sent again, in ms.
@_expose(wasm, "fp_busy_delay")
@_cdecl("fp_busy_delay")
public func fpBusyDelay() -> Int32 { Int32(RequestExchange.busyDelayMs) }

/// A byte arrived at `nowMs`, or a request went out (which starts a conversation).
@_expose(wasm, "fp_silence_heard")
@_cdecl("fp_silence_heard")
public func fpSilenceHeard(_ nowMs: Int32) { session.silence.heard(atMs: Int64(nowMs)) }

/// What to do about a quiet device at `nowMs`, with a request outstanding when
/// `pending` is 1: 0 nothing, 1 send `stats` (its `seq` from `fp_session_seq`), 2 a
/// lone `00` then `stats`, or minus the ms of silence when the device went silent.
@_expose(wasm, "fp_silence_check")
@_cdecl("fp_silence_check")
public func fpSilenceCheck(_ nowMs: Int32, _ pending: Int32) -> Int32 {
  let mayProbe = pending == 0 || session.exchange.allowsProbes
  switch session.silence.check(atMs: Int64(nowMs), mayProbe: mayProbe) {
  case .wait: return 0
  case .probe(let delimiterFirst): return delimiterFirst ? 2 : 1
  case .silent(let quiet): return -Int32(truncatingIfNeeded: max(1, quiet))
  }
}

/// The device acknowledged `streamStart`: its next unsolicited frame carries `seq` 0.
@_expose(wasm, "fp_unsolicited_restart")
@_cdecl("fp_unsolicited_restart")
public func fpUnsolicitedRestart() { session.unsolicited.restart() }

/// Notes an unsolicited frame's `seq`; returns the frames lost just before it.
@_expose(wasm, "fp_unsolicited")
@_cdecl("fp_unsolicited")
public func fpUnsolicited(_ seq: Int32) -> Int32 {
  Int32(session.unsolicited.observe(UInt8(truncatingIfNeeded: seq)))
}

/// Writes an `error` reply with these fields in words (as forcectl prints it) to the
/// document area; returns its length, or -1 for an unknown code.
@_expose(wasm, "fp_error_text")
@_cdecl("fp_error_text")
public func fpErrorText(_ code: Int32, _ requestType: Int32, _ parameter: Int32, _ detail: Int32, _ value: Int32)
  -> Int32
{
  guard code >= 0, code < 256, let code = ErrorCode(rawValue: UInt8(code)) else { return -1 }
  let reply = ErrorReply(
    code: code, requestType: UInt8(truncatingIfNeeded: requestType), parameter: UInt8(truncatingIfNeeded: parameter),
    detail: UInt8(truncatingIfNeeded: detail), value: value)
  return writeDocument { document in
    ErrorReplyText.write(reply, to: &document)
  }
}

/// Writes what a device silent for `quietMs` did, for after its port's name ("went
/// silent: nothing for 2.5 s …"), to the document area; returns its length.
@_expose(wasm, "fp_silence_text")
@_cdecl("fp_silence_text")
public func fpSilenceText(_ quietMs: Int32) -> Int32 {
  return writeDocument { document in
    SilenceWatch.writeSilence(quietMs: Int64(quietMs), to: &document)
  }
}

/// Writes "no reply to NAME within `timeoutMs` ms: …" for the outstanding request to
/// the document area; returns its length.
@_expose(wasm, "fp_no_reply_text")
@_cdecl("fp_no_reply_text")
public func fpNoReplyText(_ timeoutMs: Int32) -> Int32 {
  let name = session.exchange.request.name
  return writeDocument { document in
    RequestExchange.writeNoReply(
      request: UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount),
      timeoutMs: Int(timeoutMs), to: &document)
  }
}
