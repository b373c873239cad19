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

/** The picker's five rows (two neighbours each side of the current value), made once. */
const rows = [-2, -1, 0, 1, 2].map((offset) => {
  const item = document.createElement("li");
  if (offset === 0) item.className = "current";
  $("picker").append(item);
  return { offset, item };
});

function drawPicker(s) {
  const shown = s.phase === "armed" || s.phase === "running" || s.phase === "ended";
  for (const { offset, item } of rows) {
    const value = s.value + offset;
    item.textContent = shown && value >= 0 && value <= s.rangeMax ? String(value) : "";
    item.classList.toggle("is-target", shown && value === s.target);
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
  // The page fills the screen from the first tap (a browser allows it only on one).
  if (!document.fullscreenElement) document.documentElement.requestFullscreen?.().catch(() => {});
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
