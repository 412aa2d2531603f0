// What is on screen is never wiped by a redraw.  The table (and the pit) is redrawn by every tap's
// answer and every push; both are *morphed* into the page (idiomorph, static/vendor/) rather than
// swapped whole, so an element keeps its identity, its focus and its caret, and a field the user
// has typed into or picked in keeps what they typed until their own form is accepted.  A form's
// id names what it is for (the round, the step, the seat): when that changes, the form is a new
// one and starts empty.
const LIVE_REGIONS = "#table-state, #pit-state";
// A seat's wager form also keeps what the seat's wagers were when typing began (its hidden "seen"):
// the server refuses its Set if they changed since (another tablet set them), and until it is sent
// the form shows the seat's wagers as they are now beside what was typed.
const edited = new WeakSet(); // the fields this person changed since the server last drew them
const noteEdit = (event) => {
  const form = event.target.form;
  if (!form) return;
  edited.add(event.target);
  if (form.elements.seen) edited.add(form.elements.seen);
  drawSeatChanges();
};
document.addEventListener("input", noteEdit);
document.addEventListener("change", noteEdit);
const drawSeatChanges = () => document.querySelectorAll("form.seat-wagers").forEach((form) => {
  const changed = Boolean(form.elements.seen) && form.elements.seen.value !== form.dataset.seen;
  form.querySelectorAll("[data-now]").forEach((now) => { now.hidden = !changed; });
});
Idiomorph.defaults.callbacks.beforeAttributeUpdated = (name, element) => {
  if (name === "open" && element.tagName === "DETAILS") return false; // an opened menu stays open
  if ((name === "value" || name === "checked") && edited.has(element)) return false;
  if (name === "selected" && element.tagName === "OPTION" && edited.has(element.closest("select"))) return false;
  return true;
};

// Where a fragment of the table stands: (round id, seq); a redraw never goes back.  Pushes come
// in order per socket, but a tap's answer can arrive after the push of a later change.
const positionOf = (element) => element && element.dataset.round !== undefined
  ? [Number(element.dataset.round || 0), Number(element.dataset.seq || 0)] : null;
const older = (a, b) => a && b && (a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]));
const parse = (html) => { const t = document.createElement("template"); t.innerHTML = html; return t.content; };

// A push arrives as a fragment swapped by its id (htmx's out-of-band swap, outerHTML by default):
// the table's and the pit's are morphed instead.
htmx.defineExtension("live-morph", {
  transformResponse(text, xhr) {
    if (xhr) return text; // a request's answer: see htmx:beforeSwap below
    const fragment = parse(text);
    let changed = false;
    for (const child of fragment.children) {
      if (child.matches(LIVE_REGIONS) && !child.hasAttribute("hx-swap-oob")) {
        child.setAttribute("hx-swap-oob", "morph");
        changed = true;
      }
    }
    if (!changed) return text;
    const holder = document.createElement("div");
    holder.append(fragment);
    return holder.innerHTML;
  },
});
document.addEventListener("htmx:oobBeforeSwap", (event) => {
  const incoming = event.detail.fragment.firstElementChild;
  if (incoming && older(positionOf(incoming), positionOf(event.detail.target))) event.detail.shouldSwap = false;
});

