// The study pages' link to forcectl study run: the session's state, polled, and the
// actions the pages post (Docs/running-a-study.md).

/** Calls `draw(state)` with the session's state every `ms` milliseconds. */
export function follow(draw, ms = 50) {
  let busy = false;
  setInterval(async () => {
    if (busy) return;
    busy = true;
    try {
      const reply = await fetch("/study/state.json", { cache: "no-store" });
      if (reply.ok) draw(await reply.json());
    } catch {
      draw(null);
    } finally {
      busy = false;
    }
  }, ms);
}

/** Posts `action`; returns null when it was taken, else the server's reason. */
export async function act(action) {
  try {
    const reply = await fetch(`/study/${action}`, { method: "POST" });
    if (reply.ok) return null;
    return (await reply.json()).message;
  } catch {
    return "the study is not running (forcectl study run stopped?)";
  }
}
