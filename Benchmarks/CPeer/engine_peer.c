/*
 * C peer of ForceEngine's thumb-roll frame path (see include/engine_peer.h), sensor
 * health included (rest tracking, cell fault detection, the hold).
 * The arithmetic is the Swift engine's, step for step, so the outputs are equal;
 * the structure is what a C programmer would write: one function per frame, the
 * helpers static and inlined, the output written into the caller's buffer. As in
 * the engine, the review and the screening of bad readings are out of line: a frame
 * with both readings in range pays a countdown and two unsigned compares.
 */
#include "engine_peer.h"

/* ParameterID order. */
enum {
  P_SAMPLE_RATE_HZ, P_TECHNIQUE, P_SENSITIVITY, P_CONTACT, P_REST, P_BOOST, P_HYSTERESIS,
  P_ROLL_THRESHOLD, P_SPEED_NORMAL_MAX, P_SPEED_BOOST_MIN, P_SPEED_BOOST_MAX, P_FILTER_MS,
  P_QUICK_RELEASE_MS, P_PULSE_WINDOW_MS, P_PRESS_THROUGH_LEVEL, P_RANGE_MIN, P_RANGE_MAX,
  P_START_VALUE, P_WRAP, P_LEFT_OFFSET, P_RIGHT_OFFSET, P_LEFT_GAIN, P_RIGHT_GAIN,
  P_LEFT_CURVE, P_RIGHT_CURVE, P_BASELINE_RATE, P_BASELINE_LIMIT, P_FAULT_MS, P_RAIL_LEVEL, P_FSR_LAW,
  P_PROBE_MS, P_HID_MODE, P_HID_KEY_UP, P_HID_KEY_DOWN, P_HID_KEY_COMMIT
};

enum { ZONE_IDLE, ZONE_RESTING, ZONE_NORMAL, ZONE_BOOSTED };
enum { UP, DOWN };
#define ONSET_FRAMES 4
#define VELOCITY_SCALE_Q16 (127 * 65536 / 1023)

/* Sensor health (SensorConfig's constants). */
#define REVIEW_MS 30
#define SETTLE_MS 500
#define CLEAR_MS 50
#define LOOSE_CLEAR_MS 90
#define BAND 16
#define STEADY 4
#define NOISE_REVIEWS 4
#define STUCK_REVIEWS 2
#define OPEN_ARMING 24
#define INTERMITTENT_SCORE 5

/* A fault that holds the engine: open, railed, stuck, intermittent, floating (not drifted). */
static inline int holds(uint8_t fault) {
  return fault != PEER_CELL_NONE && fault != PEER_CELL_DRIFTED;
}

/* Whole frames covering `ms` at `rate` (rounded). */
static int32_t frames(int32_t ms, int32_t rate) { return (ms * rate + 500) / 1000; }

/* Frames covering `ms` at `rate`, rounded, at least 1, by multiplies and shifts
   (SensorConfig.frames: 8389 / 2^23 is about 1 / 1000, in two halves below 2^31). */
static int32_t sensor_frames(int32_t ms, int32_t rate) {
  int32_t x = ms * rate + 500;
  int32_t count = ((x >> 11) * 8389 + (((x & 0x7FF) * 8389) >> 11)) >> 12;
  return count < 1 ? 1 : count;
}

static void init_sensor(peer_sensor *sensor, const int32_t *p) {
  int32_t rate = p[P_SAMPLE_RATE_HZ];
  int32_t review = sensor_frames(REVIEW_MS, rate);
  sensor->review_frames = (uint8_t)review;
  sensor->declare_frames = p[P_FAULT_MS] == 0 ? 0 : (uint8_t)sensor_frames(p[P_FAULT_MS], rate);
  sensor->clear_frames = (uint8_t)sensor_frames(CLEAR_MS, rate);
  sensor->loose_clear_frames = (uint8_t)sensor_frames(LOOSE_CLEAR_MS, rate);
  sensor->settle_frames = (uint16_t)sensor_frames(SETTLE_MS, rate);
  /* Rest tracking's token bucket: credit per review, cost per one-count step. */
  sensor->step_credit = (int16_t)(review * p[P_BASELINE_RATE]);
  sensor->step_cost = (int16_t)rate;
  sensor->limit = (int16_t)p[P_BASELINE_LIMIT];
  sensor->rail = sensor->declare_frames == 0 ? 0xFFFF : (uint16_t)p[P_RAIL_LEVEL];
  sensor->probe_frames =
      p[P_PROBE_MS] == 0 || sensor->declare_frames == 0 ? 0 : (uint16_t)sensor_frames(p[P_PROBE_MS], rate);
}

