/// A problem in a gesture script, naming the line (1-based): the same shape as a
/// problem in a CSV trace.
public typealias GestureError = TraceError
