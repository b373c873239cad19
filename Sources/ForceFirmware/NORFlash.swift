/// The flash pages reserved for parameters, with the rules every NOR flash here
/// shares (the nRF51's NVMC, the RP2040's QSPI flash through its boot ROM, the host
/// file and the test fake), so code that keeps to them runs on all of them:
///
/// - `flashPageCount` pages of `flashPageSize` bytes each, numbered from 0.
/// - Erase works on a whole page and sets every byte of it to 0xFF.
/// - Program writes whole 32-bit words at word-aligned offsets inside one page, and
///   can only clear bits: each byte becomes old AND new. Setting a bit back to 1
///   needs an erase, so programming a word twice without one stores the AND of both.
/// - A read may cover any range inside one page, and returns what erase and program
///   left there.
/// - A power cut during an erase or a program leaves the page in between (the bytes
///   already done changed, the rest not); nothing outside that page changes.
///
/// An erase or program that breaks these rules (a page that is not reserved, a range
/// that leaves its page, an offset or length that is not whole words) throws a
/// `FlashError` before anything changes. A read outside the reserved pages is a
/// programming error and traps.
public protocol NORFlash {
  /// Size of one erasable flash page, in bytes (a multiple of 4).
  var flashPageSize: Int { get }
  /// Number of pages reserved for parameter storage (0 when the board keeps none).
  var flashPageCount: Int { get }
  /// Reads `buffer.count` bytes from reserved page `page`, starting at `offset`.
  func flashRead(page: Int, offset: Int, into buffer: UnsafeMutableRawBufferPointer)
  /// Erases reserved page `page` to all 0xFF.
  mutating func flashErase(page: Int) throws(FlashError)
  /// Programs 32-bit words into page `page` at the word-aligned `offset`: each byte
  /// becomes the AND of what was there and `words`.
  mutating func flashWrite(page: Int, offset: Int, words: UnsafeRawBufferPointer) throws(FlashError)
}

/// An erase or program that breaks the `NORFlash` rules; the flash is unchanged.
public enum FlashError: Error, Equatable, Sendable {
  /// The page number is not one of the reserved pages.
  case noSuchPage
  /// The range runs outside its page.
  case outsidePage
  /// A program whose offset or length is not a whole number of 32-bit words.
  case notWordAligned
}

extension NORFlash {
  /// Throws the `FlashError` an erase (`count` nil) or a program of `count` bytes at
  /// `offset` of `page` breaks, if any: each implementation calls it first.
  public func checkFlashAccess(page: Int, offset: Int = 0, count: Int? = nil) throws(FlashError) {
    guard page >= 0 && page < flashPageCount else { throw .noSuchPage }
    guard let count else { return }
    guard offset >= 0 && count >= 0 && offset <= flashPageSize &- count else { throw .outsidePage }
    guard offset & 3 == 0 && count & 3 == 0 else { throw .notWordAligned }
  }
}
