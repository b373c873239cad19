// The value as a picker shows it: the current item large, two neighbours on each side,
// the list sliding by the position's fraction as the device scrolls, the direction
// and the zone beside it. Items are the values range_min…range_max, wrapping when
// `wrap` is on (the parameters the page holds).

const NEIGHBOURS = 2;

/** The picker drawn in `root` (a `.picker` element). */
export class PickerView {
  constructor(root) {
    this.root = root;
    this.list = root.querySelector(".items");
    this.arrow = root.querySelector(".arrow");
    this.zone = root.querySelector(".picker-zone");
    this.items = [];
    for (let offset = -NEIGHBOURS; offset <= NEIGHBOURS; offset++) {
      const item = document.createElement("li");
      item.className = offset === 0 ? "current" : `neighbour n${Math.abs(offset)}`;
      if (offset === 0) item.setAttribute("aria-current", "true");
      this.list.append(item);
      this.items.push(item);
    }
  }

  /**
   * Shows `value` at `positionMilli` (the engine's position, thousandths of an item),
   * moving `direction` (0 up, 1 down), in `zone`, among `range` {min, max, wrap}.
   */
  show(value, positionMilli, direction, zone, range) {
    const { min, max, wrap } = range;
    const count = max - min + 1;
    this.items.forEach((item, index) => {
      let v = value + index - NEIGHBOURS;
      if (wrap && count > 0) v = min + ((((v - min) % count) + count) % count);
      item.textContent = v >= min && v <= max ? String(v) : "";
    });
    // The fraction of the way to the next item, so the list moves between steps.
    const fraction = ((positionMilli % 1000) + 1000) % 1000 / 1000;
    this.list.style.transform = `translateY(${(-fraction * 100 / (2 * NEIGHBOURS + 1)).toFixed(2)}%)`;
    this.arrow.textContent = direction ? "▼" : "▲";
    this.arrow.setAttribute("aria-label", direction ? "moving down" : "moving up");
    this.zone.textContent = zone;
    this.root.dataset.value = String(value);
  }
}
