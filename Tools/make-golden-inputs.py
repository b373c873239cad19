#!/usr/bin/env python3
"""Writes the hand-made gesture traces under Tests/ForceEngineTests/Golden/*.in.csv.

Each trace is a list of segments (hold or linear ramp of both cells) at 200 Hz. The
expected outputs (*.out.csv) are produced by `forcectl sim run` and reviewed by hand;
GoldenTraceTests keeps them from drifting. Run from the repo root.
"""
import os

GOLDEN = "Tests/ForceEngineTests/Golden"

def build(segments):
    frames, last = [], (0, 0)
    for kind, l, r, n in segments:
        for i in range(1, n + 1):
            if kind == "hold":
                frames.append((l, r))
            else:
                frames.append((last[0] + (l - last[0]) * i // n, last[1] + (r - last[1]) * i // n))
        last = (l, r)
    return frames

REST = [("hold", 0, 0, 20), ("ramp", 60, 60, 6), ("hold", 60, 60, 20)]
RELEASE = [("ramp", 0, 0, 4), ("hold", 0, 0, 20)]

TRACES = {
    # Rest, press at F = 500 for 2 s, lift: 6.77 items/s (Docs/signal-chain.md).
    "press-500": (REST + [("ramp", 250, 250, 6), ("hold", 250, 250, 400)] + RELEASE, ""),
    # Thumb-roll: up, overshoot, roll back (down), roll to neutral, release.
    "thumb-roll": (REST + [("ramp", 300, 300, 8), ("hold", 300, 300, 240), ("ramp", 420, 140, 10),
                           ("hold", 420, 140, 90), ("ramp", 280, 280, 10), ("hold", 280, 280, 20)] + RELEASE, ""),
    # Pulse: toggle to down with a quick press, then press to move down.
    "pulse": (REST + [("ramp", 400, 400, 4), ("ramp", 60, 60, 4), ("hold", 60, 60, 12),
                      ("ramp", 250, 250, 6), ("hold", 250, 250, 150)] + RELEASE, "technique=pulse start_value=50"),
    # Press-through: quick press to the maximum, pause, ease off (down), below rest.
    "press-through": (REST + [("ramp", 512, 512, 5), ("hold", 512, 512, 40), ("ramp", 220, 220, 20),
                              ("hold", 220, 220, 80), ("ramp", 60, 60, 8), ("hold", 60, 60, 10)] + RELEASE,
                      "technique=press-through start_value=50"),
    # Two-button: right cell up, then left cell down.
    "two-button": ([("hold", 0, 0, 20), ("ramp", 0, 120, 6), ("hold", 0, 120, 20), ("ramp", 0, 450, 6),
                    ("hold", 0, 450, 120), ("ramp", 0, 60, 6), ("ramp", 450, 0, 8), ("hold", 450, 0, 120)] + RELEASE,
                   "technique=two-button start_value=20"),
    # Boosted scrolling, then a 40 ms lift: quick release commits the value before the lift.
    "boost-quick-release": (REST + [("ramp", 470, 470, 6), ("hold", 470, 470, 120), ("ramp", 0, 0, 8),
                                    ("hold", 0, 0, 20)], ""),
    # A gentle tap steps once; then a resting touch changes nothing.
    "tap": (REST + [("ramp", 120, 120, 3), ("hold", 120, 120, 4)] + RELEASE + REST + RELEASE, "start_value=10"),
}

for name, (segments, args) in TRACES.items():
    with open(os.path.join(GOLDEN, f"{name}.in.csv"), "w") as f:
        f.write("t_ms,left,right\n")
        for i, (l, r) in enumerate(build(segments)):
            f.write(f"{i * 5},{l},{r}\n")
    with open(os.path.join(GOLDEN, f"{name}.args"), "w") as f:
        f.write(args + "\n")
