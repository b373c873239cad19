"""Guided calibration in the page against SITL: the page records five steps from the
device's telemetry (rest, a firm and a medium press on each side), the wasm module
(ForceHostCore's CalibrationCheck, as `forcectl calibrate`) proposes offsets and gains,
and Apply sets them on the device."""

import re

from selenium.webdriver.common.by import By

from conftest import Bridge, Sitl, wait_for
from test_tuner import connected, device_value, text

PHASE_FRAMES = 1000  # 5 s at 200 Hz: a step records 1 s, and a loaded machine clicks late
PHASE_MS = PHASE_FRAMES * 5

# Each phase's readings cycle through a few values, so any whole second of a phase has
# the same statistics: rest left 18/22 (mean 20, σ 2), right 23/27 (mean 25, σ 2); the
# firm presses' 90th percentiles 602 and 702; the medium presses' medians 300 (left
# cell, 45 on the right) and 350 (right cell, 38 on the left).
PHASES = [
    ("rest", (18, 22), (23, 27)),
    ("left", (598, 602), (23, 27)),
    ("right", (18, 22), (698, 702)),
    ("left medium", (299, 300, 301), (44, 45, 46)),
    ("right medium", (37, 38, 39), (349, 350, 351)),
]
PASS_S = len(PHASES) * PHASE_MS / 1000  # one pass of the trace, which SITL loops

# offset = rest mean + max(8, 3σ): 28, 33. Calibration turns fsr_law on, so a reading r
# above an offset o counts as (r^p − o^p)^(1/p), p = 1/0.78 (Docs/signal-chain.md, step 2;
# the engine follows it within 2 counts). The medium presses set the gains: each press's
# total, both cells' medians by the law above the offsets, reads 512 (a 2×2 system).
P = 1 / 0.78


def law(reading, offset):
    return max(0.0, reading ** P - offset ** P) ** (1 / P)


ON_LEFT = (law(300, 28), law(45, 33))
ON_RIGHT = (law(38, 28), law(350, 33))
DETERMINANT = ON_LEFT[0] * ON_RIGHT[1] - ON_LEFT[1] * ON_RIGHT[0]
EXPECTED = {"left_offset": 28, "right_offset": 33,
            "left_gain": 1000 * 512 * (ON_RIGHT[1] - ON_LEFT[1]) / DETERMINANT,
            "right_gain": 1000 * 512 * (ON_LEFT[0] - ON_RIGHT[0]) / DETERMINANT,
            "fsr_law": 1}


def proposal(prompt):
    """The parameters the prompt proposes, by name."""
    match = re.search(r"proposed: ((?:\w+=\d+ ?)+)", prompt)
    assert match, prompt
    return {name: int(value) for name, value in (item.split("=") for item in match.group(1).split())}


def check_proposal(prompt):
    """The prompt's proposal is the documented one: offsets and the law exactly, the gains
    within 1 % (the engine's law is within 2 counts of the exact one)."""
    proposed = proposal(prompt)
    assert set(proposed) == set(EXPECTED), prompt
    for name, value in EXPECTED.items():
        if name.endswith("gain"):
            assert abs(proposed[name] - value) <= 0.01 * value, (name, proposed[name], value)
        else:
            assert proposed[name] == value, (name, proposed[name], value)
    return proposed


# The phase the device is in, from its telemetry, and when it began (page time, ms).
WATCH_PHASE = """
    window.calibrationPhase = {phase: null, since: 0};
    window.forcepicker.device.on("telemetry", (t) => {
      const phase = t.right > 500 ? "right" : t.left > 500 ? "left"
        : t.right > 200 ? "right medium" : t.left > 200 ? "left medium" : "rest";
      if (phase !== window.calibrationPhase.phase) window.calibrationPhase = {phase, since: performance.now()};
    });
"""


def calibration_trace(path):
    rows = ["t_ms,left,right"]
    for _, lefts, rights in PHASES:
        for i in range(PHASE_FRAMES):
            rows.append(f"{len(rows) * 5},{lefts[i % len(lefts)]},{rights[i % len(rights)]}")
    path.write_text("\n".join(rows) + "\n")
    return path


