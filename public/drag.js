// Drag a hand card onto a highlighted target: the drop clicks the target's legal action,
// so dragging and clicking go through the same delegated handler (no rules in JS).
const THRESHOLD = 8;
let drag = null;

function legalTargetAt(x, y, cardId) {
  const el = document.elementFromPoint(x, y);
  const target = el && el.closest("[data-act]");
  if (!target) return null;
  try {
    const act = JSON.parse(target.dataset.act);
    return act.includes(Number(cardId)) || act.includes(cardId) ? target : null;
  } catch (e) { return null; }
}

document.addEventListener("pointerdown", ev => {
  const card = ev.target.closest && ev.target.closest("[data-draggable]");
  if (!card || ev.button !== 0) return;
  drag = {id: card.dataset.arg, key: card.dataset.key, x: ev.clientX, y: ev.clientY, ghost: null};
});

document.addEventListener("pointermove", ev => {
  if (!drag) return;
  if (!drag.ghost) {
    if (Math.hypot(ev.clientX - drag.x, ev.clientY - drag.y) < THRESHOLD) return;
    let card = document.querySelector(`[data-key="${CSS.escape(drag.key)}"]`);
    if (card && card.getAttribute("aria-pressed") !== "true") card.dispatchEvent(new MouseEvent("click", {bubbles: true}));
    card = document.querySelector(`[data-key="${CSS.escape(drag.key)}"]`);
    const box = card ? card.getBoundingClientRect() : {width: 60, height: 84, left: ev.clientX, top: ev.clientY};
    const ghost = document.createElement("div");
    ghost.className = "drag-ghost";
    ghost.style.width = box.width + "px";
    ghost.style.height = box.height + "px";
    if (card) {  // a copy of the card's nodes (no markup is parsed: nothing from the page is re-read as HTML)
      const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
      svg.setAttribute("viewBox", "0 0 74 104");
      svg.setAttribute("width", "100%");
      svg.setAttribute("height", "100%");
      for (const child of card.childNodes) svg.appendChild(child.cloneNode(true));
      ghost.appendChild(svg);
    }
    document.body.appendChild(ghost);
    drag.ghost = ghost;
    drag.dx = drag.x - box.left;
    drag.dy = drag.y - box.top;
  }
  drag.ghost.style.transform = `translate(${ev.clientX - drag.dx}px, ${ev.clientY - drag.dy}px)`;
});

document.addEventListener("pointerup", ev => {
  if (!drag) return;
  const d = drag;
  drag = null;
  if (!d.ghost) return;  // a plain click: the click handler selects the card
  d.ghost.remove();
  const target = legalTargetAt(ev.clientX, ev.clientY, d.id);
  if (target) target.dispatchEvent(new MouseEvent("click", {bubbles: true}));
  // the browser's own click that follows this pointerup must not toggle anything
  const swallow = e => { e.stopPropagation(); e.preventDefault(); };
  document.addEventListener("click", swallow, {capture: true, once: true});
  setTimeout(() => document.removeEventListener("click", swallow, {capture: true}), 0);
});
