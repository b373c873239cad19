/// # ForceReference: a floating-point model of the engine
///
/// `ReferenceEngine` computes what `ForceEngine` computes (Docs/signal-chain.md to Docs/value-model.md), in `Double`,
/// written for clarity rather than speed, so the fixed-point engine can be checked
/// against it (`ReferenceAgreementTests`, `EnginePropertyTests`).
///
/// Where the engine quantises, the model is exact:
///
/// | engine (fixed point)                         | reference (real)                         |
/// |----------------------------------------------|------------------------------------------|
/// | gain in Q16, truncated result                | `(raw − offset) · gain / 1000`           |
/// | 9-knot linearization table                   | `y = x(1−c)/(1−c·x)` on the 1024 scale   |
/// | sensitivity 81 920 / 54 613 in Q16           | 60/48 and 60/72                          |
/// | α in Q12, state in Q8, rounded force/cells   | α = 1000/(filter_ms·rate + 1000), reals  |
/// | slopes in Q8 milli-items/s per count         | exact linear interpolation               |
/// | balance by cross-multiplication              | `B = (r−l)/(r+l)`, `B − B0` compared     |
/// | time windows rounded to frames               | `elapsed / rate ≤ ms / 1000`             |
/// | quick rise of 102 counts / 16 ms, rounded up | 10 % of 1023 = 102.3 counts / 16 ms      |
/// | positional slope in Q16                      | `(F − rest)/(1023 − rest) · (max − min)` |
/// | position as value + fraction/(1000·rate)     | a `Double` in items                      |
///
/// The state machine is the engine's, decision for decision (onset window, zones
/// with hysteresis, techniques, quick release, tap to step), but every decision is
/// taken on the real quantities. Because the two can legitimately decide differently
/// when a quantity sits within the engine's quantisation error of a threshold, every
/// comparison the model makes is recorded in `ReferenceFrame.decisions` with its
/// margin, so a test can tell a legitimate divergence from a bug.
public enum ForceReference {}