static void init_cell(peer_cell *cell, int32_t offset, int32_t gain, int32_t curve, int32_t sensitivity,
                      int32_t law) {
  cell->offset = offset;
  cell->has_law = law != 0;
  cell->gain_q16 = (gain * 65536 + 500) / 1000;
  cell->sensitivity_q16 = sensitivity == 0 ? 81920 : (sensitivity == 2 ? 54613 : 65536);
  cell->has_curve = curve != 0;
  for (int32_t index = 0; index <= 8; index++) {
    int32_t x = index * 128;
    int32_t numerator = x * (1000 - curve) * 1024;
    int32_t denominator = 1024 * 1000 - curve * x;
    int32_t y = (numerator + denominator / 2) / denominator;
    cell->knots[index] = (int16_t)(y > 1023 ? 1023 : y);
  }
}

int peer_init(peer_engine *e, const int32_t *p) {
  if (p[P_TECHNIQUE] != 0) return -1;
  *e = (peer_engine){0};
  int32_t rate = p[P_SAMPLE_RATE_HZ];
  init_cell(&e->left, p[P_LEFT_OFFSET], p[P_LEFT_GAIN], p[P_LEFT_CURVE], p[P_SENSITIVITY], p[P_FSR_LAW]);
  init_cell(&e->right, p[P_RIGHT_OFFSET], p[P_RIGHT_GAIN], p[P_RIGHT_CURVE], p[P_SENSITIVITY], p[P_FSR_LAW]);
  int32_t filter = p[P_FILTER_MS] * rate + 1000;
  e->alpha_q12 = (1000 * 4096 + filter / 2) / filter;
  if (e->alpha_q12 < 1) e->alpha_q12 = 1;
  e->contact = p[P_CONTACT];
  e->rest = p[P_REST];
  e->boost = p[P_BOOST];
  e->hysteresis = p[P_HYSTERESIS];
  int32_t normal_span = e->boost - e->rest;
  e->normal_slope_q8 = (p[P_SPEED_NORMAL_MAX] * 256 + normal_span / 2) / normal_span;
  e->boost_min = p[P_SPEED_BOOST_MIN];
  int32_t boost_span = 1023 - e->boost;
  e->boost_slope_q8 = ((p[P_SPEED_BOOST_MAX] - e->boost_min) * 256 + boost_span / 2) / boost_span;
  e->range_min = p[P_RANGE_MIN];
  e->range_max = p[P_RANGE_MAX];
  e->wraps = p[P_WRAP] != 0;
  e->units_per_item = 1000 * rate;
  e->half_unit = e->units_per_item / 2;
  e->roll_threshold = (uint32_t)p[P_ROLL_THRESHOLD];
  e->quick_release_frames = (uint32_t)frames(p[P_QUICK_RELEASE_MS], rate);
  init_sensor(&e->sensor, p);
  e->value = p[P_START_VALUE];
  e->review_countdown = 1; /* above_open 0: the first frame arms the cells (note_faults) */
  return 0;
}

/* FSRLaw: G(u) = ((1 + u)^p - 1)^(1/p) as eleven segments over u = 0, 1/4, 1/2, 1, ...,
   256, slope and intercept in Q16; a reading x above a rest on the same scale reads
   rest * G(x / rest), the segment found by doubling rest / 4. */
static const int32_t law_slope[11] = {110716, 83713, 76209, 71274, 68375, 66849, 66115, 65784, 65640, 65579, 65554};
static const int32_t law_intercept[11] = {0, 6751, 10503, 15438, 21236, 27338, 33210, 38513, 43112, 47005, 50258};

static inline int32_t fsr_law(int32_t x, int32_t rest) {
  int32_t edge = rest >> 2; /* u = 1/4 */
  int index = 0;
  while (x > edge && index < 10) {
    edge <<= 1;
    index++;
  }
  int32_t value = (x * law_slope[index] + rest * law_intercept[index] + 32768) >> 16;
  return value > 1023 ? 1023 : value;
}