// The position a form was sent from: its answer tells whether it was accepted (the state moved).
const sentFrom = new WeakMap();
document.addEventListener("htmx:beforeRequest", (event) => {
  const form = event.detail.elt.closest?.("form");
  if (form) sentFrom.set(form, positionOf(document.getElementById("table-state")));
});
// A request's answer is morphed here rather than by htmx's own swap: htmx looks the morph
// extension up from the element that sent the request, and a push may have taken that one out of
// the page meanwhile (htmx would then fall back to an innerHTML swap).
document.addEventListener("htmx:beforeSwap", (event) => {
  const target = event.detail.target;
  if (!target?.matches?.(LIVE_REGIONS) || !event.detail.shouldSwap) return;
  event.detail.shouldSwap = false;
  const incoming = parse(event.detail.serverResponse).firstElementChild;
  const form = event.detail.requestConfig?.elt?.closest?.("form");
  const sent = form && sentFrom.get(form);
  const now = positionOf(incoming);
  // Accepted: what this form sent is now the server's, drawn as the server draws it.  Refused:
  // what was typed stays, to be corrected; the seat's wagers the refusal named are now the ones
  // this form was drawn with.
  const refused = incoming?.querySelector(":scope > .error");
  if (form && (target.id === "pit-state" || (!refused && sent && now && (sent[0] !== now[0] || sent[1] !== now[1])))) {
    for (const field of form.elements) edited.delete(field);
    form.closest("details")?.removeAttribute("open");
  } else if (form?.elements.seen) {
    edited.delete(form.elements.seen);
  }
  if (!older(now, positionOf(target))) {
    htmx.swap(target, event.detail.serverResponse, { swapStyle: "morph" }, { contextElement: target });
  }
});

// The card picker (the table's deck: 52 cards, or Spanish 21's 48 of each deck): tap cards (rank
// and suit in one tap) until the prompt's count is reached.  The picks live in the form's hidden
// "cards" field, kept through redraws like a typed field; the buttons are drawn from it again
// after every redraw.  Event delegation keeps it working on redrawn fragments.
//
// A card may be picked as many times as the shoe still holds it (data-left: 7♠ 7♠ from six decks,
// once from a single deck).  A tap on a card in the picked list takes that one back; a tap on a
// card that cannot be picked again (none left, or the count reached) takes one of it back.
//
// The tap that completes the count sends the cards by itself after a moment (AUTO_SEND_MS), shown
// counting down: taking a card back (or Clear) in that moment stops it and nothing is sent;
// "Enter cards" sends at once.  A form is sent once: the countdown stops when it is sent,
// by either way, and a redraw never starts one (only a person's tap does).
const AUTO_SEND_MS = 1200;
const countdowns = new WeakMap(); // form -> {due, timer, tick}
const suitOf = (card) => `suit-${card.slice(-1)}`;
const stopCountdown = (form) => {
  const countdown = countdowns.get(form);
  if (!countdown) return;
  clearTimeout(countdown.timer);
  clearInterval(countdown.tick);
  countdowns.delete(form);
  drawCountdown(form);
};
const drawCountdown = (form) => {
  const shown = form.querySelector(".countdown");
  if (!shown) return;
  const countdown = countdowns.get(form);
  form.classList.toggle("sending", Boolean(countdown));
  shown.textContent = countdown
    ? `Sending in ${(Math.max(0, countdown.due - performance.now()) / 1000).toFixed(1)} s… tap a picked card to change it`
    : "";
};
const startCountdown = (form) => {
  stopCountdown(form);
  const countdown = { due: performance.now() + AUTO_SEND_MS };
  countdown.tick = setInterval(() => drawCountdown(form), 100);
  countdown.timer = setTimeout(() => {
    stopCountdown(form);
    const picked = form.querySelector("input[name=cards]");
    if (!form.isConnected || picked.value.split(" ").filter(Boolean).length !== Number(form.dataset.needed)) return;
    form.requestSubmit(form.querySelector("button.enter"));
  }, AUTO_SEND_MS);
  countdowns.set(form, countdown);
  drawCountdown(form);
};
// How many more times the shoe holds the card (a page drawn without data-left: once).
const copiesLeft = (b) => (b.dataset.left === undefined ? 1 : Number(b.dataset.left));
const drawPicker = (form) => {
  const needed = Number(form.dataset.needed);
  const picked = form.querySelector("input[name=cards]");
  const button = (c) => form.querySelector(`button.pick[data-card="${CSS.escape(c)}"]`);
  // A card entered meanwhile (drawn disabled now, or with fewer copies left) cannot stay picked.
  const kept = [];
  for (const c of picked.value ? picked.value.split(" ") : []) {
    if (button(c) && !button(c).disabled && kept.filter((k) => k === c).length < copiesLeft(button(c))) kept.push(c);
  }
  const cards = kept.slice(0, needed);
  picked.value = cards.join(" ");
  form.querySelectorAll("button.pick").forEach((b) => b.classList.toggle("selected", cards.includes(b.dataset.card)));
  const shown = form.querySelector(".picked");
  shown.replaceChildren(...cards.flatMap((c, i) => {
    const unpick = document.createElement("button");
    unpick.type = "button";
    unpick.className = `unpick ${suitOf(c)}`;
    unpick.dataset.index = String(i);
    unpick.textContent = button(c).dataset.label || button(c).textContent;
    unpick.setAttribute("aria-label", `Take back ${unpick.textContent}`);
    return i ? [" ", unpick] : [unpick];
  }));
  form.querySelector("button.enter").disabled = cards.length !== needed;
  if (cards.length !== needed) stopCountdown(form);
  drawCountdown(form);
};
const drawPickers = () => document.querySelectorAll("form.picker").forEach(drawPicker);
document.addEventListener("click", (event) => {
  const pick = event.target.closest("button.pick");
  const unpick = event.target.closest("form.picker button.unpick");
  const clear = event.target.closest("form.picker button.clear");
  const form = (pick || unpick || clear)?.closest("form.picker");
  if (!form) return;
  const needed = Number(form.dataset.needed);
  const picked = form.querySelector("input[name=cards]");
  let cards = picked.value ? picked.value.split(" ") : [];
  if (clear) {
    cards = [];
  } else if (unpick) {
    cards.splice(Number(unpick.dataset.index), 1);
  } else {
    const code = pick.dataset.card;
    const times = cards.filter((c) => c === code).length;
    if (cards.length < needed && times < copiesLeft(pick)) {
      cards.push(code);
    } else if (times) {
      cards.splice(cards.lastIndexOf(code), 1);
    }
  }
  picked.value = cards.join(" ");
  edited.add(picked);
  drawPicker(form);
  if (pick && cards.length === needed && cards.includes(pick.dataset.card)) startCountdown(form);
});
// Sent (by the countdown or by "Enter cards"): the countdown stops, so the form goes once.
document.addEventListener("submit", (event) => {
  if (event.target.matches?.("form.picker")) stopCountdown(event.target);
});
document.addEventListener("htmx:afterSwap", drawPickers);
document.addEventListener("htmx:wsAfterMessage", drawPickers);
document.addEventListener("htmx:afterSwap", drawSeatChanges);
document.addEventListener("htmx:wsAfterMessage", drawSeatChanges);

