import { act, follow } from "./study.js";

const $ = (id) => document.getElementById(id);
const history = [];
const kept = 400; // polls drawn: the last 20 s, one poll every 50 ms

function seconds(total) {
  const m = Math.floor(total / 60);
  const s = Math.floor(total % 60);
  return `${m} min ${String(s).padStart(2, "0")} s`;
}

function plot() {
  const canvas = $("force");
  const g = canvas.getContext("2d");
  g.clearRect(0, 0, canvas.width, canvas.height);
  const style = getComputedStyle(document.body);
  for (const [key, color] of [
    ["left", style.getPropertyValue("--left")],
    ["right", style.getPropertyValue("--right")],
  ]) {
    g.strokeStyle = color;
    g.beginPath();
    history.forEach((s, i) => {
      const x = (i / kept) * canvas.width;
      const y = canvas.height - (s[key] / 1023) * canvas.height;
      if (i === 0) g.moveTo(x, y);
      else g.lineTo(x, y);
    });
    g.stroke();
  }
}

function draw(s) {
  if (!s) {
    $("phase").textContent = "not running";
    return;
  }
  $("participant").textContent = String(s.participant);
  $("block").textContent = `${s.block} of ${s.blocks}: ${s.technique}`;
  $("trial").textContent =
    `${s.practice ? "practice " : ""}${s.trial} (${s.index} of ${s.trials})` + (s.disturbed ? ", marked disturbed" : "");
  $("phase").textContent = (s.paused ? "paused, " : "") + s.phase + (s.phase === "running" ? ` ${(s.elapsedMs / 1000).toFixed(1)} s` : "");
  $("session").textContent = seconds(s.sessionSeconds);
  $("errors").textContent = `${s.errors} of ${s.done}`;
  $("last").textContent =
    s.lastTimeMs == null ? "–" : `${(s.lastTimeMs / 1000).toFixed(2)} s, ${s.lastSuccess ? "on target" : "missed"}`;
  history.push({ left: s.left, right: s.right });
  if (history.length > kept) history.shift();
  plot();
}

for (const action of ["pause", "resume", "ready", "disturbed"]) {
  $(action).addEventListener("click", async () => {
    $("message").textContent = (await act(action)) ?? `${action}: done`;
  });
}
follow(draw);