static inline int32_t calibrate(const peer_cell *cell, uint16_t raw) {
  int32_t value = (((int32_t)raw - cell->offset) * cell->gain_q16 + 32768) >> 16;
  value = value < 0 ? 0 : (value > 1023 ? 1023 : value);
  if (cell->has_law) value = fsr_law(value, (cell->offset * cell->gain_q16 + 32768) >> 16);
  if (cell->has_curve) {
    int32_t low = cell->knots[value >> 7];
    int32_t high = cell->knots[(value >> 7) + 1];
    value = low + (((high - low) * (value & 127) + 64) >> 7);
  }
  if (cell->sensitivity_q16 != 65536) {
    value = (value * cell->sensitivity_q16 + 32768) >> 16;
    if (value > 1023) value = 1023;
  }
  return value;
}

static inline uint8_t next_zone(const peer_engine *e, uint8_t zone, int32_t force) {
  int32_t entry = zone == ZONE_IDLE ? e->contact : (zone == ZONE_RESTING ? e->rest : e->boost);
  if (zone != ZONE_BOOSTED && force >= entry) {
    return force >= e->boost ? ZONE_BOOSTED : (force >= e->rest ? ZONE_NORMAL : ZONE_RESTING);
  }
  if (zone == ZONE_BOOSTED && force >= e->boost - e->hysteresis) return ZONE_BOOSTED;
  if (zone >= ZONE_NORMAL && force >= e->rest - e->hysteresis) return ZONE_NORMAL;
  if (zone >= ZONE_RESTING && force >= e->contact - e->hysteresis) return ZONE_RESTING;
  return ZONE_IDLE;
}

static inline void set_direction(peer_engine *e, uint8_t direction, peer_output *out) {
  if (direction != e->direction) {
    e->direction = direction;
    out->events |= PEER_DIRECTION;
    out->event_direction = direction;
  }
}

static inline void set_boosted(peer_engine *e, uint8_t boosted, peer_output *out) {
  if (boosted != e->boosted) {
    e->boosted = boosted;
    out->events |= PEER_BOOST;
    out->boost_on = boosted;
  }
}

/* ---- Sensor health: screening, the review, the hold (ForceEngine+Health, CellHealth) ---- */

/*
 * One frame's reading against the open and rail levels, while screening. Returns 1 when
 * the cell's fault changed; *raw is replaced by last_good while the reading is bad.
 */
static int screen_cell(peer_health *h, uint16_t *raw, uint16_t last_good, const peer_sensor *config) {
  uint8_t bad = *raw >= config->rail ? PEER_CELL_RAILED
                                     : (*raw < h->open_below ? PEER_CELL_OPEN : PEER_CELL_NONE);
  if (bad != PEER_CELL_NONE) {
    if (h->bad_frames == 0) h->glitch_score = h->glitch_score > 8 ? 12 : h->glitch_score + 4;
    if (h->bad_frames < 255) h->bad_frames++;
    h->good_frames = 0;
    *raw = last_good;
    if (h->fault != PEER_CELL_NONE && h->fault != PEER_CELL_DRIFTED) return 0;
    if (h->glitch_score >= INTERMITTENT_SCORE) {
      h->fault = PEER_CELL_INTERMITTENT;
      return 1;
    }
    if (h->bad_frames >= config->declare_frames) {
      h->fault = bad;
      return 1;
    }
    return 0;
  }
  uint8_t broken = h->bad_frames;
  h->bad_frames = 0;
  if (broken >= 2 && (h->fault == PEER_CELL_NONE || h->fault == PEER_CELL_DRIFTED)) {
    /* back after a break of two frames or more, shorter than fault_ms: a loose contact */
    h->fault = PEER_CELL_INTERMITTENT;
    return 1;
  }
  if (!holds(h->fault) || h->fault == PEER_CELL_FLOATING) return 0; /* only a probe clears floating */
  if (h->fault == PEER_CELL_STUCK && *raw == h->stuck_at && h->good_frames == 0) return 0;
  h->good_frames++;
  if (h->good_frames < (h->fault == PEER_CELL_INTERMITTENT ? config->loose_clear_frames : config->clear_frames))
    return 0;
  h->fault = PEER_CELL_NONE;
  h->good_frames = 0;
  h->still_reviews = 0;
  return 1;
}

/*
 * One probe (CellHealth.probed): floating when the pull-up took the pin at least 32
 * counts and 3/8 of the way from its last good reading to the rail; two verdicts in a
 * row declare or clear it. Returns 1 when the fault changed.
 */
