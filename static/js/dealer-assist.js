// The 52-card picker: tap cards (rank and suit in one tap) until the prompt's count is reached.
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
  form.querySelector(".picked").textContent = cards.map((c) => form.querySelector(`[data-card="${c}"]`).textContent).join(" ");
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
  if (typing()) {
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
