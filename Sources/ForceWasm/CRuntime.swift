/// The one C library routine the engine's code needs in the module: the parameter
/// table's names are NUL-separated `StaticString`s, whose length code calls `strlen`.
/// The module imports nothing, so it brings its own.
@_cdecl("strlen")
public func strlen(_ string: UnsafePointer<CChar>) -> Int {
  var count = 0
  while string[count] != 0 { count += 1 }
  return count
}