static int probe_cell(peer_health *h, uint16_t pulled, uint16_t last) {
  /* no verdict for a cell reading out of range or with another fault */
  if (h->bad_frames != 0 ||
      (h->fault != PEER_CELL_NONE && h->fault != PEER_CELL_DRIFTED && h->fault != PEER_CELL_FLOATING)) {
    h->probe_votes = 0;
    return 0;
  }
  int32_t room = 1023 - (int32_t)last;
  int32_t rise = (int32_t)pulled - (int32_t)last;
  int floats = rise >= 32 && rise >= (room >> 2) + (room >> 3);
  if (floats == (h->fault == PEER_CELL_FLOATING)) {
    h->probe_votes = 0;
    return 0;
  }
  if (++h->probe_votes < 2) return 0;
  h->probe_votes = 0;
  h->fault = floats ? PEER_CELL_FLOATING : PEER_CELL_NONE;
  h->good_frames = 0;
  return 1;
}

/* The open level for the offset in use (CellHealth.arm). */
static void arm(peer_health *h, int32_t offset, const peer_sensor *config) {
  int armed = config->declare_frames != 0 && offset >= OPEN_ARMING;
  h->open_below = armed ? (uint16_t)((offset - 8) >> 2) : 0;
}

/*
 * Rest tracking for one settled review (CellHealth.track). Returns 1 when the fault or
 * the open level changed.
 */
static int track(peer_health *h, uint16_t sample, int32_t *offset, int32_t contact, const peer_sensor *config) {
  if (h->credit < config->step_cost) h->credit += config->step_credit;
  int32_t reading = sample;
  int32_t previous = h->previous_sample;
  h->previous_sample = sample;
  int32_t difference = reading > previous ? reading - previous : previous - reading;
  if (difference > STEADY) return 0;
  int32_t step = 0;
  if (reading > *offset && reading <= *offset + contact) {
    step = 1;
  } else if (reading + BAND < *offset) {
    step = -1;
  }
  if (step == 0) return 0;
  int32_t next = h->shift + step;
  if (next > config->limit || next < -config->limit) {
    uint8_t before = h->fault;
    h->fault = PEER_CELL_DRIFTED;
    return h->fault != before;
  }
  if (h->credit < config->step_cost) return 0;
  h->shift = (int16_t)next;
  *offset += step;
  h->credit -= config->step_cost;
  if (h->fault == PEER_CELL_DRIFTED) h->fault = PEER_CELL_NONE;
  return 1; /* the open level follows the offset (note_faults) */
}

/*
 * The review of one cell's window (CellHealth.review). Returns 1 when the cell now looks
 * stuck.
 */
static inline int review_cell(peer_health *h, int changed, int settled) {
  if (h->glitch_score > 0) h->glitch_score--;
  if (changed) {
    h->still_reviews = 0;
  } else if (h->still_reviews < 255) {
    h->still_reviews++;
  }
  if (settled) {
    if (changed) {
      if (h->rest_noise < 255) h->rest_noise++;
    } else if (h->rest_noise < NOISE_REVIEWS) {
      h->rest_noise = 0;
    }
  }
  return h->still_reviews >= STUCK_REVIEWS && h->rest_noise >= NOISE_REVIEWS &&
         (h->fault == PEER_CELL_NONE || h->fault == PEER_CELL_DRIFTED);
}

static inline void declare_stuck(peer_health *h, uint16_t sample) {
  h->fault = PEER_CELL_STUCK;
  h->stuck_at = sample;
  h->good_frames = 0;
}

/* Rest tracking of both cells at a settled review (ForceEngine.trackRest). */
__attribute__((noinline)) static int track_rest(peer_engine *e) {
  uint32_t last = e->sensor_last;
  int moved = 0;
  if (!holds(e->left_health.fault)) moved = track(&e->left_health, (uint16_t)last, &e->left.offset, e->contact, &e->sensor);
  if (!holds(e->right_health.fault))
    moved |= track(&e->right_health, (uint16_t)(last >> 16), &e->right.offset, e->contact, &e->sensor);
  return moved;
}

/*
 * Whether either half of `packed` lies outside its cell's good range (ForceEngine.outside):
 * a good reading's half of packed + above_open has bit 15 set, of packed + below_rail clear.
 */
static inline int outside(uint32_t packed, uint32_t above_open, uint32_t below_rail) {
  return (((packed + above_open) ^ 0x80008000u) | (packed + below_rail)) & 0x80008000u;
}