// The double-tap guard.  The server answers in well under the time between two taps, and the next
// seat's button is drawn where the last one was: the second tap of a double tap would decide the
// next seat.  So a tap is refused when it lands, within half a second of the last one, where that
// one landed, on a control drawn since (one that replaced the control tapped: it was not on the
// screen then).  A tap on any control that was already on the screen goes through, however soon:
// the chips of other seats and wagers, the other buttons.  A refused tap says so on screen.  A
// redraw that changes the prompt flashes it, so that the change is seen.
const GUARD_MS = 500;
const SAME_SPOT_PX = 16; // how far from the last tap's point a finger's second tap may land
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
// What a control does, whatever redraw drew it: where its form posts, the form's name and hidden
// action, and the button's own value (a chip's wager and amount, a card).  Not its label, which a
// button waiting for its confirming tap changes, nor the sequence number, which every redraw does.
const TAPPABLE = "#table-state button";
const actionOf = (control) => {
  const form = control.form || control.closest("form");
  const fields = form ? ["action", "actions", "seat", "step"].map((name) => form.querySelector(`input[type=hidden][name="${name}"]`)?.value ?? "") : [];
  return JSON.stringify([form?.getAttribute("hx-post") ?? "", form?.id ?? "", ...fields, control.name, control.value,
    control.dataset.card ?? "", control.dataset.confirm ?? ""]);
};
const labelOf = (control) => control.getAttribute("aria-label") || control.textContent.trim().replace(/\s+/g, " ");
let lastTap = null; // {x, y, at, label, shown: the actions of the controls on screen then}
document.addEventListener("click", (event) => {
  if (event.detail === 0) return; // a key's press (Enter) is no finger's tap
  const control = event.target.closest?.(TAPPABLE);
  if (!control) { lastTap = null; return; } // a tap elsewhere (opening a menu): the next is no double tap
  const now = performance.now();
  const action = actionOf(control);
  const previous = lastTap;
  const box = control.getBoundingClientRect();
  if (previous && now - previous.at < GUARD_MS && !previous.shown.has(action)
      && previous.x >= box.left - SAME_SPOT_PX && previous.x <= box.right + SAME_SPOT_PX
      && previous.y >= box.top - SAME_SPOT_PX && previous.y <= box.bottom + SAME_SPOT_PX) {
    event.preventDefault();
    event.stopImmediatePropagation();
    lastTap = null; // a third tap, deliberate, goes through
    flashPrompt();
    say(`Not sent: “${labelOf(control)}” appeared where you had just tapped “${previous.label}”, so this looked like `
      + "the second tap of a double tap. Check the screen, then tap it again if you mean it.");
    return;
  }
  lastTap = { x: event.clientX, y: event.clientY, at: now, label: labelOf(control),
    shown: new Set([...document.querySelectorAll(TAPPABLE)].map(actionOf)) };
}, true);

