"""The web tuner in headless Chromium against SITL playing a trace through `forcectl ui`.

The tests run in file order and share one browser session (the `rig` fixture).
"""

import csv
import io
import json
import shutil
import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.select import Select

from conftest import ARTIFACTS, ROOT, Bridge, Sitl, make_browser, wait_for

LIVE = "return window.forcepicker"


def page(browser):
    return browser.execute_script(LIVE + " && {state: window.forcepicker.state, total: window.forcepicker.chart.total}")


def text(browser, element_id):
    return browser.find_element(By.ID, element_id).text


def param_row(browser, name):
    return browser.find_element(By.CSS_SELECTOR, f'tr[data-name="{name}"]')


def set_param(browser, name, value):
    box = param_row(browser, name).find_element(By.CSS_SELECTOR, "input[type=number]")
    browser.execute_script(
        "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('change'))", box, str(value))
    status = param_row(browser, name).find_element(By.CSS_SELECTOR, ".status")
    wait_for(lambda: status.text not in ("", "…"), 5, f"{name} status")
    return status.text


def device_value(browser, name):
    """Reads a parameter from the device with paramGet, through the page's session."""
    return browser.execute_async_script("""
        const [name, done] = arguments;
        const device = window.forcepicker.device;
        const p = device.parameters.find((p) => p.paramName === name);
        device.request("paramGet", {id: p.id}).then((m) => done(m.value), (e) => done("error: " + e.message));
    """, name)


def connected(browser):
    return wait_for(lambda: (page(browser) or {}).get("state") == "connected", 15, "the page to connect")


def test_page_connects_and_the_traces_move(rig):
    browser = rig.browser
    browser.get(rig.bridge.url)
    connected(browser)
    assert "connected: sitl" in text(browser, "state").lower() or "connected:" in text(browser, "state")
    assert len(browser.find_elements(By.CSS_SELECTOR, "#params tr[data-name]")) == len(reference_summaries())
    first = page(browser)["total"]
    time.sleep(1.5)
    assert page(browser)["total"] - first > 150, "fewer than 150 telemetry frames in 1.5 s"
    wait_for(lambda: page(browser)["total"] >= 650, 10, "a whole cycle of the trace (600 frames)")
    forces = browser.execute_script("return Array.from(window.forcepicker.chart.force)")
    lefts = browser.execute_script("return Array.from(window.forcepicker.chart.left)")
    assert max(forces) - min(forces) > 300, "the force trace does not move"
    assert max(lefts) >= 400
    wait_for(lambda: "touch-down" in " ".join(m["label"] for m in browser.execute_script(
        "return window.forcepicker.chart.marks")), 5, "a touch-down mark")
    assert text(browser, "zone") != "–" and text(browser, "position") != "–"
    counters = text(browser, "counters")
    assert "frames lost 0" in counters, counters
    wait_for(lambda: "device: not sent" in text(browser, "counters"), 5, "the device's link counters")
    assert "receive errors 0" in text(browser, "counters"), text(browser, "counters")


def test_a_slider_change_is_read_back_from_the_device(rig):
    browser = rig.browser
    assert set_param(browser, "rest_threshold", 250) == "✓ 250"
    assert device_value(browser, "rest_threshold") == 250
    lines = browser.execute_script("return window.forcepicker.chart.lines")
    assert lines["rest"] == 250


def test_a_refused_value_shows_the_devices_rule(rig):
    browser = rig.browser
    status = set_param(browser, "rest_threshold", 20)
    assert "contact_threshold < rest_threshold - hysteresis" in status, status
    assert "refused" in param_row(browser, "rest_threshold").find_element(By.CSS_SELECTOR, ".status").get_attribute("class")
    assert device_value(browser, "rest_threshold") == 250, "a refused value changed the device"
    out_of_range = set_param(browser, "hysteresis", 500)
    assert "hysteresis = 500 is outside 0...100" in out_of_range, out_of_range


def test_the_picker_shows_the_value_the_telemetry_carries(rig):
    """The picker beside the chart: its current item is the telemetry's value, its
    neighbours the values one and two away inside range_min…range_max (wrapping round
    with `wrap`, empty past the ends without it), and it moves as the trace rolls."""
    browser = rig.browser
    low, high = device_value(browser, "range_min"), device_value(browser, "range_max")
    wrap_before = device_value(browser, "wrap")
    count = high - low + 1

    def check(wrap, seconds):
        seen = set()
        deadline = time.time() + seconds
        while time.time() < deadline and len(seen) < 3:
            shown = browser.execute_script("""
                const items = Array.from(document.querySelectorAll('#picker .items li')).map((li) => li.textContent);
                return {value: document.getElementById('value').textContent, items,
                        current: document.querySelector('#picker li.current').textContent};""")
            value = int(shown["value"])
            assert shown["current"] == shown["value"], shown
            around = range(value - 2, value + 3)
            if wrap:
                expected = [str(low + (v - low) % count) for v in around]
            else:
                expected = [str(v) if low <= v <= high else "" for v in around]
            assert shown["items"] == expected, (shown, low, high, wrap)
            seen.add(value)
            time.sleep(0.2)
        return seen

    check(wrap_before != 0, 2)
    try:
        # With wrap the value keeps moving however the parameters left it (at an end, say).
        assert set_param(browser, "wrap", 1) == "✓ 1"
        seen = check(True, 15)
        assert len(seen) >= 3, f"the picker showed only {sorted(seen)} in 15 s of the trace"
    finally:
        set_param(browser, "wrap", wrap_before)


