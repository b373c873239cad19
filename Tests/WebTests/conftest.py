"""Fixtures for the browser tests of the web tuner (Web/, `forcectl ui`).

Processes: the SITL firmware playing a looping trace, `forcectl ui` bridged to it,
and headless Chromium driven by Selenium (Debian's chromium and chromium-driver).
Artifacts (screenshot, measurements, downloads) go to .build/web-tests/.
"""

import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / ".build" / "web-tests"
# The page as `forcectl ui` serves it (Tools/build-page); the tests drive this one.
PAGE = ROOT / ".build" / "web"


def binary(name):
    directory = Path(os.environ.get("FORCEPICKER_BIN", ROOT / ".build" / "debug"))
    path = directory / name
    if not path.exists():
        pytest.fail(f"{path} is missing: run `swift build` first (or set FORCEPICKER_BIN)")
    return str(path)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(condition, timeout=10.0, message="condition"):
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {message}")
        time.sleep(0.05)


def wait_listening(port, process, timeout=10.0):
    def ready():
        if process.poll() is not None:
            raise AssertionError(f"{process.args[0]} exited with {process.returncode}")
        with socket.socket() as s:
            return s.connect_ex(("127.0.0.1", port)) == 0

    wait_for(ready, timeout, f"port {port}")


def press_trace(path, cycles=1):
    """A looping thumb press on both cells: idle, ramp up, hold, roll, release."""
    rows = ["t_ms,left,right"]
    frame = 0
    for _ in range(cycles):
        levels = [(0, 0)] * 100
        levels += [(int(4.5 * i), int(3.5 * i)) for i in range(100)]
        levels += [(450, 350)] * 150
        levels += [(450 - i, 350 + i) for i in range(0, 200, 2)]
        levels += [(max(0, 350 - 7 * i), max(0, 450 - 9 * i)) for i in range(50)]
        levels += [(0, 0)] * 100
        for left, right in levels:
            rows.append(f"{frame * 5},{left},{right}")
            frame += 1
    path.write_text("\n".join(rows) + "\n")
    return path


class Sitl:
    """forcepicker-sitl on a free port, its flash in a file that outlives restarts."""

    def __init__(self, workdir, trace):
        self.port = free_port()
        self.flash = workdir / "sitl.flash"
        self.trace = trace
        self.log = open(workdir / "sitl.log", "ab")
        self.process = None

    def start(self):
        self.process = subprocess.Popen(
            [binary("forcepicker-sitl"), "--port", str(self.port), "--flash", str(self.flash),
             "--trace", str(self.trace)], stdout=self.log, stderr=subprocess.STDOUT)
        wait_listening(self.port, self.process)

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


class Bridge:
    """`forcectl ui` on a free loopback port, bridged to `device`."""

    def __init__(self, workdir, device, name="ui", web=None):
        self.port = free_port()
        self.log_path = workdir / f"{name}.log"
        self.log = open(self.log_path, "ab")
        self.process = subprocess.Popen(
            [binary("forcectl"), "ui", "--port", device, "--listen", f"127.0.0.1:{self.port}",
             "--web", str(web or PAGE)], stdout=self.log, stderr=subprocess.STDOUT)
        wait_listening(self.port, self.process)
        self.url = f"http://127.0.0.1:{self.port}/index.html"

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


def make_browser(downloads):
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1400,1000"):
        options.add_argument(argument)
    options.add_experimental_option("prefs", {
        "download.default_directory": str(downloads), "download.prompt_for_download": False})
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"),
                              options=options)
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    return driver


@pytest.fixture(scope="session")
def workdir():
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = Path(tempfile.mkdtemp(prefix="forcepicker-web-"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture(scope="session")
def wasm():
    """The module, built afresh, and the page `forcectl ui` serves, bundled from Web/ with it."""
    subprocess.run([str(ROOT / "Tools" / "build-wasm")], check=True, stdout=subprocess.DEVNULL)
    subprocess.run([str(ROOT / "Tools" / "build-page"), "--out", str(PAGE)], check=True, stdout=subprocess.DEVNULL)
    return ROOT / "Web" / "forcepicker.wasm"


@pytest.fixture(scope="session")
def rig(workdir, wasm):
    """SITL + bridge + browser, shared by the tests of one module in order."""
    sitl = Sitl(workdir, press_trace(workdir / "press.csv"))
    sitl.start()
    bridge = Bridge(workdir, f"tcp://127.0.0.1:{sitl.port}")
    downloads = workdir / "downloads"
    downloads.mkdir()
    browser = make_browser(downloads)
    rig = type("Rig", (), {})()
    rig.sitl, rig.bridge, rig.browser, rig.downloads, rig.workdir = sitl, bridge, browser, downloads, workdir
    yield rig
    browser.quit()
    bridge.stop()
    sitl.stop()