// An action that cannot be taken back ("No more bets", an irregularity, a void, a refusal, a
// stub-count miscount: the buttons marked data-confirm) takes one more tap.  The first tap arms
// the button: it says "Tap again to confirm" for five seconds; a second tap in that time sends it.
// A second tap sooner than a third of a second is a double tap, not a confirmation.  A redraw
// keeps a button armed only if it still says what it said (the same action).
const CONFIRM_MS = 5000;
const CONFIRM_GAP_MS = 350;
const armed = new Map(); // button -> {label, at, timer}
const disarm = (button) => {
  const state = armed.get(button);
  if (!state) return;
  clearTimeout(state.timer);
  armed.delete(button);
  button.classList.remove("armed");
  if (button.textContent !== state.label && button.textContent.startsWith("Tap again")) button.textContent = state.label;
};
const showArmed = (button) => {
  button.classList.add("armed");
  button.textContent = `Tap again to confirm: ${button.dataset.confirm}`;
};
document.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-confirm]");
  if (!button) return;
  const state = armed.get(button);
  const now = performance.now();
  if (state && now - state.at >= CONFIRM_GAP_MS) {
    disarm(button); // confirmed: the tap goes on to submit the form
    return;
  }
  event.preventDefault();
  event.stopImmediatePropagation();
  if (state) return; // the second tap of a double tap
  [...armed.keys()].forEach(disarm);
  armed.set(button, { label: button.textContent, at: now, timer: setTimeout(() => disarm(button), CONFIRM_MS) });
  showArmed(button);
}, true);
const keepArmed = () => {
  for (const [button, state] of [...armed]) {
    // Morphed: the server's label is back.  Still the same action: armed again; otherwise not.
    if (button.isConnected && (button.textContent === state.label || button.textContent.startsWith("Tap again"))) showArmed(button);
    else { armed.delete(button); clearTimeout(state.timer); button.classList.remove("armed"); }
  }
};
document.addEventListener("htmx:afterSwap", keepArmed);
document.addEventListener("htmx:wsAfterMessage", keepArmed);

