/*
 * A hand-written C peer of ForceEngine's per-frame path for the default technique
 * (thumb-roll), sensor health included: rest tracking and cell fault detection
 * (ForceEngine+Health.swift, CellHealth.swift). Benchmark only, not product code:
 * Tools/bench-cycles builds it for the Cortex-M0 with clang -Os and prices it against
 * the Swift engine on the same trace; EnginePeerTests check that it gives
 * byte-identical `sim run` output on the thumb-roll golden traces, on random
 * thumb-roll traces and on traces with cell faults and a creeping rest level.
 *
 * Left out compared with the Swift engine (Benchmarks/CPeer/README.md): the other
 * five techniques (pulse, press-through, two-button, wrap, positional) and the
 * state only they use, live re-application of parameters (`apply`, and so its
 * keeping of the learned rest levels), parameter validation (the caller passes
 * validated parameters), and `unitsPerItem` in the per-frame output (it is a
 * constant of the configuration).
 */
#ifndef ENGINE_PEER_H
#define ENGINE_PEER_H

#include <stdint.h>

/** Number of parameters, in ForceEngine's ParameterID order (the last four, the
 * USB HID's, are the firmware's: the engine reads none of them). */
#define PEER_PARAMETER_COUNT 35

/** Event bits, the same as ForceEngine's EngineEvents.Kind raw values. */
enum {
  PEER_TOUCH_DOWN = 0x001,
  PEER_ACTIVATE = 0x002,
  PEER_DIRECTION = 0x004,
  PEER_BOOST = 0x008,
  PEER_VALUE = 0x040,
  PEER_COMMIT = 0x080,
  PEER_RELEASE = 0x100,
  PEER_FAULT = 0x200,
};

/** The state column's values are the zones (idle, resting, scrolling, boosted), or this. */
#define PEER_STATE_FAULT 5

/** Cell faults, the same codes as ForceEngine's CellFault. */
enum {
  PEER_CELL_NONE,
  PEER_CELL_OPEN,
  PEER_CELL_RAILED,
  PEER_CELL_STUCK,
  PEER_CELL_INTERMITTENT,
  PEER_CELL_DRIFTED,
  PEER_CELL_FLOATING,
};

/** One cell's calibration constants. */
typedef struct {
  int32_t offset;
  int32_t gain_q16;
  int32_t sensitivity_q16;
  int16_t knots[9];
  uint8_t has_curve;
  uint8_t has_law; /* fsr_law */
} peer_cell;

/** Baseline tracking and fault detection constants (SensorConfig), in frames and counts. */
typedef struct {
  uint8_t review_frames;  /* frames between two reviews */
  uint8_t declare_frames; /* bad frames in a row that make a fault; 0: detection off */
  uint8_t clear_frames;   /* good frames that clear a fault */
  uint8_t loose_clear_frames; /* good frames that clear a loose contact (intermittent) */
  uint16_t settle_frames; /* frames since the last touch before the rest is followed */
  int16_t step_credit;    /* rest tracking's credit per review; 0: tracking off */
  int16_t step_cost;      /* the credit a one-count rest step costs (sample_rate_hz) */
  int16_t limit;          /* largest learned shift, counts */
  uint16_t rail;          /* readings at or above are railed (0xFFFF: detection off) */
  uint16_t probe_frames;  /* frames from one pull-up probe to the next (0: no probes) */
} peer_sensor;

/** One cell's health (CellHealth): its fault, the counters, its learned rest level. */
typedef struct {
  uint8_t fault;           /* PEER_CELL_* */
  uint8_t bad_frames;      /* consecutive open or railed frames (saturating) */
  uint8_t good_frames;     /* consecutive good frames since a holding fault's reading came back */
  uint8_t still_reviews;   /* consecutive review windows without a change */
  uint8_t rest_noise;      /* consecutive settled windows with a change (saturating) */
  uint8_t glitch_score;    /* +4 per bad episode (at most 12), -1 per review */
  int16_t credit;          /* rest tracking's token bucket */
  int16_t shift;           /* the learned rest level's shift from the offset parameter */
  uint16_t previous_sample; /* the reading at the previous settled review */
  uint16_t open_below;     /* readings below are open (0: not armed) */
  uint16_t stuck_at;       /* the reading a stuck cell froze at */
  uint8_t probe_votes;     /* probes in a row whose verdict differs from the cell's state */
} peer_health;

/** Configuration (derived from the parameters once) and the state of one gesture. */
typedef struct {
  peer_cell left, right; /* offset: the parameter plus the learned shift */
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

  /* Sensor health: the frame tests the countdown and each cell's range. */
  uint8_t review_countdown; /* frames to the next review */
  uint8_t holding;          /* a cell's fault holds the engine */
  uint8_t fault_codes;      /* both cells' faults, left in bits 0-2, right in 3-5 */
  uint32_t above_open, below_rail; /* both cells' good ranges as biases for the packed readings */
  uint16_t health_events;   /* events the sensor's health raised this frame */
  uint32_t sensor_last;     /* the last good readings, left in bits 0-15, right in 16-31 */
  uint32_t sensor_changed;  /* the bits that changed in this review window */
  peer_health left_health, right_health;
  uint32_t last_active_frame; /* the frame of the last review that was not idle */
  uint32_t last_probe;      /* the frame of the last pull-up probe */
  uint8_t probing;          /* the next frame's readings are taken with the pull-ups on */
  peer_sensor sensor;
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
  uint8_t faults; /* each cell's fault, left in bits 0-2, right in 3-5; the fault event's payload */
} peer_output;

/**
 * Derives the configuration from validated parameters (ParameterID order) and
 * starts idle at start_value. Returns 0, or -1 when the technique is not
 * thumb-roll (the only one the peer implements).
 */
int peer_init(peer_engine *engine, const int32_t *parameters);

/**
 * Processes one frame of raw readings (0...1023 each) into *out. Payloads are only
 * meaningful when their event bit is set.
 */
void peer_step(peer_engine *engine, uint16_t raw_left, uint16_t raw_right, peer_output *out);

#endif