def test_event_labels_on_the_chart_never_overlap(rig):
    """Events come in bursts (touch-down, activate, boost and commit within a few
    frames): their labels take the first free row of four, and those with no room
    collapse into the label before them ("+N"), so no two labels overlap."""
    browser = rig.browser
    wait_for(lambda: len(browser.execute_script("return window.forcepicker.chart.labels || []")) >= 4, 15,
             "event labels on the chart")
    # A burst of marks on one frame: more than four rows can hold.
    browser.execute_script("for (const l of ['a-burst', 'of', 'six', 'marks', 'on', 'one-frame']) window.forcepicker.chart.mark(l)")
    time.sleep(0.3)
    boxes = browser.execute_script("return window.forcepicker.chart.labels")
    marks = browser.execute_script("return window.forcepicker.chart.marks.length")
    shown = sum(1 + b["hidden"] for b in boxes)
    assert shown <= marks and any(b["hidden"] > 0 for b in boxes), boxes
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            if a["top"] == b["top"]:
                assert a["right"] <= b["left"] or b["right"] <= a["left"], f"{a} overlaps {b}"


def test_a_parameter_is_tuned_with_the_keyboard_alone(rig):
    """Tab reaches a parameter's number box, the keys type a value and Enter sends it;
    the focused control shows its focus; arrow keys step an enum's choice."""
    browser = rig.browser
    row = param_row(browser, "hysteresis")
    box = row.find_element(By.CSS_SELECTOR, "input[type=number]")
    before = device_value(browser, "hysteresis")
    status = row.find_element(By.CSS_SELECTOR, ".status")
    try:
        # From the control before it, one Tab lands on the box.
        row.find_element(By.CSS_SELECTOR, "input[type=range]").send_keys(Keys.TAB)
        assert browser.switch_to.active_element == box
        assert browser.execute_script("return getComputedStyle(document.activeElement).outlineStyle") != "none"
        ActionChains(browser).key_down(Keys.CONTROL).send_keys("a").key_up(Keys.CONTROL).send_keys("12", Keys.ENTER).perform()
        wait_for(lambda: status.text == "✓ 12", 5, "hysteresis read back")
        assert device_value(browser, "hysteresis") == 12
        technique = param_row(browser, "technique")
        choice = technique.find_element(By.CSS_SELECTOR, "select")
        choice.send_keys(Keys.ARROW_DOWN)
        wait_for(lambda: device_value(browser, "technique") == 1, 5, "technique stepped by the keyboard")
    finally:
        set_param(browser, "hysteresis", before)
        set_param(browser, "technique", 0)


def test_undo_sets_the_device_back(rig):
    """Undo names the last change and sets the device back to the value before it; two
    changes are undone newest first."""
    browser = rig.browser
    first = device_value(browser, "roll_threshold")
    assert set_param(browser, "roll_threshold", first + 50) == f"✓ {first + 50}"
    assert set_param(browser, "roll_threshold", first + 80) == f"✓ {first + 80}"
    undo = browser.find_element(By.ID, "undo")
    assert undo.is_enabled() and undo.text == f"Undo: roll_threshold back to {first + 50}", undo.text
    undo.click()
    wait_for(lambda: device_value(browser, "roll_threshold") == first + 50, 5, "the first undo")
    wait_for(lambda: undo.text == f"Undo: roll_threshold back to {first}", 5, "the next undo's label")
    undo.click()
    wait_for(lambda: device_value(browser, "roll_threshold") == first, 5, "the second undo")
    box = param_row(browser, "roll_threshold").find_element(By.CSS_SELECTOR, "input[type=number]")
    wait_for(lambda: box.get_attribute("value") == str(first), 5, "the row showing the value undone")


def reference_summaries():
    """name -> summary from Docs/parameters.md's generated table (its fifth column)."""
    summaries = {}
    for line in (ROOT / "Docs/parameters.md").read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 6 and cells[0].startswith("`") and cells[0].endswith("`"):
            summaries[cells[0].strip("`")] = cells[4]
    return summaries


def test_parameters_are_grouped_and_explained(rig):
    """The parameters come under the headings of what they do, in the module's order, and
    each row says in a line what it is for: the words of Docs/parameters.md, which is
    generated from the same table."""
    browser = rig.browser
    headings = [h.text for h in browser.find_elements(By.CSS_SELECTOR, "#params tr.group th")]
    assert headings == ["Technique", "Thresholds", "Speed", "Smoothing and timing", "Range and value",
                        "Calibration", "The cells' health", "USB HID (Pico)"], headings
    order = browser.execute_script("""
        return Array.from(document.querySelectorAll('#params tr')).map((tr) =>
            tr.classList.contains('group') ? '#' + tr.textContent : tr.dataset.name);""")
    thresholds = order[order.index("#Thresholds") + 1:order.index("#Speed")]
    assert thresholds == ["contact_threshold", "rest_threshold", "boost_threshold", "hysteresis"], thresholds
    expected = reference_summaries()
    assert len(expected) == 35, sorted(expected)
    for row in browser.find_elements(By.CSS_SELECTOR, "#params tr[data-name]"):
        name = row.get_attribute("data-name")
        shown = row.find_element(By.CSS_SELECTOR, ".summary").text
        assert shown == expected[name], (name, shown, expected[name])


def drag_line(browser, line, to_value):
    """Drags threshold line `line` on the chart to where force `to_value` is drawn."""
    canvas = browser.find_element(By.ID, "chart")
    start_y, end_y, height, width = browser.execute_script("""
        const [line, to] = arguments; const chart = window.forcepicker.chart;
        return [chart.yOf(chart.lines[line]), chart.yOf(to), chart.canvas.clientHeight, chart.canvas.clientWidth];""",
        line, to_value)
    x = width * 0.3 - width / 2  # offsets are from the element's centre
    ActionChains(browser).move_to_element_with_offset(canvas, int(x), int(round(start_y - height / 2))).click_and_hold() \
        .move_by_offset(0, int(round((end_y - start_y) / 2))).move_by_offset(0, int(round(end_y - start_y)) - int(round((end_y - start_y) / 2))) \
        .release().perform()
    return browser.execute_script("return window.forcepicker.chart.lastDrop")