// Whether this tablet is live: pushes arrive only while its websocket is open.  The htmx
// websocket extension reconnects by itself, and the server then sends the current state.
const setLive = (live) => {
  document.querySelectorAll(".live-status").forEach((status) => {
    status.dataset.live = live ? "1" : "0";
    status.textContent = live ? "Live"
      : navigator.onLine === false ? "Offline: this tablet has no network. Taps are not sent; the screen may be out of date."
        : "Not live: reconnecting. The screen may be out of date.";
  });
};
let socketOpen = false;
let reopened = false; // opened again, and the current state not received yet
const socketIs = (open) => { socketOpen = open; setLive(open && navigator.onLine !== false); };
document.addEventListener("htmx:wsOpen", () => { reopened = true; socketIs(true); });
document.addEventListener("htmx:wsClose", () => socketIs(false));
document.addEventListener("htmx:wsError", () => socketIs(false));
// The server's first message on a new socket is the current state: what was said about the
// connection while it was down no longer holds once that is on screen.
document.addEventListener("htmx:wsAfterMessage", () => {
  if (!reopened) return;
  reopened = false;
  if (problem?.dataset.untilLive) problem.hidden = true;
});
window.addEventListener("offline", () => setLive(false));

// Reconnecting.  The extension's own back-off ("full-jitter", doubling up to a minute) can leave a
// tablet dead for half a minute after its server is back.  Here the extension retries at once
// (wsReconnectDelay 0) and each socket it asks for waits its turn before it connects: a quarter
// of a second after a drop, doubling to two seconds at most, a little less at random so that the
// tablets of a pit do not all knock at the same instant; and no wait at all when the page comes
// back into view or the network comes back.
const RETRY_FIRST_MS = 250;
const RETRY_MOST_MS = 2000;
let failedTries = 0; // connections lost or refused since the last one that opened
let patient = null; // the latest socket handed to the extension
class PatientSocket extends EventTarget {
  // WebSocket's ready states, read by the extension from the socket itself
  CONNECTING = 0; OPEN = 1; CLOSING = 2; CLOSED = 3;

  constructor(url, wait) {
    super();
    Object.assign(this, { url, readyState: 0, socket: null, onopen: null, onclose: null, onerror: null });
    this.timer = setTimeout(() => this.connect(), wait);
  }

  connect() {
    clearTimeout(this.timer);
    if (this.socket || this.readyState !== this.CONNECTING) return;
    const socket = this.socket = new WebSocket(this.url);
    socket.binaryType = htmx.config.wsBinaryType;
    socket.onopen = (event) => { failedTries = 0; this.readyState = this.OPEN; this.onopen?.(event); };
    socket.onerror = (event) => this.onerror?.(event);
    socket.onclose = (event) => { failedTries += 1; this.readyState = this.CLOSED; this.onclose?.(event); };
    socket.onmessage = (event) => this.dispatchEvent(new MessageEvent("message", { data: event.data }));
  }

  send(data) { this.socket.send(data); }

  close() {
    clearTimeout(this.timer);
    if (this.socket) { this.socket.close(); return; }
    this.readyState = this.CLOSED; // never connected: closed as asked, not to be retried
    this.onclose?.(new CloseEvent("close", { code: 1000 }));
  }
}
htmx.config.wsReconnectDelay = () => 0;
htmx.createWebSocket = (url) => {
  const wait = failedTries && Math.min(RETRY_MOST_MS, RETRY_FIRST_MS * 2 ** (failedTries - 1)) * (0.75 + Math.random() / 4);
  patient = new PatientSocket(url, wait);
  return patient;
};
const reconnectNow = () => { if (patient && !patient.socket) patient.connect(); };
document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") reconnectNow(); });
window.addEventListener("focus", reconnectNow);
// Back online: the socket may have stayed open (then it missed nothing it could be sent), or it
// reconnects now; either way the state is checked over HTTP too.
window.addEventListener("online", () => { setLive(socketOpen); reconnectNow(); refreshState(); });

// A tap made while the tablet is offline is refused at once, with a message: it is not queued,
// since by the time the network is back the round may have moved on and the dealer must see the
// table as it is before tapping again (a tap sent late would be refused by its sequence number
// anyway).  A tap whose answer does not come is said too, never left hanging.
const OFFLINE = "This tablet is offline: the tap was NOT sent. Tap again once the tablet shows Live, after checking the screen.";
document.addEventListener("htmx:beforeRequest", (event) => {
  if (navigator.onLine !== false) return;
  event.preventDefault();
  if (event.detail.elt.closest?.("form")) say(OFFLINE, { untilLive: true });
});
htmx.config.timeout = 10000; // ms
document.addEventListener("htmx:timeout", () => {
  say("No answer from the server within 10 seconds: this may or may not have been recorded. Check the screen once it shows Live before tapping again.",
    { untilLive: true });
  setTimeout(refreshState, 1000);
});