def record_step(browser, phase, step=None, within_ms=500):
    """Clicks "Record this step" (recording `step`, by default `phase`) within `within_ms` of
    `phase` beginning, waiting for the trace's next pass if this one is too far along (the
    step records 1 s)."""
    def fresh():
        state = browser.execute_script(
            "const p = window.calibrationPhase; return {phase: p.phase, age: performance.now() - p.since}")
        return state["phase"] == phase and state["age"] < within_ms

    wait_for(fresh, PASS_S + 5, f"the {phase} phase to begin")
    browser.find_element(By.ID, "calibrate-next").click()
    wait_for(lambda: browser.find_element(By.ID, "calibrate-next").is_enabled(), 5, f"the {step or phase} recording")


def test_guided_calibration_proposes_and_applies_the_offsets_and_gains(rig):
    browser = rig.browser
    workdir = rig.workdir / "calibration-device"
    workdir.mkdir()
    sitl = Sitl(workdir, calibration_trace(workdir / "calibration.csv"))
    sitl.start()
    bridge = Bridge(workdir, f"tcp://127.0.0.1:{sitl.port}", name="calibration-ui")
    first = browser.current_window_handle
    browser.switch_to.new_window("tab")
    try:
        browser.get(bridge.url)
        connected(browser)
        browser.execute_script(WATCH_PHASE)
        browser.find_element(By.ID, "calibrate-start").click()
        assert text(browser, "calibrate-prompt").startswith("Step 1 of 5: Rest your thumb")
        record_step(browser, "rest")
        assert text(browser, "calibrate-prompt").startswith("Step 2 of 5: Press the LEFT side firmly")
        record_step(browser, "left")
        record_step(browser, "right")
        assert text(browser, "calibrate-prompt").startswith("Step 4 of 5: Press the LEFT side at medium force")
        record_step(browser, "left medium")
        record_step(browser, "right medium")
        prompt = text(browser, "calibrate-prompt")
        # The rests' means within 0.2 of 20 and 25: a probe frame streams the reading before it.
        measured = re.search(r"measured: rest left (\d+\.\d), rest right (\d+\.\d), left press 602, right press 702, "
                             r"left medium (\d+), right medium (\d+) above rest by the FSR law", prompt)
        assert measured, prompt
        assert abs(float(measured.group(1)) - 20) <= 0.2 and abs(float(measured.group(2)) - 25) <= 0.2, prompt
        measured = re.search(r"left medium (\d+), right medium (\d+)", prompt)
        assert abs(int(measured.group(1)) - sum(ON_LEFT)) <= 4, (measured.group(1), sum(ON_LEFT))
        assert abs(int(measured.group(2)) - sum(ON_RIGHT)) <= 4, (measured.group(2), sum(ON_RIGHT))
        proposed = check_proposal(prompt)
        assert browser.find_element(By.ID, "calibrate-apply").is_displayed()

        browser.find_element(By.ID, "calibrate-apply").click()
        wait_for(lambda: text(browser, "calibrate-prompt") == "Calibration applied.", 5, "the batch")
        for name, value in proposed.items():
            assert device_value(browser, name) == value, name

        # Pressing nothing: recording the left press during rest is refused, naming the cell.
        browser.find_element(By.ID, "calibrate-start").click()
        record_step(browser, "rest")
        # Still at rest, with at least 2.5 s of it left: no left press.
        record_step(browser, "rest", step="left", within_ms=PHASE_MS - 2500)
        record_step(browser, "right")
        record_step(browser, "left medium")
        record_step(browser, "right medium")
        prompt = text(browser, "calibrate-prompt")
        assert prompt.startswith("Calibration failed: calibration refused: the left cell did not rise above its rest"), prompt
        assert browser.find_element(By.ID, "calibrate-start").is_displayed()
        for name, value in proposed.items():  # the refused calibration changed nothing
            assert device_value(browser, name) == value, name
    finally:
        browser.close()
        browser.switch_to.window(first)
        bridge.stop()
        sitl.stop()
