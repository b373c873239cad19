"""Measures the page: its size, the wasm module's size, and the latency from a
device frame to the page.

The latency is taken between a TCP tap in front of SITL, which notes when each
telemetry frame leaves the device's socket, and the page, which notes when the
same frame (by engine frame number) has been decoded by the wasm module
(`performance.timeOrigin + performance.now()`, the same wall clock). The path in
between is `forcectl ui`, the WebSocket and the decoding. Results go to
.build/web-tests/measurements.txt.
"""

import os
import socket
import statistics
import threading
import time

from conftest import ARTIFACTS, PAGE, ROOT, Bridge, Sitl, free_port, make_browser, press_trace, wait_for


def cobs_decode(data):
    out, index = bytearray(), 0
    while index < len(data):
        code = data[index]
        block = data[index + 1:index + code]
        out += block
        index += code
        if code < 0xFF and index < len(data):
            out.append(0)
    return bytes(out)


class Tap:
    """A TCP relay in front of SITL that timestamps each telemetry frame it passes on."""

    def __init__(self, upstream_port):
        self.port = free_port()
        self.upstream_port = upstream_port
        self.seen = {}
        self.listener = socket.create_server(("127.0.0.1", self.port))
        threading.Thread(target=self.serve, daemon=True).start()

    def serve(self):
        client, _ = self.listener.accept()
        upstream = socket.create_connection(("127.0.0.1", self.upstream_port))
        for s in (client, upstream):
            s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        threading.Thread(target=self.pump, args=(client, upstream, False), daemon=True).start()
        self.pump(upstream, client, True)

    def pump(self, source, sink, watch):
        pending = b""
        while True:
            try:
                data = source.recv(4096)
            except OSError:
                data = b""
            if not data:
                sink.close()
                return
            now = time.time() * 1000
            try:
                sink.sendall(data)
            except OSError:
                return
            if not watch:
                continue
            pending += data
            *frames, pending = pending.split(b"\0")
            for wire in frames:
                frame = cobs_decode(wire)
                if len(frame) == 17 and frame[0] == 0xA0:
                    self.seen.setdefault(frame[2] | frame[3] << 8, now)


# The page's budget: 63 655 bytes (its sources, served as they were, when the tuner
# was redesigned) plus 20 %.
PAGE_BUDGET = 76_386


def web_size(directory):
    files = [p for p in directory.rglob("*") if p.is_file() and p.suffix != ".wasm"]
    return sum(p.stat().st_size for p in files), len(files)


def test_latency_from_a_device_frame_to_the_page(workdir, wasm):
    sitl = Sitl(workdir, press_trace(workdir / "latency.csv"))
    sitl.flash = workdir / "latency.flash"
    sitl.start()
    tap = Tap(sitl.port)
    bridge = Bridge(workdir, f"tcp://127.0.0.1:{tap.port}", name="latency-ui")
    downloads = workdir / "latency-downloads"
    downloads.mkdir()
    browser = make_browser(downloads)
    try:
        browser.get(bridge.url)
        wait_for(lambda: browser.execute_script("return window.forcepicker && window.forcepicker.state") == "connected",
                 15, "the page to connect")
        browser.execute_script("window.forcepicker.telemetryTimes = []")
        time.sleep(4.0)
        received = browser.execute_script("return window.forcepicker.telemetryTimes")
    finally:
        browser.quit()
        bridge.stop()
        sitl.stop()
    latencies = sorted(at - tap.seen[frame] for frame, at in received if frame in tap.seen)
    assert len(latencies) > 600, f"only {len(latencies)} frames matched"
    median = statistics.median(latencies)
    p95 = latencies[int(0.95 * (len(latencies) - 1))]
    size, count = web_size(PAGE)
    sources, source_files = web_size(ROOT / "Web")
    report = (
        f"page as served (Tools/build-page, without the wasm module): {size} bytes in {count} files "
        f"(budget {PAGE_BUDGET}); its sources (Web/): {sources} bytes in {source_files} files\n"
        f"wasm module: {wasm.stat().st_size} bytes\n"
        f"latency, telemetry frame leaving the device socket -> decoded in the page, {len(latencies)} frames: "
        f"median {median:.2f} ms, p95 {p95:.2f} ms, max {latencies[-1]:.2f} ms\n")
    (ARTIFACTS / "measurements.txt").write_text(report)
    print("\n" + report)
    assert size <= PAGE_BUDGET, f"the page is {size} bytes, over its budget of {PAGE_BUDGET}"
    assert latencies[0] > -1.0, "the page saw a frame before the device sent it: clocks disagree"
    # A wall-clock figure: 50 ms on a machine with a core to spare (quiet: about 0.5 ms), 250 ms
    # when its load is above its cores (beside a build a median of 61 ms was seen), which still
    # catches a page or bridge that holds frames back for a fraction of a second.
    load, cores = os.getloadavg()[0], os.cpu_count() or 1
    bound = 50 if load < cores else 250
    print(f"load average {load:.1f} on {cores} cores: median bound {bound} ms")
    assert median < bound, f"median latency {median:.2f} ms (load average {load:.1f} on {cores} cores)"