// The table's current state over HTTP, unless the tablet already shows it (the server then
// answers 204 and nothing is swapped).  What is being typed survives it, as it survives a push.
const refreshState = () => {
  const socket = document.getElementById("table-socket");
  const state = document.getElementById("table-state");
  if (!socket || !state) return;
  const seen = new URLSearchParams({ round: state.dataset.round, seq: state.dataset.seq });
  htmx.ajax("GET", `${socket.dataset.stateUrl}?${seen}`, { target: "#table-state", swap: "outerHTML" });
};
// Pushes are at most once (Redis only carries them; PostgreSQL holds the truth): a tablet that
// missed one while the server could not push catches up here, by its round and sequence number.
setInterval(() => { if (document.visibilityState === "visible") refreshState(); }, 30000);

// A server or network error is said on screen, never ignored (htmx does not swap an error).
const problem = document.getElementById("net-error");
// A message stays until the next tap is answered; one about the connection (``untilLive``) also
// goes once the tablet is live again and shows the current state.
let saidAt = 0;
const say = (text, { untilLive = false } = {}) => {
  if (!problem) return;
  problem.textContent = text;
  problem.hidden = false;
  problem.dataset.untilLive = untilLive ? "1" : "";
  saidAt = performance.now();
};
document.addEventListener("htmx:responseError", (event) => {
  const status = event.detail.xhr.status;
  say(status >= 500
    ? `The server could not complete this (error ${status}). It may or may not have been recorded: the screen now shows the current state.`
    : `The server refused this (error ${status}). Reload the page if it persists.`);
  if (status >= 500) setTimeout(refreshState, 1000);
});
document.addEventListener("htmx:sendError", () => {
  say("No connection to the server: this was not sent. Check the network, then try again.", { untilLive: true });
});
// A tap's answer clears what was said before the tap was sent; not one to a tap sent earlier, which
// may arrive after a later tap was refused here.
document.addEventListener("htmx:beforeRequest", (event) => { event.detail.xhr.sentAt = performance.now(); });
document.addEventListener("htmx:beforeSwap", (event) => {
  const { xhr, isError, requestConfig } = event.detail;
  if (problem && !isError && requestConfig?.elt?.closest?.("form") && xhr.sentAt > saidAt) problem.hidden = true;
});