static inline uint8_t current_faults(const peer_engine *e) {
  return (uint8_t)(e->left_health.fault | e->right_health.fault << 3);
}

/*
 * After a cell's fault may have changed (ForceEngine.noteFaults): the cells' ranges
 * (span 0 while screening), whether the engine holds, and the events.
 */
static void note_faults(peer_engine *e, int changed) {
  int holding = holds(e->left_health.fault) || holds(e->right_health.fault);
  int screening = holding || e->left_health.bad_frames != 0 || e->right_health.bad_frames != 0;
  arm(&e->left_health, e->left.offset, &e->sensor);
  arm(&e->right_health, e->right.offset, &e->sensor);
  uint32_t rail = e->sensor.rail;
  e->above_open = screening ? 0
                            : (0x8000u - e->left_health.open_below) | (0x8000u - e->right_health.open_below) << 16;
  e->below_rail = rail > 0x8000u ? 0 : (0x8000u - rail) * 0x10001u; /* detection off: rail 0xFFFF */
  if (!changed) return;
  e->fault_codes = current_faults(e);
  uint16_t events = PEER_FAULT;
  if (holding && !e->holding && e->zone != ZONE_IDLE) {
    if (e->boosted) {
      e->boosted = 0;
      events |= PEER_BOOST;
    }
    e->zone = ZONE_IDLE;
    events |= PEER_RELEASE;
  }
  if (!holding && e->holding) {
    e->left_q8 = 0;
    e->right_q8 = 0;
  }
  if (holding) e->onset_count = 0;
  e->holding = (uint8_t)holding;
  e->health_events |= events;
}

/* Reviews the window that just ended (ForceEngine.review). Returns 1 on a change. */
static int review(peer_engine *e) {
  const peer_sensor *config = &e->sensor;
  e->review_countdown = config->review_frames;
  int idle = e->zone == ZONE_IDLE && e->onset_count == 0 && !e->holding;
  if (!idle) e->last_active_frame = e->frame;
  int settled = idle && e->frame - e->last_active_frame >= config->settle_frames;
  uint32_t changed = e->sensor_changed;
  e->sensor_changed = 0;
  int detecting = config->declare_frames != 0;
  int moved = 0;
  if (review_cell(&e->left_health, (changed & 0xFFFF) != 0, settled) && detecting) {
    declare_stuck(&e->left_health, (uint16_t)e->sensor_last);
    moved = 1;
  }
  if (review_cell(&e->right_health, (changed >> 16) != 0, settled) && detecting) {
    declare_stuck(&e->right_health, (uint16_t)(e->sensor_last >> 16));
    moved = 1;
  }
  if (settled && config->step_credit != 0) moved |= track_rest(e);
  return moved;
}

/* In a touch, one cell at its rest level and the other pressed (ForceEngine.oneCellCarries). */
static int one_cell_carries(const peer_engine *e, uint32_t packed) {
  if (e->zone == ZONE_IDLE || e->above_open == 0 || outside(packed, e->above_open, e->below_rail)) return 0;
  int left_rests = (int32_t)(packed & 0xFFFF) <= e->left.offset + BAND;
  int right_rests = (int32_t)(packed >> 16) <= e->right.offset + BAND;
  return left_rests != right_rests;
}

/*
 * The frame's slow path (ForceEngine.watchCells): a review when due, then the screening
 * of readings out of range or of a fault in progress. Returns the readings to go on with.
 */
__attribute__((noinline)) static uint32_t watch_cells(peer_engine *e, uint32_t packed) {
  if (e->review_countdown == 0 && e->probing) {
    /* The probe frame (ForceEngine.probeCells): it goes on with the last good readings. */
    e->probing = 0;
    e->review_countdown = e->sensor.review_frames - 1;
    uint32_t last = e->sensor_last;
    int changed = probe_cell(&e->left_health, (uint16_t)packed, (uint16_t)last);
    changed |= probe_cell(&e->right_health, (uint16_t)(packed >> 16), (uint16_t)(last >> 16));
    if (changed) {
      note_faults(e, 1);
      e->above_open = 0;
    }
    packed = last;
  } else if (e->review_countdown == 0) {
    if (review(e)) {
      note_faults(e, e->fault_codes != current_faults(e));
      e->above_open = 0; /* the frame is screened, as ForceEngine.reviewCells has it */
    }
    if (e->sensor.probe_frames != 0 &&
        (e->frame - e->last_probe >= e->sensor.probe_frames || one_cell_carries(e, packed))) {
      e->probing = 1;
      e->last_probe = e->frame;
      e->review_countdown = 1;
    }
  }
  uint16_t left = (uint16_t)packed;
  uint16_t right = (uint16_t)(packed >> 16);
  uint32_t last = e->sensor_last;
  if (outside(packed, e->above_open, e->below_rail)) {
    int changed = screen_cell(&e->left_health, &left, (uint16_t)last, &e->sensor);
    changed |= screen_cell(&e->right_health, &right, (uint16_t)(last >> 16), &e->sensor);
    note_faults(e, changed);
  }
  uint32_t good = left | (uint32_t)right << 16;
  e->sensor_changed |= good ^ last;
  e->sensor_last = good;
  return good;
}


