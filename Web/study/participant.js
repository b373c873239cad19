import { act, follow } from "./study.js";

const $ = (id) => document.getElementById(id);

/** What the participant is asked to do in each phase. */
const instructions = {
  break: (s) =>
    `Block ${s.block} of ${s.blocks}: ${s.technique}${s.practice ? " (practice first)" : ""}. ` +
    "Take a break if you like. Tap Ready (or press Space) to start.",
  release: () => "Lift your thumb off the sensor.",
  ready: () => "Tap Ready (or press Space) when you are ready.",
  armed: (s) => `Go to ${s.target}, then lift your thumb.`,
  running: (s) => `Go to ${s.target}, then lift your thumb.`,
  ended: () => "Done.",
  finished: () => "That was the last trial. Thank you!",
};

function drawPicker(s) {
  const list = $("picker");
  list.replaceChildren();
  const shown = s.phase === "armed" || s.phase === "running" || s.phase === "ended";
  for (let offset = -2; offset <= 2; offset++) {
    const value = s.value + offset;
    const item = document.createElement("li");
    if (shown && value >= 0 && value <= s.rangeMax) item.textContent = String(value);
    if (offset === 0) item.className = "current";
    if (shown && value === s.target) item.classList.add("is-target");
    list.append(item);
  }
}

function draw(s) {
  if (!s) {
    $("instruction").textContent = "The study is not running.";
    return;
  }
  $("progress").textContent =
    s.phase === "finished" ? "" : `${s.practice ? "Practice " : ""}trial ${s.index} of ${s.trials}`;
  const armed = s.phase === "armed" || s.phase === "running" || s.phase === "ended";
  $("target").textContent = armed ? String(s.target) : "–";
  drawPicker(s);
  const say = instructions[s.phase];
  $("instruction").textContent = s.paused ? "Please wait a moment." : say ? say(s) : "";
  $("ready").hidden = !(s.phase === "ready" || s.phase === "break") || s.paused;
  document.body.dataset.phase = s.phase;
}

async function ready() {
  const refusal = await act("ready");
  if (refusal) $("instruction").textContent = refusal;
}

$("ready").addEventListener("click", ready);
document.addEventListener("keydown", (event) => {
  if (event.key === " " && !$("ready").hidden) {
    event.preventDefault();
    ready();
  }
});
follow(draw);
