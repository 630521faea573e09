// A press on something the page acts on (a card, a space, a button) holds back redraws that come from
// elsewhere: a bot's move, a peer's message, a replay's timer. Python redraws #app with one innerHTML, and
// a redraw between the button going down and coming up replaces the pressed element, so the browser sends
// no click: the press is lost. window.explorersPressing() tells Python's redraw to wait; when the press
// ends (after its click has been handled) "explorers:released" on the document asks for the redraw it
// held. A press held longer than HOLD_MS (a long press, a drag) lets redraws through again.
const HOLD_MS = 3000;
let pressed = 0, timer = 0;

function release() {
  if (!pressed) return;
  pressed = 0;
  clearTimeout(timer);
  setTimeout(() => document.dispatchEvent(new Event("explorers:released")), 0);  // after the click
}

document.addEventListener("pointerdown", ev => {
  const el = ev.target instanceof Element ? ev.target.closest("[data-act],[data-acts],[data-cmd]") : null;
  if (!el || !ev.isPrimary) return;
  pressed = performance.now();
  clearTimeout(timer);
  timer = setTimeout(release, HOLD_MS);
}, {capture: true});
document.addEventListener("pointerup", release, {capture: true});
document.addEventListener("pointercancel", release, {capture: true});
window.explorersPressing = () => pressed > 0;