/* Onset window: returns 1 when this frame confirms the touch. */
static inline int confirm_touch(peer_engine *e, int32_t force, int32_t total, int32_t cell_left,
                                int32_t cell_right, peer_output *out) {
  if (e->onset_count == 0) {
    if (force < e->contact) return 0;
    e->onset_peak = 0;
  } else if (force < e->contact - e->hysteresis) {
    e->onset_count = 0;
    return 0;
  } else if (total > e->onset_peak) {
    e->onset_peak = total;
  }
  e->neutral_left = cell_left;
  e->neutral_right = cell_right;
  if (++e->onset_count != ONSET_FRAMES) return 0;
  e->onset_count = 0;
  int32_t velocity = (e->onset_peak * VELOCITY_SCALE_Q16 + 32768) >> 16;
  velocity = velocity < 1 ? 1 : (velocity > 127 ? 127 : velocity);
  out->events |= PEER_TOUCH_DOWN;
  out->velocity = (uint8_t)velocity;
  set_direction(e, UP, out);
  e->zone = ZONE_RESTING;
  e->touch_value = e->value;
  e->touch_fraction = e->fraction;
  e->activated = 0;
  e->boosted = 0;
  e->fall_frame = e->frame;
  e->fall_value = e->value;
  e->fall_fraction = e->fraction;
  e->fall_active = 0;
  return 1;
}

static inline void release(peer_engine *e, peer_output *out) {
  set_boosted(e, 0, out);
  if (e->fall_active && e->frame - e->fall_frame <= e->quick_release_frames) {
    e->value = e->fall_value;
    e->fraction = e->fall_fraction;
  }
  if (e->activated && e->value == e->touch_value) {
    int moved = e->direction == UP ? e->fraction > e->touch_fraction : e->fraction < e->touch_fraction;
    if (moved) {
      int32_t value = e->value;
      if (e->direction == UP) {
        value = value < e->range_max ? value + 1 : (e->wraps ? e->range_min : e->range_max);
      } else {
        value = value > e->range_min ? value - 1 : (e->wraps ? e->range_max : e->range_min);
      }
      e->value = value;
      e->fraction = 0;
    }
  }
  out->events |= PEER_COMMIT | PEER_RELEASE;
}

static inline void roll(peer_engine *e, int32_t cell_left, int32_t cell_right, peer_output *out) {
  int32_t cross = 2000 * (cell_right * e->neutral_left - cell_left * e->neutral_right);
  uint32_t scale = e->roll_threshold * (uint32_t)(cell_left + cell_right) *
                   (uint32_t)(e->neutral_left + e->neutral_right);
  if (cross > 0 && (uint32_t)cross > scale) {
    set_direction(e, UP, out);
  } else if (cross < 0 && (uint32_t)(-cross) > scale) {
    set_direction(e, DOWN, out);
  }
}

static inline void move(peer_engine *e, int32_t force) {
  int32_t speed;
  if (e->boosted) {
    int32_t above = force > e->boost ? (force > 1023 ? 1023 : force) - e->boost : 0;
    speed = e->boost_min + ((above * e->boost_slope_q8 + 128) >> 8);
  } else if (force <= e->rest) {
    speed = 0;
  } else {
    speed = (((force < e->boost ? force : e->boost) - e->rest) * e->normal_slope_q8 + 128) >> 8;
  }
  int32_t fraction = e->fraction + (e->direction == UP ? speed : -speed);
  int32_t value = e->value;
  while (fraction >= e->half_unit) {
    fraction -= e->units_per_item;
    value++;
  }
  while (fraction < -e->half_unit) {
    fraction += e->units_per_item;
    value--;
  }
  if (e->wraps) {
    int32_t span = e->range_max - e->range_min + 1;
    while (value > e->range_max) value -= span;
    while (value < e->range_min) value += span;
  } else if (value > e->range_max || (value == e->range_max && fraction > 0)) {
    value = e->range_max;
    fraction = 0;
  } else if (value < e->range_min || (value == e->range_min && fraction < 0)) {
    value = e->range_min;
    fraction = 0;
  }
  e->value = value;
  e->fraction = fraction;
}

