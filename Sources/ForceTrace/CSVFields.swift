import Foundation

/// The comma-separated fields of one CSV line, trimmed of spaces and tabs, each with
/// the 1-based column (in characters) where its text starts, for error messages.
struct CSVFields {
  /// The trimmed text of each field.
  private(set) var texts: [String] = []
  /// Where each field's text starts on the line.
  private(set) var columns: [Int] = []

  init(_ line: some StringProtocol) {
    var column = 1
    for field in line.split(separator: ",", omittingEmptySubsequences: false) {
      let leading = field.prefix { $0 == " " || $0 == "\t" }.count
      texts.append(field.trimmingCharacters(in: " \t"))
      columns.append(column + leading)
      column += field.count + 1
    }
  }
}
