extension PortAddress {
  /// Opens the transport this address names: a `SerialTransport` or a `TCPTransport`.
  public func open(
    baudRate: Int = SerialTransport.defaultBaudRate,
    connectTimeout: Duration = TCPTransport.defaultConnectTimeout
  ) throws(LinkError) -> any Transport {
    switch self {
    case .serial(let path):
      try SerialTransport(path: path, baudRate: baudRate)
    case .usbSerial(let number):
      try SerialTransport(path: try USBSerialNumbers().port(for: number), baudRate: baudRate)
    case .tcp(let host, let port):
      try TCPTransport(host: host, port: port, connectTimeout: connectTimeout)
    }
  }
}