static inline void touch(peer_engine *e, int32_t force, int32_t cell_left, int32_t cell_right,
                         peer_output *out) {
  uint8_t before = e->zone;
  uint8_t zone = next_zone(e, before, force);
  e->zone = zone;
  if (zone == ZONE_IDLE) {
    release(e, out);
    return;
  }
  if (before == ZONE_RESTING && zone >= ZONE_NORMAL) {
    out->events |= PEER_ACTIVATE;
    e->activated = 1;
  }
  if (zone == ZONE_RESTING) {
    e->neutral_left = cell_left;
    e->neutral_right = cell_right;
    set_boosted(e, 0, out);
    return;  /* below rest nothing moves and no fall is tracked */
  }
  roll(e, cell_left, cell_right, out);
  set_boosted(e, zone == ZONE_BOOSTED, out);
  move(e, force);
  if (force + e->hysteresis >= e->previous_force) {
    e->fall_frame = e->frame;
    e->fall_value = e->value;
    e->fall_fraction = e->fraction;
    e->fall_active = 1;
  }
}

void peer_step(peer_engine *e, uint16_t raw_left, uint16_t raw_right, peer_output *out) {
  e->frame++;
  out->events = 0;
  int32_t value_before = e->value;
  uint8_t direction_before = e->direction;

  /* Review the window, screen the readings, hold on a fault. */
  uint32_t packed = raw_left | (uint32_t)raw_right << 16;
  if (--e->review_countdown == 0 || outside(packed, e->above_open, e->below_rail)) {
    packed = watch_cells(e, packed);
    if (e->holding) { /* nothing moves, force reads 0 */
      out->events = e->health_events;
      if (e->health_events & PEER_BOOST) out->boost_on = 0; /* a fault ends the boost */
      e->health_events = 0;
      out->force = 0;
      out->state = PEER_STATE_FAULT;
      out->direction = e->direction;
      out->value = e->value;
      out->fraction = e->fraction;
      out->faults = e->fault_codes;
      return;
    }
    raw_left = (uint16_t)packed;
    raw_right = (uint16_t)(packed >> 16);
  } else {
    e->sensor_changed |= packed ^ e->sensor_last;
    e->sensor_last = packed;
  }

  int32_t left = calibrate(&e->left, raw_left);
  int32_t right = calibrate(&e->right, raw_right);
  int32_t alpha = e->alpha_q12;
  int32_t left_q8 = e->left_q8 + ((((left << 8) - e->left_q8) * alpha + 2048) >> 12);
  int32_t right_q8 = e->right_q8 + ((((right << 8) - e->right_q8) * alpha + 2048) >> 12);
  e->left_q8 = left_q8;
  e->right_q8 = right_q8;
  int32_t force = (left_q8 + right_q8 + 128) >> 8;
  if (force > 1023) force = 1023;
  int32_t cell_left = (left_q8 + 128) >> 8;
  int32_t cell_right = (right_q8 + 128) >> 8;

  if (e->zone != ZONE_IDLE) {
    touch(e, force, cell_left, cell_right, out);
  } else {
    int32_t total = left + right;
    if (confirm_touch(e, force, total > 1023 ? 1023 : total, cell_left, cell_right, out)) {
      touch(e, force, cell_left, cell_right, out);
    }
  }

  if (e->direction == direction_before) out->events &= ~PEER_DIRECTION;
  if (e->value != value_before) out->events |= PEER_VALUE;
  out->event_value = e->value;
  e->previous_force = force;
  out->force = (int16_t)force;
  out->state = e->zone; /* thumb-roll: boosted exactly in the boosted zone */
  out->direction = e->direction;
  out->value = e->value;
  out->fraction = e->fraction;
  if (e->health_events != 0) {
    out->events |= e->health_events;
    if (e->health_events & PEER_BOOST) out->boost_on = 0; /* a fault ends the boost */
    e->health_events = 0;
  }
  out->faults = e->fault_codes;
}
