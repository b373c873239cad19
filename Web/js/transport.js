// Byte transports to the device, behind one small interface:
//
//   transport.open()        → Promise, resolves once bytes can flow
//   transport.write(bytes)  → send a Uint8Array
//   transport.close()
//   transport.onbytes = (Uint8Array) => …       bytes from the device
//   transport.onclose = (reason: string) => …   the link went away
//   transport.label                              what it is connected to, for the user
//   transport.deviceName                         the device itself, once open (bridge: its port)
//   transport.report(text)                       optional: tell the other end (the bridge prints it)
//
// BridgeTransport talks to `forcectl ui` over a WebSocket (the server relays bytes);
// SerialTransport uses Web Serial (navigator.serial) with no server at all.

export class BridgeTransport {
  constructor(url = BridgeTransport.defaultURL()) {
    this.url = url;
    this.label = "bridge";
    this.onbytes = () => {};
    this.onclose = () => {};
  }

  static defaultURL() {
    return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/device`;
  }

  open() {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(this.url);
      socket.binaryType = "arraybuffer";
      let opened = false;
      let reason = null;
      this.socket = socket;
      socket.onmessage = (event) => {
        if (typeof event.data !== "string") {
          this.onbytes(new Uint8Array(event.data));
          return;
        }
        const status = JSON.parse(event.data);
        if (status.status === "open") {
          opened = true;
          this.label = `bridge → ${status.message}`;
          this.deviceName = status.message;
          resolve();
        } else {
          reason = status.message;
        }
      };
      socket.onclose = (event) => {
        const why = reason ?? (event.reason || `bridge connection closed (code ${event.code})`);
        if (opened) this.onclose(why);
        else reject(new Error(why));
      };
      socket.onerror = () => { reason = reason ?? `cannot reach the bridge at ${this.url}`; };
    });
  }

  write(bytes) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(bytes);
  }

  /** A line for `forcectl ui` to print on its terminal (a text message: `{"report": …}`). */
  report(text) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify({ report: text }));
  }

  close() {
    this.onclose = () => {};
    this.socket?.close();
  }
}

export class SerialTransport {
  constructor(serial = navigator.serial, baudRate = 115200) {
    this.serial = serial;
    this.baudRate = baudRate;
    this.label = "Web Serial";
    this.onbytes = () => {};
    this.onclose = () => {};
  }

  static available() { return typeof navigator !== "undefined" && "serial" in navigator; }

  async open() {
    this.port = await this.serial.requestPort({});
    await this.port.open({ baudRate: this.baudRate });
    this.writer = this.port.writable.getWriter();
    this.reader = this.port.readable.getReader();
    this.label = "Web Serial";
    this.deviceName = "the serial port";
    this.reading = this.readLoop();
  }

  async readLoop() {
    try {
      for (;;) {
        const { value, done } = await this.reader.read();
        if (done) break;
        if (value?.length) this.onbytes(value);
      }
      this.onclose("the serial port closed");
    } catch (error) {
      this.onclose(`serial port: ${error.message}`);
    }
  }

  write(bytes) { this.writer?.write(bytes).catch((error) => this.onclose(`serial port: ${error.message}`)); }

  async close() {
    this.onclose = () => {};
    try {
      await this.reader?.cancel();
      this.reader?.releaseLock();
      this.writer?.releaseLock();
      await this.port?.close();
    } catch { /* already gone */ }
  }
}
