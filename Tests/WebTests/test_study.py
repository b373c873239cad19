"""The study pages for people (`forcectl study run --participant`, Web/study) in
headless Chromium against SITL with live cells (`forcepicker-sitl --cells`): the
participant page shows the target and the live value and advances; the clock does
not start while the cells are pressed before a trial; the experimenter page shows
the progress; a phone-sized viewport works."""

import os
import shutil
import subprocess
import time

from selenium.webdriver.common.by import By

from conftest import ARTIFACTS, ROOT, binary, free_port, make_browser, wait_for, wait_listening


def press(cells, left, right):
    """The thumb's readings on SITL's live cells (the file replaced by a rename)."""
    fresh = cells.with_suffix(".next")
    fresh.write_text(f"{left},{right}")
    os.replace(fresh, cells)


def test_a_person_runs_trials_through_the_participant_page(workdir):
    directory = workdir / "study"
    directory.mkdir()
    cells = directory / "cells"
    press(cells, 0, 0)
    sitl_port, page_port = free_port(), free_port()
    log = open(directory / "study.log", "ab")
    sitl = subprocess.Popen(
        [binary("forcepicker-sitl"), "--port", str(sitl_port), "--flash", str(directory / "sitl.flash"),
         "--cells", str(cells)], stdout=log, stderr=subprocess.STDOUT)
    wait_listening(sitl_port, sitl)
    output = directory / "p02"
    study = subprocess.Popen(
        [binary("forcectl"), "study", "run", "--participant", "2", "--port", f"tcp://127.0.0.1:{sitl_port}",
         "--technique", "pulse", "--repetitions", "1", "--output", str(output), "--listen",
         f"127.0.0.1:{page_port}"], cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    wait_listening(page_port, study, timeout=20)
    browser = make_browser(directory)
    base = f"http://127.0.0.1:{page_port}"
    text = lambda element: browser.find_element(By.ID, element).text
    try:
        browser.get(base + "/participant.html")
        participant = browser.current_window_handle
        wait_for(lambda: "Block 1 of 1: pulse" in text("instruction"), 10, "the block's break")
        # A thumb resting on the sensor: Ready ends the break, then the page asks to lift it.
        press(cells, 300, 280)
        browser.find_element(By.ID, "ready").click()
        wait_for(lambda: text("instruction") == "Lift your thumb off the sensor.", 5, "the request to lift")
        assert not browser.find_element(By.ID, "ready").is_displayed()
        assert text("target") == "–"
        press(cells, 0, 0)
        wait_for(lambda: "when you are ready" in text("instruction"), 5, "the request for ready")
        browser.find_element(By.ID, "ready").click()
        # Armed: the target and the picker at the start value; no clock before the contact.
        wait_for(lambda: text("target") == "7", 5, "the target")
        current = lambda: browser.execute_script("return document.querySelector('#picker li.current').textContent")
        assert current() == "6"
        assert text("progress") == "trial 1 of 32"

        browser.switch_to.new_window("window")
        browser.get(base + "/experimenter.html")
        wait_for(lambda: text("phase") == "armed", 5, "the experimenter page")
        time.sleep(0.3)
        assert text("phase") == "armed"
        assert text("block") == "1 of 1: pulse"

        press(cells, 260, 240)
        wait_for(lambda: text("phase").startswith("running"), 5, "the clock to start at the contact")
        browser.switch_to.window(participant)
        wait_for(lambda: current() != "6", 5, "the live value to move")
        press(cells, 0, 0)
        wait_for(lambda: text("progress") == "trial 2 of 32", 5, "the next trial")
        rows = (output / "trials.csv").read_text().splitlines()
        assert len(rows) == 2 and rows[1].startswith("pulse,2,1,1,1,10,OneStep,up,6,7,"), rows

        browser.switch_to.window(browser.window_handles[1])
        wait_for(lambda: text("errors").endswith("of 1"), 5, "the errors")
        assert text("trial") == "2 (2 of 32)"
        assert "s, " in text("last")
        browser.save_screenshot(str(ARTIFACTS / "study-experimenter.png"))

        # A phone-sized viewport: everything fits across, Ready within the screen.
        browser.switch_to.window(participant)
        browser.set_window_size(390, 844)
        time.sleep(0.3)
        assert browser.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")
        bottom = browser.execute_script("return document.getElementById('ready').getBoundingClientRect().bottom")
        assert bottom <= browser.execute_script("return window.innerHeight"), bottom
        browser.save_screenshot(str(ARTIFACTS / "study-participant-phone.png"))
    finally:
        browser.quit()
        for process in (study, sitl):
            if process.poll() is None:
                process.terminate()
                process.wait(timeout=10)