// -- the pit's requests, on a floorperson's every page ---------------------------------------------
// The navigation's badge counts the requests waiting in the live pit.  On the pit page it follows
// the pushed pit (its data-waiting and data-newest); on any other page it asks the server now and
// then (one small query).  A request newer than any this tablet has seen shows an alert and
// sounds a short beep.  The newest id seen is kept for the tab, so moving between pages does not
// sound it again.
const PIT_POLL_MS = 15000;
const SEEN_KEY = "dealer-assist:pit-newest";
let audio = null;
// Browsers let a page make sound only after a tap: the audio is set up at the first one.
document.addEventListener("pointerdown", () => {
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    if (audio.state === "suspended") audio.resume();
  } catch (error) { audio = null; }
}, { capture: true });
const beep = () => {
  try {
    if (!audio || audio.state !== "running") return false;
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.frequency.value = 880;
    volume.gain.setValueAtTime(0.2, audio.currentTime);
    volume.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.4);
    tone.connect(volume).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.4);
    return true;
  } catch (error) { return false; }
};
window.dealerAssist.pitAlerts = 0; // how many alerts this page has shown (the browser tests read it)
const showPitCount = (waiting, newest) => {
  const badge = document.getElementById("pit-badge");
  if (!badge) return;
  badge.textContent = String(waiting);
  badge.dataset.waiting = String(waiting);
  badge.setAttribute("aria-label", `${waiting} waiting`);
  badge.hidden = !waiting;
  const seen = Number(sessionStorage.getItem(SEEN_KEY) || badge.dataset.newest || 0);
  if (newest > seen) {
    window.dealerAssist.pitAlerts += 1;
    const alert = document.getElementById("pit-alert");
    if (alert) {
      const sounded = beep();
      alert.innerHTML = "";
      const link = document.createElement("a");
      link.href = document.getElementById("pit-link")?.href || "/pit/";
      link.textContent = `New request for a floorperson: ${waiting} waiting in the pit`;
      alert.append(link);
      if (!sounded) alert.append(" (tap anywhere to let this tablet sound its alerts)");
      alert.hidden = false;
      badge.classList.remove("just-changed");
      void badge.offsetWidth;
      badge.classList.add("just-changed");
    }
  }
  if (newest >= seen) sessionStorage.setItem(SEEN_KEY, String(newest));
};
const pitRegionCount = () => {
  const pit = document.getElementById("pit-state");
  if (pit) showPitCount(Number(pit.dataset.waiting || 0), Number(pit.dataset.newest || 0));
};
// A new page starts from what it was drawn with: only what arrives later is new, unless the tab
// saw an older newest request before this page.
if (sessionStorage.getItem(SEEN_KEY) === null) {
  const badge = document.getElementById("pit-badge");
  if (badge) sessionStorage.setItem(SEEN_KEY, badge.dataset.newest || "0");
}
document.addEventListener("DOMContentLoaded", () => {
  const badge = document.getElementById("pit-badge");
  if (badge) showPitCount(Number(badge.dataset.waiting || 0), Number(badge.dataset.newest || 0));
  pitRegionCount();
  drawWaited();
});
document.addEventListener("htmx:afterSwap", pitRegionCount);
document.addEventListener("htmx:wsAfterMessage", pitRegionCount);
document.getElementById("pit-alert")?.addEventListener("click", (event) => {
  if (event.target.tagName !== "A") event.currentTarget.hidden = true;
});
setInterval(() => {
  const link = document.getElementById("pit-link");
  if (!link || document.getElementById("pit-state") || document.visibilityState !== "visible") return;
  fetch(link.dataset.waitingUrl, { credentials: "same-origin", headers: { Accept: "application/json" } })
    .then((answer) => (answer.ok ? answer.json() : null))
    .then((pit) => { if (pit) showPitCount(pit.waiting, pit.newest); })
    .catch(() => {});
}, PIT_POLL_MS);

// How long each request has waited, from the time it was requested (the pushed pit is the same
// for every tablet: the clock is this tablet's).
const drawWaited = () => {
  document.querySelectorAll("time.waited").forEach((time) => {
    const minutes = Math.max(0, Math.floor((Date.now() - Date.parse(time.dateTime)) / 60000));
    time.textContent = minutes < 1 ? "waited under 1 min" : `waited ${minutes} min`;
    time.classList.toggle("long-wait", minutes >= 5);
  });
};
document.addEventListener("htmx:afterSwap", drawWaited);
document.addEventListener("htmx:wsAfterMessage", drawWaited);
setInterval(drawWaited, 15000);

// -- training mode -----------------------------------------------------------------------------
// A trainee may show the virtual shoe's hole cards (drawn, hidden, only at a training table).
// Whether they are shown is this tablet's, kept on the page's body, so a redraw keeps it.
const drawHoleToggle = () => {
  const toggle = document.getElementById("hole-toggle");
  if (!toggle) return;
  const shown = document.body.classList.contains("show-hole");
  toggle.setAttribute("aria-pressed", String(shown));
  toggle.textContent = shown ? "Hide the virtual hole cards" : "Show the virtual hole cards";
};
document.addEventListener("click", (event) => {
  if (!event.target.closest("#hole-toggle")) return;
  document.body.classList.toggle("show-hole");
  drawHoleToggle();
});

