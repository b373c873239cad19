"""A device that goes silent with the link open (the SITL held by SIGSTOP, as a hung
board would be): the page and `forcectl ui`'s terminal both say so within 3 s, the
server keeps running, and the page reconnects once the device answers again."""

import os
import re
import signal
import time

from selenium.webdriver.common.by import By

from conftest import Bridge, Sitl, make_browser, press_trace, wait_for


def test_a_silent_device_is_reported_in_the_page_and_on_the_terminal(workdir, wasm):
    directory = workdir / "silent"
    directory.mkdir()
    sitl = Sitl(directory, press_trace(directory / "press.csv"))
    sitl.start()
    bridge = Bridge(directory, f"tcp://127.0.0.1:{sitl.port}", name="ui-silent")
    browser = make_browser(directory)
    try:
        browser.get(bridge.url)
        state = lambda: browser.execute_script("return window.forcepicker && window.forcepicker.state")
        total = lambda: browser.execute_script("return window.forcepicker.chart.total")
        message = lambda: browser.find_element(By.ID, "message").text
        wait_for(lambda: state() == "connected", 15, "the page to connect")
        wait_for(lambda: total() > 100, 5, "telemetry")

        os.kill(sitl.process.pid, signal.SIGSTOP)
        stopped = time.monotonic()
        device = f"tcp://127.0.0.1:{sitl.port}"
        wait_for(lambda: "went silent" in message(), 5, "the page to report the silence")
        in_page = time.monotonic() - stopped
        wait_for(lambda: "went silent" in bridge.log_path.read_text(), 5, "the terminal to report it")
        on_terminal = time.monotonic() - stopped
        assert in_page < 3.0, f"the page took {in_page:.2f} s"
        assert on_terminal < 3.0, f"the terminal took {on_terminal:.2f} s"
        # The quiet as measured: the limit (2.5 s) and at most one check of the watch (0.1 s) more.
        said = re.escape(device) + r" went silent: nothing for 2\.[56] s and no answer to stats requests"
        assert re.search(said, message()), message()
        line = next(l for l in bridge.log_path.read_text().splitlines() if "went silent" in l)
        assert re.match("forcectl ui: " + said, line), line
        assert bridge.process.poll() is None, "forcectl ui keeps serving"

        # Still silent: the page keeps saying so while it tries again.
        time.sleep(4)
        assert "went silent" in message(), message()

        os.kill(sitl.process.pid, signal.SIGCONT)
        wait_for(lambda: state() == "connected", 15, "the page to reconnect")
        before = total()
        wait_for(lambda: total() > before + 100, 5, "telemetry again")
    finally:
        if sitl.process:
            os.kill(sitl.process.pid, signal.SIGCONT)
        browser.quit()
        bridge.stop()
        sitl.stop()