def test_a_threshold_is_set_by_dragging_its_line_on_the_chart(rig):
    """Dragging the rest line while the trace runs sets rest_threshold on the device to
    where it was dropped, and the page shows the value read back; a drop that breaks a
    rule snaps back and names the rule, the device unchanged."""
    browser = rig.browser
    before = device_value(browser, "rest_threshold")
    try:
        drop = drag_line(browser, "rest", 300)
        assert drop["name"] == "rest" and abs(drop["value"] - 300) <= 4, drop
        wait_for(lambda: device_value(browser, "rest_threshold") == drop["value"], 5, "the dragged value on the device")
        status = param_row(browser, "rest_threshold").find_element(By.CSS_SELECTOR, ".status")
        wait_for(lambda: status.text == f"✓ {drop['value']}", 5, "the row's read-back")
        assert browser.execute_script("return window.forcepicker.chart.lines.rest") == drop["value"]
        wait_for(lambda: "read back" in text(browser, "message"), 5, "the page saying so")
        refused = drag_line(browser, "rest", 20)
        assert refused["name"] == "rest" and refused["value"] < 40, refused
        wait_for(lambda: "refused" in text(browser, "message"), 5, "the refusal")
        assert "contact_threshold < rest_threshold - hysteresis" in text(browser, "message"), text(browser, "message")
        assert device_value(browser, "rest_threshold") == drop["value"], "a refused drop changed the device"
        assert browser.execute_script("return window.forcepicker.chart.lines.rest") == drop["value"], "no snap back"
    finally:
        set_param(browser, "rest_threshold", before)


