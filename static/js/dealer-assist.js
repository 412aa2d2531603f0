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
