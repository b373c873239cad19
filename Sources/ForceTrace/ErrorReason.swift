import Foundation

/// The reason a Foundation error gives, as plain words without its domain and code
/// ("No such file or directory", not "NSCocoaErrorDomain error 260").
public enum ErrorReason {
  /// Plain text for `error`.
  public static func text(_ error: any Error) -> String {
    let ns = error as NSError
    if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(underlying.code)))
    }
    if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
    if ns.domain == NSCocoaErrorDomain {
      switch CocoaError.Code(rawValue: ns.code) {
      case .fileReadNoSuchFile, .fileNoSuchFile: return String(cString: strerror(ENOENT))
      case .fileReadNoPermission, .fileWriteNoPermission: return String(cString: strerror(EACCES))
      case .fileWriteOutOfSpace: return String(cString: strerror(ENOSPC))
      case .fileWriteVolumeReadOnly: return String(cString: strerror(EROFS))
      case .fileReadCorruptFile, .fileReadInapplicableStringEncoding: return "not readable as UTF-8 text"
      default: return "the file system refused it"
      }
    }
    let text = ns.localizedDescription
    return text.contains("Domain") ? "failed" : text
  }
}
