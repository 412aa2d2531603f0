// The card picker (the table's deck: 52 cards, or Spanish 21's 48 of each deck): tap cards (rank and suit in one tap) until the prompt's count is reached.
// Event delegation keeps it working on fragments swapped in by htmx or pushed over the socket.
document.addEventListener("click", (event) => {
  const pick = event.target.closest("button.pick");
  const clear = event.target.closest("form.picker button.clear");
  const form = (pick || clear)?.closest("form.picker");
  if (!form) return;
  const needed = Number(form.dataset.needed);
  const picked = form.querySelector("input[name=cards]");
  let cards = picked.value ? picked.value.split(" ") : [];
  if (clear) {
    cards = [];
  } else if (cards.includes(pick.dataset.card)) {
    cards = cards.filter((c) => c !== pick.dataset.card);
  } else if (cards.length < needed) {
    cards.push(pick.dataset.card);
  }
  picked.value = cards.join(" ");
  form.querySelectorAll("button.pick").forEach((b) => b.classList.toggle("selected", cards.includes(b.dataset.card)));
  const label = (c) => { const b = form.querySelector(`[data-card="${c}"]`); return b.dataset.label || b.textContent; };
  form.querySelector(".picked").textContent = cards.map(label).join(" ");
  form.querySelector("button.enter").disabled = cards.length !== needed;
});

// A push redraws the whole table area.  While the dealer is typing an amount, hold the latest
// push and apply it when the field loses focus, so the typing is not wiped out.
let heldPush = null;
const typing = () => {
  const field = document.activeElement;
  return field && field.matches("#table-state input[type=text], #table-state input:not([type])") && field.value;
};
document.addEventListener("htmx:wsBeforeMessage", (event) => {
  // Only the table's own state is held: a meter's amount is swapped in at once, by its id.
  if (typing() && event.detail.message.includes('id="table-state"')) {
    heldPush = event.detail.message;
    event.preventDefault();
  }
});
document.addEventListener("focusout", () => {
  setTimeout(() => {
    if (heldPush && !typing()) {
      const push = heldPush;
      heldPush = null;
      htmx.swap("#table-state", push, { swapStyle: "outerHTML" });
    }
  }, 0);
});
// A tap answered over HTTP supersedes a held push.
document.addEventListener("htmx:afterRequest", () => { heldPush = null; });

// The double-tap guard.  The server answers in well under the time between two taps, and the next
// seat's button is drawn where the last one was: a second tap would decide the next seat.  A tap
// on the table's controls in the half second after they changed is ignored, and the prompt
// flashes so that the change is seen.
const GUARD_MS = 500;
window.dealerAssist = { drawnAt: 0, drawn: "" };
const flashPrompt = () => {
  const prompt = document.querySelector("#prompt");
  if (!prompt) return;
  prompt.classList.remove("just-changed");
  void prompt.offsetWidth; // restart the animation
  prompt.classList.add("just-changed");
};
const noteRedraw = () => {
  const state = document.querySelector("#table-state");
  const prompt = document.querySelector("#prompt");
  const drawn = state ? `${state.dataset.round}:${state.dataset.seq}:${prompt?.dataset.step}:${prompt?.dataset.seat}` : "";
  if (drawn !== window.dealerAssist.drawn) {
    window.dealerAssist.drawn = drawn;
    window.dealerAssist.drawnAt = performance.now();
    flashPrompt();
  }
};
document.addEventListener("htmx:afterSwap", noteRedraw);
document.addEventListener("htmx:wsAfterMessage", noteRedraw);
document.addEventListener("submit", (event) => {
  if (!event.target.closest("#table-state")) return;
  if (performance.now() - window.dealerAssist.drawnAt < GUARD_MS) {
    event.preventDefault();
    event.stopImmediatePropagation();
    flashPrompt();
  }
}, true);

// Whether this tablet is live: pushes arrive only while its websocket is open.  The htmx
// websocket extension reconnects by itself, and the server then sends the current state.
const setLive = (live) => {
  document.querySelectorAll(".live-status").forEach((status) => {
    status.dataset.live = live ? "1" : "0";
    status.textContent = live ? "Live" : "Not live: reconnecting. The screen may be out of date.";
  });
};
document.addEventListener("htmx:wsOpen", () => setLive(true));
document.addEventListener("htmx:wsClose", () => setLive(false));
document.addEventListener("htmx:wsError", () => setLive(false));

// The table's current state over HTTP, unless the tablet already shows it (the server then
// answers 204 and nothing is swapped) or the dealer is typing.
const refreshState = () => {
  const socket = document.getElementById("table-socket");
  const state = document.getElementById("table-state");
  if (!socket || !state || typing()) return;
  const seen = new URLSearchParams({ round: state.dataset.round, seq: state.dataset.seq });
  htmx.ajax("GET", `${socket.dataset.stateUrl}?${seen}`, { target: "#table-state", swap: "outerHTML" });
};
// Pushes are at most once (Redis only carries them; PostgreSQL holds the truth): a tablet that
// missed one while the server could not push catches up here, by its round and sequence number.
setInterval(() => { if (document.visibilityState === "visible") refreshState(); }, 30000);

// A server or network error is said on screen, never ignored (htmx does not swap an error).
const problem = document.getElementById("net-error");
const say = (text) => { if (problem) { problem.textContent = text; problem.hidden = false; } };
document.addEventListener("htmx:responseError", (event) => {
  const status = event.detail.xhr.status;
  say(status >= 500
    ? `The server could not complete this (error ${status}). It may or may not have been recorded: the screen now shows the current state.`
    : `The server refused this (error ${status}). Reload the page if it persists.`);
  if (status >= 500) setTimeout(refreshState, 1000);
});
document.addEventListener("htmx:sendError", () => {
  say("No connection to the server: this was not sent. Check the network, then try again.");
});
document.addEventListener("htmx:afterRequest", (event) => {
  if (event.detail.successful && problem) problem.hidden = true;
});