def test_a_threshold_line_is_moved_and_set_from_the_keyboard(rig):
    """The chart takes focus from the keyboard: Right and Left choose a line, Up and Down
    move it (Shift: by 10), Enter sets it on the device, Escape puts it back."""
    browser = rig.browser
    before = device_value(browser, "rest_threshold")
    canvas = browser.find_element(By.ID, "chart")
    assert "Enter sets it" in canvas.get_attribute("aria-label")
    try:
        browser.execute_script("arguments[0].focus()", canvas)
        assert browser.switch_to.active_element == canvas
        chosen = lambda: browser.execute_script("return window.forcepicker.chart.selected")
        keys = ActionChains(browser)
        while chosen() != "rest":
            keys.send_keys(Keys.ARROW_RIGHT).perform()
        keys = ActionChains(browser)
        keys.key_down(Keys.SHIFT).send_keys(Keys.ARROW_UP, Keys.ARROW_UP).key_up(Keys.SHIFT).send_keys(Keys.ARROW_DOWN).perform()
        assert browser.execute_script("return window.forcepicker.chart.lines.rest") == before + 19
        assert device_value(browser, "rest_threshold") == before, "a line moved but not set changed the device"
        ActionChains(browser).send_keys(Keys.ENTER).perform()
        wait_for(lambda: device_value(browser, "rest_threshold") == before + 19, 5, "the value set by Enter")
        status = param_row(browser, "rest_threshold").find_element(By.CSS_SELECTOR, ".status")
        wait_for(lambda: status.text == f"✓ {before + 19}", 5, "the row's read-back")
        ActionChains(browser).send_keys(Keys.ARROW_UP, Keys.ARROW_UP, Keys.ESCAPE).perform()
        assert browser.execute_script("return window.forcepicker.chart.lines.rest") == before + 19, "Escape left the line moved"
        assert device_value(browser, "rest_threshold") == before + 19
        # Moved below contact + hysteresis, the line says which rule it would break before
        # anything is sent; Escape puts it back.
        limit = device_value(browser, "contact_threshold") + device_value(browser, "hysteresis")
        keys = ActionChains(browser).key_down(Keys.SHIFT)
        for _ in range((before + 19 - limit) // 10 + 1):
            keys.send_keys(Keys.ARROW_DOWN)
        keys.key_up(Keys.SHIFT).perform()
        assert browser.execute_script("return window.forcepicker.chart.dragging.breaks") == \
            "contact_threshold < rest_threshold - hysteresis"
        assert "would break contact_threshold < rest_threshold - hysteresis" in text(browser, "message")
        ActionChains(browser).send_keys(Keys.ESCAPE).perform()
        assert browser.execute_script("return window.forcepicker.chart.lines.rest") == before + 19
        assert device_value(browser, "rest_threshold") == before + 19
    finally:
        set_param(browser, "rest_threshold", before)


def drag_band(browser, to_value):
    """Drags the lower edge of the rest line's hysteresis band to where force `to_value` is drawn."""
    canvas = browser.find_element(By.ID, "chart")
    start_y, end_y, height, width = browser.execute_script("""
        const chart = window.forcepicker.chart;
        return [chart.yOf(chart.lines.rest - chart.hysteresis), chart.yOf(arguments[0]),
                chart.canvas.clientHeight, chart.canvas.clientWidth];""", to_value)
    ActionChains(browser).move_to_element_with_offset(canvas, int(width * 0.3 - width / 2), int(round(start_y - height / 2))) \
        .click_and_hold().move_by_offset(0, int(round(end_y - start_y))).release().perform()
    return browser.execute_script("return window.forcepicker.chart.lastDrop")


def test_the_hysteresis_band_is_dragged_by_its_lower_edge(rig):
    """Below each threshold line the chart shades its hysteresis band; dragging the band's
    lower edge sets `hysteresis` to the line's distance from where it was dropped, and a
    drop that breaks a rule snaps back and names it."""
    browser = rig.browser
    before = device_value(browser, "hysteresis")
    rest = device_value(browser, "rest_threshold")
    contact = device_value(browser, "contact_threshold")
    try:
        refused = drag_band(browser, rest - contact - 12)
        assert refused["name"] == "hysteresis" and refused["value"] >= contact, refused
        wait_for(lambda: "refused" in text(browser, "message"), 5, "the refusal")
        assert "hysteresis < contact_threshold" in text(browser, "message"), text(browser, "message")
        assert device_value(browser, "hysteresis") == before
        assert browser.execute_script("return window.forcepicker.chart.hysteresis") == before, "no snap back"
        drop = drag_band(browser, rest - contact + 8)
        assert drop["name"] == "hysteresis" and abs(drop["value"] - (contact - 8)) <= 4, drop
        wait_for(lambda: device_value(browser, "hysteresis") == drop["value"], 5, "the dragged hysteresis on the device")
        assert browser.execute_script("return window.forcepicker.chart.hysteresis") == drop["value"]
        assert device_value(browser, "rest_threshold") == rest
    finally:
        set_param(browser, "hysteresis", before)


def test_the_speed_plot_follows_an_edit(rig):
    """The plot of speed against force is the engine's (the module's) for what the device
    holds, and is redrawn when a speed is changed; it says so in words for screen readers."""
    browser = rig.browser
    plot = browser.find_element(By.ID, "speed")
    before = device_value(browser, "speed_normal_max")
    speeds = lambda: [int(v) for v in plot.get_attribute("data-speeds").split(",")]
    assert abs(speeds()[0] - before) <= before / 100, (speeds(), before)
    try:
        assert set_param(browser, "speed_normal_max", 20000) == "✓ 20000"
        assert abs(speeds()[0] - 20000) <= 200, speeds()
        assert "rising to 20.0 items/s" in plot.get_attribute("aria-label"), plot.get_attribute("aria-label")
    finally:
        set_param(browser, "speed_normal_max", before)
    assert abs(speeds()[0] - before) <= before / 100


def test_a_changed_value_is_marked_unsaved_until_it_is_saved(rig):
    """A value that differs from what the device would come back with after a reset is
    marked "unsaved" (and counted on the Save button) until it is saved or set back."""
    browser = rig.browser
    row = param_row(browser, "quick_release_ms")
    before = device_value(browser, "quick_release_ms")
    unsaved = lambda: "unsaved" in row.get_attribute("class").split()
    counted = lambda: int(text(browser, "save").removeprefix("Save").strip(" ()").removesuffix(" unsaved") or 0)
    assert not unsaved()
    others = counted()
    try:
        assert set_param(browser, "quick_release_ms", before + 20) == f"✓ {before + 20}"
        assert unsaved() and text(browser, "save") == f"Save ({others + 1} unsaved)"
        assert "unsaved" in browser.execute_script(
            "return getComputedStyle(arguments[0], '::after').content", row.find_element(By.CSS_SELECTOR, "td.name"))
        assert set_param(browser, "quick_release_ms", before) == f"✓ {before}"
        assert not unsaved() and counted() == others
        assert set_param(browser, "quick_release_ms", before + 20) == f"✓ {before + 20}"
        save(browser)
        assert not unsaved() and text(browser, "save") == "Save"
    finally:
        set_param(browser, "quick_release_ms", before)
        save(browser)


def test_the_chart_pauses_and_scrolls_back(rig):
    """Pause freezes the chart while frames go on being kept; the slider then scrolls back
    through them, and Resume follows the trace again."""
    browser = rig.browser
    chart = lambda what: browser.execute_script(f"return window.forcepicker.chart.{what}")
    wait_for(lambda: chart("scrollable") > 300, 15, "frames to scroll back through")
    pause = browser.find_element(By.ID, "pause")
    pause.click()
    assert pause.get_attribute("aria-pressed") == "true" and pause.text == "Resume"
    stopped_at = chart("paused.end")
    total = chart("total")
    wait_for(lambda: chart("total") > total + 100, 5, "frames kept while paused")
    assert chart("paused.end") == stopped_at
    scroll = browser.find_element(By.ID, "scroll")
    assert scroll.is_enabled() and int(scroll.get_attribute("max")) > 300
    browser.execute_script("arguments[0].value = arguments[0].max - 300; arguments[0].dispatchEvent(new Event('input'))", scroll)
    assert chart("back") == 300
    scroll.send_keys(Keys.ARROW_LEFT)
    assert chart("back") > 300
    pause.click()
    assert chart("paused") is None and chart("back") == 0 and not scroll.is_enabled()
    assert pause.get_attribute("aria-pressed") == "false"


def test_an_event_label_tells_what_it_stands_for(rig):
    """A tap on an event label shows the events it stands for, with their frames (a
    collapsed label, all of them); a pointer over it shows the same as a tooltip."""
    browser = rig.browser
    browser.execute_script("for (const l of ['a-burst', 'of', 'six', 'marks', 'on', 'one-frame']) window.forcepicker.chart.mark(l)")
    browser.find_element(By.ID, "pause").click()
    try:
        time.sleep(0.2)
        box = browser.execute_script("return window.forcepicker.chart.labels.find((b) => b.hidden > 0)")
        assert box, browser.execute_script("return window.forcepicker.chart.labels")
        canvas = browser.find_element(By.ID, "chart")
        width, height = canvas.size["width"], canvas.size["height"]
        ActionChains(browser).move_to_element_with_offset(
            canvas, int((box["left"] + box["right"]) / 2 - width / 2), int(box["top"] + 6 - height / 2)).click().perform()
        detail = text(browser, "chart-detail").split("\n")
        assert len(detail) == 1 + box["hidden"], detail
        assert all(line.startswith("frame ") for line in detail), detail
        assert canvas.get_attribute("title") == "\n".join(detail)
    finally:
        browser.find_element(By.ID, "pause").click()


def test_an_enum_is_chosen_by_name(rig):
    """`technique` is a choice of the engine's names, not a number: picking one sets the
    device to its value, and the page names what the device holds."""
    browser = rig.browser
    row = param_row(browser, "technique")
    assert not row.find_elements(By.CSS_SELECTOR, "input[type=range]")
    select = Select(row.find_element(By.CSS_SELECTOR, "select"))
    names = [option.text for option in select.options]
    assert names[0] == "thumb-roll" and len(names) == len(set(names)) >= 2, names
    before = device_value(browser, "technique")
    status = row.find_element(By.CSS_SELECTOR, ".status")
    try:
        select.select_by_visible_text(names[1])
        wait_for(lambda: status.text not in ("", "…"), 5, "technique status")
        assert status.text == "✓ 1", status.text
        assert device_value(browser, "technique") == 1
        assert select.first_selected_option.text == names[1]
        assert row.find_element(By.CSS_SELECTOR, ".unit").text.endswith(names[1])
    finally:
        set_param(browser, "technique", before)
    assert select.first_selected_option.text == names[before]


def test_a_busy_device_is_asked_again_and_the_page_counts_it(rig):
    browser = rig.browser
    result = browser.execute_async_script("""
        const done = arguments[0];
        const { device, wire } = window.forcepicker;
        // A bench sent past the page's request queue: meanwhile the device answers busy
        // (200 000 frames took about 1 s, with 6 busy replies, in the debug SITL build here).
        device.transport.write(wire.encode("bench", {frames: 200000}, 0x77));
        const started = performance.now();
        device.request("paramGet", {id: 4})
          .then((m) => device.readStats().then((stats) =>
            done({value: m.value, busy: stats.busy, ms: performance.now() - started})))
          .catch((e) => done({error: e.message}));
    """)
    assert "error" not in result, result
    print(f"busy test: {result}")
    assert result["value"] == 250, result
    assert result["busy"] >= 1, f"the device never answered busy: {result}"
    wait_for(lambda: f"busy {result['busy']}" in text(browser, "counters"), 5, "the busy count on the page")


def test_a_second_tab_is_told_the_device_is_in_use(rig):
    browser = rig.browser
    first = browser.current_window_handle
    browser.switch_to.new_window("tab")
    browser.get(rig.bridge.url)
    wait_for(lambda: "another page is already connected" in text(browser, "message"), 10, "the refusal")
    assert text(browser, "state") == "refused"
    browser.close()
    browser.switch_to.window(first)
    before = page(browser)["total"]
    time.sleep(0.5)
    assert page(browser)["state"] == "connected" and page(browser)["total"] > before


def test_a_recording_downloads_with_the_right_rows(rig):
    browser = rig.browser
    started = time.monotonic()
    browser.find_element(By.ID, "record-start").click()
    time.sleep(1.5)
    browser.find_element(By.ID, "record-stop").click()
    elapsed = time.monotonic() - started
    link = browser.find_element(By.ID, "record-download")
    rows_shown = int(text(browser, "record-status").split()[0])
    link.click()
    path = rig.downloads / "forcepicker-record.csv"
    wait_for(path.exists, 10, "the download")
    content = path.read_text()
    shutil.copy(path, ARTIFACTS / "recording.csv")
    reader = list(csv.reader(io.StringIO(content)))
    assert reader[0] == ["frame", "left", "right", "force", "state", "direction", "position", "value", "faults"]
    rows = reader[1:]
    assert len(rows) == rows_shown
    assert 0.8 * 200 * 1.5 <= len(rows) <= 200 * elapsed + 10, f"{len(rows)} rows in {elapsed:.2f} s at 200 Hz"
    frames = [int(r[0]) for r in rows]
    assert all((b - a) % 65536 == 1 for a, b in zip(frames, frames[1:])), "frame numbers are not consecutive"
    for r in rows:
        assert 0 <= int(r[1]) <= 1023 and 0 <= int(r[3]) <= 1023
        assert r[4] in ("idle", "resting", "scrolling", "boosted", "paused", "fault") and r[5] in ("up", "down")
        assert round(float(r[6])) == int(r[7]) or abs(float(r[6]) - int(r[7])) <= 0.5
        assert r[8] == "ok", f"a fault in the press trace: {r}"


def test_save_survives_a_sitl_restart(rig):
    browser = rig.browser
    assert set_param(browser, "boost_threshold", 700) == "✓ 700"
    save(browser)
    rig.sitl.stop()
    wait_for(lambda: page(browser)["state"] in ("failed", "reconnecting"), 10, "the page to notice")
    assert "disconnected" in text(browser, "message")
    rig.sitl.start()
    connected(browser)
    assert "parameters from flash" in text(browser, "param-source")
    box = param_row(browser, "boost_threshold").find_element(By.CSS_SELECTOR, "input[type=number]")
    assert box.get_attribute("value") == "700"
    assert device_value(browser, "boost_threshold") == 700
    assert device_value(browser, "rest_threshold") == 250


def save(browser):
    browser.find_element(By.ID, "save").click()
    wait_for(lambda: "saved to flash" in text(browser, "message"), 5, "the save confirmation")


def load(browser):
    browser.find_element(By.ID, "load").click()
    wait_for(lambda: text(browser, "message").startswith("loaded"), 5, "the load confirmation")
    return text(browser, "message")


def damage_newest_record(flash):
    """Flips a payload bit of the record with the highest sequence number (slots of 1024 bytes,
    after the file's 20-byte FPFLASH header)."""
    data = bytearray(flash.read_bytes())
    header = 20
    sequences = [int.from_bytes(data[header + slot * 1024 + 8:header + slot * 1024 + 12], "little") for slot in (0, 1)]
    newest = 0 if sequences[0] > sequences[1] else 1
    data[header + newest * 1024 + 40] ^= 0x10
    flash.write_bytes(bytes(data))


def test_a_lost_save_is_reported_and_load_says_which_record(rig):
    browser = rig.browser
    assert set_param(browser, "hysteresis", 11) == "✓ 11"
    save(browser)
    assert set_param(browser, "hysteresis", 10) == "✓ 10"
    save(browser)
    rig.sitl.stop()
    wait_for(lambda: page(browser)["state"] in ("failed", "reconnecting"), 10, "the page to notice")
    damage_newest_record(rig.sitl.flash)
    rig.sitl.start()
    connected(browser)
    assert "older record (the last save was lost)" in text(browser, "param-source"), text(browser, "param-source")
    assert device_value(browser, "hysteresis") == 11
    assert "loaded the older saved record" in load(browser)
    assert "the last save was lost" in text(browser, "param-source")
    assert set_param(browser, "hysteresis", 10) == "✓ 10"
    save(browser)
    assert text(browser, "param-source") == "from the device: saved to flash"
    assert load(browser) == "loaded the saved parameters"
    assert text(browser, "param-source") == "from the device: parameters from flash"
    assert device_value(browser, "hysteresis") == 10 and device_value(browser, "boost_threshold") == 700


def test_diff_against_saved_lists_unsaved_changes(rig):
    browser = rig.browser
    assert set_param(browser, "filter_ms", 20) == "✓ 20"
    browser.find_element(By.ID, "diff").click()
    output = browser.find_element(By.ID, "diff-output")
    wait_for(lambda: output.text, 5, "the diff")
    assert output.text == "filter_ms: saved 10, now 20", output.text
    assert device_value(browser, "filter_ms") == 20, "the diff changed the device"


def test_export_and_import_a_profile_file(rig):
    browser = rig.browser
    browser.find_element(By.ID, "export").click()
    path = rig.downloads / "forcepicker-parameters.json"
    wait_for(path.exists, 10, "the export")
    profile = json.loads(path.read_text())
    assert profile["format"] == "forcepicker-parameters"
    assert profile["parameters"]["rest_threshold"] == 250 and profile["parameters"]["technique"] == "thumb-roll"
    profile["parameters"]["rest_threshold"] = 240
    profile["parameters"]["boost_threshold"] = 650
    edited = rig.workdir / "edited.json"
    edited.write_text(json.dumps(profile))
    browser.find_element(By.ID, "import").send_keys(str(edited))
    wait_for(lambda: "imported edited.json" in text(browser, "message"), 10, "the import")
    assert device_value(browser, "rest_threshold") == 240 and device_value(browser, "boost_threshold") == 650
    refused = rig.workdir / "refused.txt"
    refused.write_text("rest_threshold=20\n")
    browser.find_element(By.ID, "import").send_keys(str(refused))
    wait_for(lambda: "importing refused.txt failed" in text(browser, "message"), 10, "the refusal")
    assert "breaks the rule contact_threshold < rest_threshold - hysteresis" in text(browser, "message")
    assert device_value(browser, "rest_threshold") == 240, "a refused import changed the device"


def test_a_profile_with_an_unknown_key_a_name_twice_another_format_or_cut_short_is_refused(rig):
    """The page reads a profile file as forcectl does: refused, naming the line, and the device unchanged."""
    browser = rig.browser
    # forcectl's words after "profile: ": what `forcectl sim run --profile FILE` prints
    # after "FILE: " for the same bytes (FileEdgeTests.swift has most of them).
    cases = {
        "typo.json": ('{"format": "forcepicker-parameters",\n "schema_hsh": "0x0", "parameters": {"rest_threshold": 230}}',
                      "profile: line 2, column 2: unknown key 'schema_hsh' (did you mean 'schema_hash'?);"
                      " a parameter file has format, layout_version, schema_hash, parameters"),
        "notes.json": ('{"parameters": {"rest_threshold": 230},\n  "notes": "for the thumb"}',
                       "profile: line 2, column 3: unknown key 'notes'; a parameter file has format,"),
        "twice.json": ('{\n  "parameters": {\n    "rest_threshold": 200,\n    "rest_threshold": 230\n  }\n}\n',
                       "profile: line 4, column 5: 'rest_threshold' is given twice (first on line 3)"),
        "twice.txt": ("rest_threshold=200\nrest_threshold=230\n",
                      "profile: line 2, column 1: rest_threshold is given twice (first on line 1)"),
        "other.json": ('{"format": "vscode-settings", "parameters": {"rest_threshold": 230}}',
                       "profile: line 1, column 12: \"format\" is 'vscode-settings';"
                       " a parameter file's is \"forcepicker-parameters\""),
        "cut.json": ('{\n  "parameters": {\n    "rest_threshold": 230,\n',
                     "profile: line 4, column 1: the file ends inside the JSON (it is cut short?): expected a \"name\""),
    }
    for name, (content, words) in cases.items():
        path = rig.workdir / name
        path.write_text(content)
        browser.find_element(By.ID, "import").send_keys(str(path))
        wait_for(lambda: f"importing {name} failed" in text(browser, "message"), 10, f"the refusal of {name}")
        assert words in text(browser, "message"), text(browser, "message")
    assert device_value(browser, "rest_threshold") == 240, "a refused import changed the device"


def test_screenshot(rig):
    browser = rig.browser
    time.sleep(1.0)
    path = ARTIFACTS / "web-tuner.png"
    browser.save_screenshot(str(path))
    assert path.stat().st_size > 20_000


# Every control a person uses, and the boxes that hold them, checked for fit at a phone's size.
CONTROLS = "button, select, input:not([type=file]):not([hidden]), label.button, canvas, #picker, .readouts > div"
GEOMETRY = """
const selector = arguments[0];
const width = document.documentElement.clientWidth;
const boxes = Array.from(document.querySelectorAll(selector))
  .filter((e) => e.offsetParent !== null)
  .map((e) => { const r = e.getBoundingClientRect();
                return {what: e.id || e.getAttribute('aria-label') || e.textContent.trim().slice(0, 20) || e.tagName,
                        left: r.left + scrollX, right: r.right + scrollX, top: r.top + scrollY, bottom: r.bottom + scrollY}; });
return {width, scroll: document.documentElement.scrollWidth, boxes};
"""


def overlaps(a, b):
    return a["left"] < b["right"] - 0.5 and b["left"] < a["right"] - 0.5 and a["top"] < b["bottom"] - 0.5 and b["top"] < a["bottom"] - 0.5


def reload(browser, url):
    """Loads the page afresh and waits for it to hold the device. The old page lets the
    device go first (Disconnect): a page that finds the device still held by another is
    refused and stops trying, as a second tab must."""
    if (page(browser) or {}).get("state") == "connected":
        browser.find_element(By.ID, "disconnect").click()
        wait_for(lambda: page(browser)["state"] == "idle", 10, "the old page to let go")
    browser.get(url)
    wait_for(lambda: (page(browser) or {}).get("state") == "connected", 30, "the page to connect")


def looks(browser, url, scheme, width, height, name):
    """Reloads the page at `width` × `height` in the `scheme` colour scheme, connected;
    returns the page's geometry and saves a screenshot as `name`."""
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
    reload(browser, url)
    wait_for(lambda: page(browser)["total"] > 400, 10, "the chart to fill")
    browser.save_screenshot(str(ARTIFACTS / name))
    return browser.execute_script(GEOMETRY, CONTROLS)


def test_on_a_phone_and_in_the_dark_nothing_is_cut_off_or_overlapping(rig):
    """At 360 × 740 (a phone) in light and dark, no control is wider than the screen,
    none overlaps another, and the dark scheme really is dark (the page, its panels and
    the chart's own colours follow the system's)."""
    browser = rig.browser
    try:
        for scheme in ("light", "dark"):
            geometry = looks(browser, rig.bridge.url, scheme, 360, 740, f"web-tuner-phone-{scheme}.png")
            assert geometry["scroll"] <= geometry["width"], f"{scheme}: the page scrolls sideways"
            boxes = geometry["boxes"]
            assert len(boxes) > 40, boxes
            for box in boxes:
                assert box["left"] >= -0.5 and box["right"] <= geometry["width"] + 0.5, f"{scheme}: {box} is cut off"
            nested = lambda a, b: a["left"] >= b["left"] and a["right"] <= b["right"] and a["top"] >= b["top"] and a["bottom"] <= b["bottom"]
            clashes = [(a["what"], b["what"]) for i, a in enumerate(boxes) for b in boxes[i + 1:]
                       if overlaps(a, b) and not nested(a, b) and not nested(b, a)]
            assert not clashes, f"{scheme}: overlapping {clashes[:5]}"
        background = browser.execute_script("return getComputedStyle(document.body).backgroundColor")
        force = browser.execute_script("return getComputedStyle(document.body).getPropertyValue('--chart-force').trim()")
        red, green, blue = (int(v) for v in background[background.index("(") + 1:background.index(")")].split(",")[:3])
        assert red + green + blue < 3 * 60, f"dark scheme, body background {background}"
        assert force.lower() in ("#f0f0f0",), f"dark scheme, the chart's force line is {force}"
        looks(browser, rig.bridge.url, "dark", 1400, 860, "web-tuner-dark.png")
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        reload(browser, rig.bridge.url)


FAKE_SERIAL = """
(() => {
  class FakePort {
    async open() {
      const socket = new WebSocket(`ws://${location.host}/device`);
      socket.binaryType = "arraybuffer";
      await new Promise((resolve, reject) => {
        socket.onmessage = (e) => {
          const s = JSON.parse(e.data);
          if (s.status === "open") resolve(); else reject(new Error(s.message));
        };
        socket.onclose = () => reject(new Error("relay closed"));
      });
      this.readable = new ReadableStream({ start(controller) {
        socket.onmessage = (e) => { if (typeof e.data !== "string") controller.enqueue(new Uint8Array(e.data)); };
        socket.onclose = () => { try { controller.close(); } catch {} };
      }});
      this.writable = new WritableStream({ write(chunk) { socket.send(chunk); } });
      this.socket = socket;
      window.fakeSerialOpened = (window.fakeSerialOpened || 0) + 1;
    }
    async close() { this.socket.close(); }
  }
  Object.defineProperty(navigator, "serial", { value: {
    requestPort: async () => new FakePort(), getPorts: async () => [] } });
})();
"""


def test_web_serial_talks_to_the_device_directly(rig):
    browser = rig.browser
    browser.find_element(By.ID, "disconnect").click()
    wait_for(lambda: page(browser)["state"] == "idle", 5, "the disconnect")
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": FAKE_SERIAL})
    browser.get(rig.bridge.url.replace("index.html", "index.html?link=serial"))
    wait_for(lambda: browser.execute_script("return window.forcepicker && window.forcepicker.ready"), 10, "the page")
    assert page(browser)["state"] == "idle", "the page connected without being asked"
    browser.find_element(By.ID, "connect").click()
    connected(browser)
    assert "via Web Serial" in text(browser, "state")
    assert browser.execute_script("return window.fakeSerialOpened") == 1
    first = page(browser)["total"]
    time.sleep(1.0)
    assert page(browser)["total"] - first > 100
    assert set_param(browser, "hysteresis", 12) == "✓ 12"
    assert device_value(browser, "hysteresis") == 12
    browser.find_element(By.ID, "disconnect").click()
    wait_for(lambda: page(browser)["state"] == "idle", 5, "the disconnect")


def test_offline_mode_plays_a_gesture_csv_through_the_wasm_engine(rig):
    browser = rig.browser
    assert page(browser)["state"] == "idle"
    browser.find_element(By.ID, "offline-file").send_keys(str(rig.sitl.trace))
    wait_for(lambda: text(browser, "offline-status").startswith("played"), 20, "the offline playback")
    frames = len(rig.sitl.trace.read_text().splitlines()) - 1
    assert text(browser, "offline-status") == f"played {frames} frames"
    assert page(browser)["total"] == frames, "the chart was not cleared and filled by the playback"
    assert page(browser)["state"] == "offline"
    marks = " ".join(m["label"] for m in browser.execute_script("return window.forcepicker.chart.marks"))
    assert "touch-down" in marks and "release" in marks
    status = set_param(browser, "rest_threshold", 20)
    assert "breaks the rule contact_threshold < rest_threshold - hysteresis" in status, status


RAILED_RIGHT = "right cell railed (shorted to the supply?): the picker holds until it reads normally again"

WATCH_FAULT = """
// Notes every change of the fault warning (shown, its text) with the zone readout at that moment.
window.faultLog = [];
const banner = document.getElementById("fault"), zone = document.getElementById("zone");
new MutationObserver(() => window.faultLog.push({shown: !banner.hidden, text: banner.textContent, zone: zone.textContent}))
  .observe(banner, {attributes: true, childList: true, characterData: true, subtree: true});
"""


def fault_trace(path, idle_before, railed, idle_after):
    """Both cells at rest (0), then the right cell shorted to the supply (1023), then at rest again."""
    levels = [(0, 0)] * idle_before + [(0, 1023)] * railed + [(0, 0)] * idle_after
    path.write_text("t_ms,left,right\n" + "".join(f"{i * 5},{l},{r}\n" for i, (l, r) in enumerate(levels)))
    return path


def fault_log(browser):
    return browser.execute_script("return window.faultLog")


def first_shown(log):
    """The index of the first entry of `log` that shows the warning, or -1."""
    return next((index for index, entry in enumerate(log) if entry["shown"]), -1)


def test_offline_a_railed_cell_raises_the_fault_warning_and_it_clears(rig):
    browser = rig.browser
    assert page(browser)["state"] == "offline"
    assert not browser.find_element(By.ID, "fault").is_displayed()
    trace = fault_trace(rig.workdir / "railed-right.csv", 100, 40, 100)  # 200 ms at 1023, at 200 Hz
    browser.execute_script(WATCH_FAULT)
    browser.find_element(By.ID, "offline-file").send_keys(str(trace))
    wait_for(lambda: text(browser, "offline-status") == "played 240 frames", 20, "the offline playback")
    assert fault_log(browser) == [
        {"shown": True, "text": RAILED_RIGHT, "zone": "fault"},
        {"shown": False, "text": "", "zone": "idle"},
    ], fault_log(browser)
    assert not browser.find_element(By.ID, "fault").is_displayed()
    marks = [m["label"] for m in browser.execute_script("return window.forcepicker.chart.marks")]
    assert marks == ["fault:right-railed", "fault:clear"], marks
    assert text(browser, "events") == "fault:clear"


def test_offline_refuses_a_bad_csv_in_the_words_of_forcectl(rig):
    """The page reads the input CSV with the module's parser, forcectl's: BOM, CRLF, column."""
    browser = rig.browser
    assert page(browser)["state"] == "offline"
    bad = rig.workdir / "bad.csv"
    bad.write_bytes(b"\xef\xbb\xbfleft,right\r\n1,2\r\n1, x\r\n")
    browser.find_element(By.ID, "offline-file").send_keys(str(bad))
    expected = "bad.csv: line 3, column 4: right: 'x' is not a whole number"
    wait_for(lambda: text(browser, "message") == expected, 5, "the refusal")
    # Bytes that are not UTF-8 text are named by where they are, never shown.
    latin1 = rig.workdir / "latin1.csv"
    latin1.write_bytes(b"left,right\n1,2\n3,\xe94\n")
    browser.find_element(By.ID, "offline-file").send_keys(str(latin1))
    expected = ("latin1.csv: line 3, column 3: byte 0xE9 is not UTF-8 text (after '3,'): "
                "a binary file, or text in another encoding?")
    wait_for(lambda: text(browser, "message") == expected, 5, "the refusal of a file that is not text")


def test_telemetry_from_sitl_with_a_railed_cell_raises_the_warning_and_it_clears(rig):
    """The device's engine detects the fault and streams it; the page decodes it from telemetry.
    This page is served from its sources (Web/, unbundled: what `forcectl ui` serves when
    esbuild is not installed), so they are driven too."""
    browser = rig.browser
    workdir = rig.workdir / "fault-device"
    workdir.mkdir()
    # Looping, 3 s a cycle: the right cell shorted to the supply for 1 s of it.
    sitl = Sitl(workdir, fault_trace(workdir / "railed-right.csv", 200, 200, 200))
    sitl.start()
    bridge = Bridge(workdir, f"tcp://127.0.0.1:{sitl.port}", name="fault-ui", web=ROOT / "Web")
    first = browser.current_window_handle
    browser.switch_to.new_window("tab")
    try:
        browser.get(bridge.url)
        connected(browser)
        loaded = browser.execute_script("return performance.getEntriesByType('resource').map((r) => r.name)")
        assert any(name.endswith("/js/wire.js") for name in loaded), loaded
        browser.execute_script(WATCH_FAULT)
        banner = browser.find_element(By.ID, "fault")
        # The page may have connected during a fault: wait for one to begin while watched.
        shown = wait_for(lambda: first_shown(fault_log(browser)) + 1, 10, "the fault warning") - 1
        assert banner.text == RAILED_RIGHT
        browser.save_screenshot(str(ARTIFACTS / "web-tuner-fault.png"))
        wait_for(lambda: len(fault_log(browser)) > shown + 1, 5, "the warning to clear")
        log = fault_log(browser)
        assert log[shown:shown + 2] == [
            {"shown": True, "text": RAILED_RIGHT, "zone": "fault"},
            {"shown": False, "text": "", "zone": "idle"},
        ], log
        assert not banner.is_displayed()
        marks = " ".join(m["label"] for m in browser.execute_script("return window.forcepicker.chart.marks"))
        assert "fault:right-railed" in marks and "fault:clear" in marks, marks
    finally:
        browser.close()
        browser.switch_to.window(first)
        bridge.stop()
        sitl.stop()
