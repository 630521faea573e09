// Following the game between redraws. Python redraws #app with one innerHTML per change; after each
// redraw this keeps what the person was looking at: the log's newest entry in view (unless they scrolled
// back), the pannable board's scroll, focus on the next sensible control (never the page body), dialogs
// that hold focus and close with Escape, the card actions next to the selected card, arrow keys in the
// replay, and short animations (250 ms, none under prefers-reduced-motion) of cards and pieces that moved.
import "./fit.js";
import "./press.js";

const app = document.getElementById("app");
const reduced = matchMedia("(prefers-reduced-motion: reduce)");
const ANIM_MS = 250;
let log = {stick: true, top: 0};
let pan = {left: 0, top: 0};
let handScroll = null;
let places = new Map();  // key -> {x, y, framed} on screen after the last redraw
let framed = {left: 0, top: 0};  // the board frame's scroll then (.scroll-frame)
let stripped = {left: 0, top: 0};  // the hand strip's scroll then

function onScroll(ev) {
  const el = ev.target;
  if (!(el instanceof Element)) return;
  if (el.matches(".log")) {
    log = {stick: el.scrollTop + el.clientHeight >= el.scrollHeight - 6, top: el.scrollTop};
  } else if (el.matches(".pan, .scroll-frame")) {
    pan = {left: el.scrollLeft, top: el.scrollTop};
  } else if (el.matches(".hand-dock, .hand-scroll")) {  // a hand strip that scrolls (a phone's, Arnak's)
    handScroll = {left: el.scrollLeft, top: el.scrollTop};
  }
}
document.addEventListener("scroll", onScroll, {capture: true, passive: true});

function keepLog() {
  const el = app.querySelector(".log");
  if (!el) return;
  el.scrollTop = log.stick ? el.scrollHeight : log.top;
}

function keepPan() {
  const el = app.querySelector(".pan, .scroll-frame");
  if (el) { el.scrollLeft = pan.left; el.scrollTop = pan.top; }
  // the hand strip too: a redraw (a card selected) leaves the cards where the finger found them
  const hand = handScroll && app.querySelector("#board :is(.hand-scroll, .hand-dock)");
  if (hand) {
    const inner = hand.querySelector(".hand-scroll") || hand;
    inner.scrollLeft = handScroll.left; inner.scrollTop = handScroll.top;
  }
}

// Zooming a board in its frame (data-frame-zoom "in"/"out"; Arnak's .scroll-frame, a phone's .pan): from the
// size it is drawn at (its readable size) to 2x, kept across redraws; the frame's middle stays where it was.
const ZOOMS = [1, 1.25, 1.5, 2];
let frameZoom = 0;
const drawnWidth = new WeakMap();  // svg -> its width at 1x, in px
const FRAME = ".scroll-frame, .pan";
function zoomFrame() {
  const frame = app.querySelector(FRAME);
  const svg = frame?.querySelector("svg");
  if (!svg) return;
  if (!drawnWidth.has(svg)) drawnWidth.set(svg, svg.getBoundingClientRect().width);
  const k = ZOOMS[frameZoom];
  svg.style.width = k === 1 ? "" : `${drawnWidth.get(svg) * k}px`;
  if (k !== 1) svg.style.height = "auto";
  else if (svg.dataset.drawnHeight !== undefined) svg.style.height = svg.dataset.drawnHeight;
  for (const b of app.querySelectorAll("[data-frame-zoom]")) {
    b.disabled = b.dataset.frameZoom === "in" ? frameZoom === ZOOMS.length - 1 : frameZoom === 0;
  }
  const main = app.querySelector("main.table");
  if (main) main.dataset.zoom = String(k);
}
app.addEventListener("click", ev => {
  const b = ev.target instanceof Element ? ev.target.closest("[data-frame-zoom]") : null;
  const frame = app.querySelector(FRAME);
  if (!b || !frame) return;
  const svg = frame.querySelector("svg");
  if (svg && svg.dataset.drawnHeight === undefined) svg.dataset.drawnHeight = svg.style.height;
  const was = ZOOMS[frameZoom];
  frameZoom = Math.max(0, Math.min(ZOOMS.length - 1, frameZoom + (b.dataset.frameZoom === "in" ? 1 : -1)));
  const k = ZOOMS[frameZoom] / was;
  const cx = frame.scrollLeft + frame.clientWidth / 2, cy = frame.scrollTop + frame.clientHeight / 2;
  zoomFrame();
  frame.scrollLeft = cx * k - frame.clientWidth / 2;
  frame.scrollTop = cy * k - frame.clientHeight / 2;
});

// A board that scrolls inside its frame: when a selection lights targets (data-reveal, e.g. the sites a hand
// card can pay for, the expeditions a Lost Cities card can go to on a phone), the first is brought into view
// inside the frame, once per selection.
let revealed = null;
function reveal() {
  const el = app.querySelector(":is(.scroll-frame, .pan) [data-reveal]");
  const key = el ? el.closest("svg")?.dataset.selected || el.dataset.reveal || "" : null;
  if (el && key !== revealed) el.scrollIntoView({block: "nearest", inline: "nearest"});
  revealed = key;
}

