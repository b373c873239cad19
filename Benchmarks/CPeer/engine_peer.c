/*
 * C peer of ForceEngine's thumb-roll frame path (see include/engine_peer.h).
 * The arithmetic is the Swift engine's, step for step, so the outputs are equal;
 * the structure is what a C programmer would write: one function per frame, the
 * helpers static and inlined, the output written into the caller's buffer.
 */
#include "engine_peer.h"

/* ParameterID order. */
enum {
  P_SAMPLE_RATE_HZ, P_TECHNIQUE, P_SENSITIVITY, P_CONTACT, P_REST, P_BOOST, P_HYSTERESIS,
  P_ROLL_THRESHOLD, P_SPEED_NORMAL_MAX, P_SPEED_BOOST_MIN, P_SPEED_BOOST_MAX, P_FILTER_MS,
  P_QUICK_RELEASE_MS, P_PULSE_WINDOW_MS, P_PRESS_THROUGH_LEVEL, P_RANGE_MIN, P_RANGE_MAX,
  P_START_VALUE, P_WRAP, P_LEFT_OFFSET, P_RIGHT_OFFSET, P_LEFT_GAIN, P_RIGHT_GAIN,
  P_LEFT_CURVE, P_RIGHT_CURVE
};

enum { ZONE_IDLE, ZONE_RESTING, ZONE_NORMAL, ZONE_BOOSTED };
enum { UP, DOWN };
#define ONSET_FRAMES 4
#define VELOCITY_SCALE_Q16 (127 * 65536 / 1023)

static void init_cell(peer_cell *cell, int32_t offset, int32_t gain, int32_t curve, int32_t sensitivity) {
  cell->offset = offset;
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
  init_cell(&e->left, p[P_LEFT_OFFSET], p[P_LEFT_GAIN], p[P_LEFT_CURVE], p[P_SENSITIVITY]);
  init_cell(&e->right, p[P_RIGHT_OFFSET], p[P_RIGHT_GAIN], p[P_RIGHT_CURVE], p[P_SENSITIVITY]);
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
  e->quick_release_frames = (uint32_t)((p[P_QUICK_RELEASE_MS] * rate + 500) / 1000);
  e->value = p[P_START_VALUE];
  return 0;
}

static inline int32_t calibrate(const peer_cell *cell, uint16_t raw) {
  int32_t value = (((int32_t)raw - cell->offset) * cell->gain_q16 + 32768) >> 16;
  value = value < 0 ? 0 : (value > 1023 ? 1023 : value);
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
}