// The quiz: at a training table each seat's settlement waits for the trainee's answer to "what do
// you pay seat N?", checked against the seat's lines, then shown.  The answers given are this
// tablet's (kept here, by round and seat), so a redraw keeps what was answered and shown.
const quizAnswers = new Map(); // "round:seat" -> {text, right}
const cents = (text) => {
  const match = String(text).replace(/[$,\s]/g, "").match(/^(\d+)(?:\.(\d{1,2}))?$/);
  return match ? Number(match[1]) * 100 + Number((match[2] || "0").padEnd(2, "0")) : null;
};
const dollarsOf = (amount) => `$${(amount / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;
const drawQuizzes = () => {
  document.querySelectorAll("form.quiz").forEach((form) => {
    const answered = quizAnswers.get(form.dataset.quiz);
    const result = form.querySelector(".quiz-result");
    result.textContent = answered ? answered.text : "";
    result.className = `quiz-result${answered ? (answered.right ? " right" : " wrong") : ""}`;
    document.querySelectorAll(`[data-quiz-seat="${CSS.escape(form.dataset.quiz)}"]`)
      .forEach((row) => row.classList.toggle("quiz-hidden", !answered));
  });
  drawHoleToggle();
};
document.addEventListener("submit", (event) => {
  const form = event.target.closest("form.quiz");
  if (!form) return;
  event.preventDefault();
  const given = cents(form.elements.answer.value);
  if (given === null) {
    form.querySelector(".quiz-result").textContent = "Enter an amount in dollars, like 35 or 12.50";
    return;
  }
  const answer = Number(form.dataset.answer);
  quizAnswers.set(form.dataset.quiz, given === answer
    ? { text: `Right: ${dollarsOf(answer)}`, right: true }
    : { text: `Not quite: you said ${dollarsOf(given)}; the answer is ${dollarsOf(answer)}`, right: false });
  drawQuizzes();
}, true);
document.addEventListener("click", (event) => {
  const skip = event.target.closest("form.quiz .quiz-skip");
  if (!skip) return;
  const form = skip.closest("form.quiz");
  quizAnswers.set(form.dataset.quiz, { text: `The answer is ${dollarsOf(Number(form.dataset.answer))}`, right: false });
  drawQuizzes();
});
document.addEventListener("htmx:afterSwap", drawQuizzes);
document.addEventListener("htmx:wsAfterMessage", drawQuizzes);
document.addEventListener("DOMContentLoaded", drawQuizzes);

// -- the seat just settled, in view -------------------------------------------------------------
// Each seat's settlement lines are added below the prompt and the layout: on a portrait tablet the
// newest seat's lines and total fell below the screen.  When a seat is newly settled (its total row
// carries data-latest), scroll just enough to show its lines and its total, keeping its first line
// below the bar at the top.  When settled lines are taken away again (a refused payout, a
// correction), back to the top, where the prompt says what to do.
let latestShown = "";
let linesShown = 0;
const showLatestSettled = () => {
  const lines = document.querySelectorAll("#settlement tr[data-seat]").length;
  const fewer = lines < linesShown;
  linesShown = lines;
  const total = document.querySelector("#settlement tr.seat-total[data-latest]");
  const latest = total ? total.dataset.latest : "";
  if (latest === latestShown) return;
  latestShown = latest;
  if (fewer || !total) {
    if (fewer) window.scrollTo(0, 0);
    return;
  }
  const first = document.querySelector(`#settlement tr[data-seat="${CSS.escape(total.dataset.seatNo)}"]`) || total;
  const bar = document.querySelector(".topbar");
  const ceiling = bar ? bar.getBoundingClientRect().bottom : 0;
  const below = total.getBoundingClientRect().bottom + 8 - window.innerHeight;
  const room = first.getBoundingClientRect().top - ceiling - 8;
  if (below > 0) window.scrollBy(0, Math.min(below, Math.max(room, 0)));
};
document.addEventListener("htmx:afterSwap", showLatestSettled);
document.addEventListener("htmx:wsAfterMessage", showLatestSettled);
document.addEventListener("DOMContentLoaded", showLatestSettled);