function placeActions() {
  const box = document.getElementById("card-actions");
  if (!box) return;
  const anchor = app.querySelector("#board [data-actions-anchor]:not([data-docked] *)");  // docked: stays put
  const narrow = app.querySelector("main.table.narrow");
  box.classList.remove("floating");
  box.style.left = box.style.top = box.style.maxWidth = "";
  if (narrow) return;  // phones: the decision is pinned at the foot of the screen, under the hand (app.css)
  if (!box.children.length || !anchor) return;
  const main = box.offsetParent || document.body;
  const r = anchor.getBoundingClientRect(), p = main.getBoundingClientRect();
  box.classList.add("floating");
  box.style.maxWidth = `${Math.max(200, Math.min(440, innerWidth - r.left - 12))}px`;
  // beside the hand, and inside the window: lifted when the window ends before the buttons do
  const top = Math.min(r.top, innerHeight - box.offsetHeight - 8);
  box.style.left = `${Math.round(r.left - p.left)}px`;
  box.style.top = `${Math.round(Math.max(top, 0) - p.top)}px`;
}

function keyOf(el) {
  if (el.dataset.card !== undefined) return "card:" + el.dataset.card;
  return el.dataset.testid ? "piece:" + el.dataset.testid : null;
}

function movingThings() {
  return app.querySelectorAll("#board [data-card], #board [data-testid^=piece-]");
}

function animate() {
  const next = new Map();
  const board = app.querySelector("#board svg");
  const deck = app.querySelector("#board [data-testid=deck]");
  const deckBox = deck ? deck.getBoundingClientRect() : null;
  const still = reduced.matches || !board || !places.size;
  // a board that scrolls in its frame: what only scrolled with it (e.g. brought into view) has not moved
  const frame = app.querySelector(".scroll-frame, .pan");
  const scroll = frame ? {left: frame.scrollLeft, top: frame.scrollTop} : {left: 0, top: 0};
  // the hand strip scrolls too (a phone's, Arnak's): what only scrolled with it has not moved either
  const strip = app.querySelector("#board .hand-scroll") || app.querySelector("#board .hand-dock");
  const stripNow = strip ? {left: strip.scrollLeft, top: strip.scrollTop} : {left: 0, top: 0};
  const copies = new Map();  // identical cards (two Fear cards) are told apart by their order
  for (const el of movingThings()) {
    let key = keyOf(el);
    if (!key) continue;
    const copy = copies.get(key) || 0;
    copies.set(key, copy + 1);
    if (copy) key += "#" + copy;
    const r = el.getBoundingClientRect();
    const now = {x: r.left, y: r.top, framed: !!(frame && frame.contains(el)),
                 stripped: !!(strip && strip.contains(el))};
    next.set(key, now);
    if (still) continue;
    let from = places.get(key);
    if (from && from.framed) {
      from = {x: from.x - (scroll.left - framed.left), y: from.y - (scroll.top - framed.top)};
    } else if (from && from.stripped && now.stripped) {
      from = {x: from.x - (stripNow.left - stripped.left), y: from.y - (stripNow.top - stripped.top)};
    }
    if (!from && key.startsWith("card:") && deckBox && el.matches("[data-testid=hand-card]")) {
      from = {x: deckBox.left, y: deckBox.top};  // a card that just came from the deck
    }
    if (!from) continue;
    const dx = from.x - now.x, dy = from.y - now.y;
    if (Math.abs(dx) < 2 && Math.abs(dy) < 2) continue;
    const svg = el.ownerSVGElement;
    const ctm = svg && svg.getScreenCTM();
    const k = ctm && ctm.a ? ctm.a : 1;  // screen px per user unit of the board
    el.animate([{translate: `${dx / k}px ${dy / k}px`}, {translate: "0px 0px"}],
               {duration: ANIM_MS, easing: "ease-out"});
  }
  places = next;
  framed = scroll;
  stripped = stripNow;
}

function focusFallback() {
  const active = document.activeElement;
  const modal = app.querySelector(".modal[role=dialog]");
  if (modal) {
    if (!modal.contains(active)) {
      const first = modal.querySelector("button.primary, button, [href], input, select, textarea");
      if (first) first.focus({preventScroll: true});
    }
    return;
  }
  if (active && active !== document.body && app.contains(active)) return;
  if (active && active !== document.body && !app.contains(active)) return;  // e.g. the update banner
  const choices = ["#card-actions button", "[data-testid=uncover]", "#board [data-testid=deck][data-act]",
                   "#board [data-act]", '#board [data-testid=hand-card][tabindex="0"]', "main.table .status",
                   "main.replay [data-cmd=rp-next]:not([disabled])", "main.setup select, main.setup input",
                   "main.home button[data-cmd=setup]"];
  for (const sel of choices) {
    const el = app.querySelector(sel);
    if (el) {
      if (el.matches(".status")) el.setAttribute("tabindex", "-1");
      el.focus({preventScroll: true});
      return;
    }
  }
}

