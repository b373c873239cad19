/*
 * A hand-written C peer of ForceEngine's per-frame path for the default technique
 * (thumb-roll). Benchmark only, not product code: Tools/bench-cycles builds it for
 * the Cortex-M0 with clang -Os and prices it against the Swift engine on the same
 * trace; EnginePeerTests check that it gives byte-identical `sim run` output on the
 * thumb-roll golden traces and on random thumb-roll traces.
 *
 * Left out compared with the Swift engine (Benchmarks/CPeer/README.md): the other
 * five techniques (pulse, press-through, two-button, wrap, positional) and the
 * state only they use, live re-application of parameters (`apply`), parameter
 * validation (the caller passes validated parameters), and `unitsPerItem` in the
 * per-frame output (it is a constant of the configuration).
 */
#ifndef ENGINE_PEER_H
#define ENGINE_PEER_H

#include <stdint.h>

/** Number of parameters, in ForceEngine's ParameterID order. */
#define PEER_PARAMETER_COUNT 25

/** Event bits, the same as ForceEngine's EngineEvents.Kind raw values. */
enum {
  PEER_TOUCH_DOWN = 0x001,
  PEER_ACTIVATE = 0x002,
  PEER_DIRECTION = 0x004,
  PEER_BOOST = 0x008,
  PEER_VALUE = 0x040,
  PEER_COMMIT = 0x080,
  PEER_RELEASE = 0x100,
};

/** One cell's calibration constants. */
typedef struct {
  int32_t offset;
  int32_t gain_q16;
  int32_t sensitivity_q16;
  int16_t knots[9];
  uint8_t has_curve;
} peer_cell;

/** Configuration (derived from the parameters once) and the state of one gesture. */
typedef struct {
  peer_cell left, right;
  int32_t alpha_q12;
  int32_t contact, rest, boost, hysteresis;
  int32_t normal_slope_q8, boost_min, boost_slope_q8;
  int32_t range_min, range_max, units_per_item, half_unit;
  uint32_t roll_threshold;
  uint32_t quick_release_frames;
  uint8_t wraps;

  int32_t left_q8, right_q8;
  int32_t previous_force, onset_peak;
  int32_t value, fraction;
  uint32_t frame;
  int32_t touch_value, touch_fraction;
  int32_t neutral_left, neutral_right;
  uint32_t fall_frame;
  int32_t fall_value, fall_fraction;
  uint8_t zone, onset_count, direction, boosted, activated, fall_active;
} peer_engine;

/** One frame's output: the columns of `sim run` and the events with their payloads. */
typedef struct {
  int32_t value;
  int32_t fraction;
  int32_t event_value;
  int16_t force;
  uint16_t events;
  uint8_t state;
  uint8_t direction;
  uint8_t velocity;
  uint8_t event_direction;
  uint8_t boost_on;
} peer_output;

/**
 * Derives the configuration from validated parameters (ParameterID order) and
 * starts idle at start_value. Returns 0, or -1 when the technique is not
 * thumb-roll (the only one the peer implements).
 */
int peer_init(peer_engine *engine, const int32_t *parameters);

/** Processes one frame of raw readings (0...1023 each) into *out. */
void peer_step(peer_engine *engine, uint16_t raw_left, uint16_t raw_right, peer_output *out);

#endif