// A new screen (home, setup, table, replay) opens at the top of the page, not where the last one was
// scrolled to (a game low on the home page used to open its table half-way down the board).
let screen = null;
function topOfNewScreen() {
  const main = app.querySelector("main");
  const now = main ? main.classList[0] || "" : "";
  if (screen !== null && now !== screen) window.scrollTo(0, 0);
  screen = now;
}

function afterRedraw() {
  topOfNewScreen();
  keepLog();
  zoomFrame();
  keepPan();
  reveal();
  placeActions();
  animate();
  focusFallback();
}

new MutationObserver(afterRedraw).observe(app, {childList: true});
addEventListener("resize", placeActions);

// The settings menu (and a phone table's "More" menu) closes as menus do: a press anywhere outside it, or Escape
// inside it (focus back on its summary).
const MENUS = "details.settings[open], details.tools-more[open]";
function closeSettings(except) {
  for (const menu of document.querySelectorAll(MENUS)) {
    if (!except || !menu.contains(except)) menu.open = false;
  }
}
document.addEventListener("pointerdown", ev => closeSettings(ev.target instanceof Node ? ev.target : null),
                          {capture: true});

document.addEventListener("keydown", ev => {
  const menu = ev.target instanceof Element ? ev.target.closest(MENUS) : null;
  if (menu && ev.key === "Escape") {
    ev.preventDefault();
    menu.open = false;
    menu.querySelector("summary")?.focus();
    return;
  }
  const modal = app.querySelector(".modal[role=dialog]");
  if (modal && ev.key === "Escape") {
    const close = modal.querySelector("[data-escape]");
    if (close) { ev.preventDefault(); close.click(); }
    return;
  }
  if (modal && ev.key === "Tab") {
    const items = [...modal.querySelectorAll("button, [href], input, select, textarea, [tabindex='0']")]
      .filter(el => !el.disabled && el.offsetParent !== null);
    if (!items.length) return;
    const first = items[0], last = items[items.length - 1];
    if (ev.shiftKey && (document.activeElement === first || !modal.contains(document.activeElement))) {
      ev.preventDefault(); last.focus();
    } else if (!ev.shiftKey && (document.activeElement === last || !modal.contains(document.activeElement))) {
      ev.preventDefault(); first.focus();
    }
    return;
  }
  const replay = app.querySelector("main.replay");
  const typing = ev.target instanceof Element && ev.target.closest("input, select, textarea");
  if (replay && !typing && (ev.key === "ArrowLeft" || ev.key === "ArrowRight")) {
    const btn = replay.querySelector(ev.key === "ArrowLeft" ? "[data-cmd=rp-back]" : "[data-cmd=rp-next]");
    ev.preventDefault();
    if (btn && !btn.disabled) btn.click();
  }
}, {capture: true});

// A board thing with a large view (data-zoom="<kind>:<key>", e.g. Arnak's research spaces and guardians) shows
// it when the mouse rests on it or the keyboard moves focus to it: the same selection a click or a tap makes
// (data-cmd select), sent once the pointer has stayed 300 ms. Never while a hand card is selected (that
// selection lights the card's uses), never for a programmatic focus, never for the one already shown.
// Only a mouse that moved counts: when the board is drawn again or scrolls under a still mouse, Chrome sends
// pointerover at the last point the mouse moved to, and the thing now there (e.g. the site under a guardian whose
// large view just opened) must not take the large view over.
let zoomTimer = 0, keyAt = 0, movedX = NaN, movedY = NaN;
document.addEventListener("keydown", () => { keyAt = performance.now(); }, {capture: true});
document.addEventListener("pointermove", ev => { movedX = ev.clientX; movedY = ev.clientY; }, {capture: true});
function zoomSoon(ev) {
  if (ev.type === "pointerover" && ev.pointerType !== "mouse") return;
  if (ev.type === "pointerover" && ev.clientX === movedX && ev.clientY === movedY) return;
  if (ev.type === "focusin" && performance.now() - keyAt > 500) return;  // e.g. focus kept across a redraw
  clearTimeout(zoomTimer);
  const el = ev.target instanceof Element ? ev.target.closest("#board [data-zoom]") : null;
  if (!el) return;
  const key = el.dataset.zoom;
  zoomTimer = setTimeout(() => {  // the board may have been drawn again meanwhile: the thing by its key
    const now = [...app.querySelectorAll("#board [data-zoom]")].find(e => e.dataset.zoom === key);
    const board = now?.closest("svg");
    if (!now || now.hasAttribute("data-zoomed") || (board?.dataset.selected || "").startsWith("c:")) return;
    const ask = document.createElement("button");
    ask.hidden = true;
    ask.dataset.cmd = "select";
    ask.dataset.arg = key;
    const x = scrollX, y = scrollY;
    app.append(ask);
    ask.click();
    ask.remove();
    scrollTo(x, y);  // the redraw keeps focus (e.g. on a button below the board); a rest never scrolls the page
  }, 300);
}
app.addEventListener("pointerover", zoomSoon);
app.addEventListener("focusin", zoomSoon);
