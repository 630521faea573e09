// Embedded boards (embed.html) stay readable in any frame. A board is drawn as large as its box allows
// (the whole board in view), but never so small that its smallest text is under 11 px on screen (12 px
// for a board drawn in the phone layouts: its box has data-narrow); a board that must then be larger
// than its box scrolls inside it, and fills the box's width when it scrolls only up and down. Boards a
// renderer put in its own scrolling box (.pan, drawn at a readable size) are left as they are.
function smallestFont(svg) {
  let small = Infinity;
  for (const t of svg.querySelectorAll("text")) {
    if (!t.textContent.trim()) continue;
    const size = parseFloat(getComputedStyle(t).fontSize);
    if (size > 0 && size < small) small = size;
  }
  return small;
}

function floorFor(svg, narrow) {
  const small = smallestFont(svg);
  return Number.isFinite(small) ? (narrow ? 12 : 11) / small : 0;
}

function setScale(svg, vb, s) {
  svg.style.width = `${Math.ceil(vb.width * s)}px`;
  svg.style.height = `${Math.ceil(vb.height * s)}px`;
}

export function keepLegible(root) {
  for (const box of root.querySelectorAll(".embed-board")) {
    const bw = box.clientWidth, bh = box.clientHeight;
    if (!(bw > 0) || !(bh > 0)) continue;  // not laid out yet (a hidden frame): done again once it is
    let scrolls = false;
    box.querySelectorAll("svg.board").forEach((svg, i) => {
      const vb = svg.viewBox && svg.viewBox.baseVal;
      if (svg.closest(".pan")) return;
      if (!vb || !(vb.width > 0) || !(vb.height > 0)) return;
      const floor = floorFor(svg, box.dataset.narrow === "1");
      if (i > 0) {  // a second drawing under the board (a hand strip): only kept from shrinking too far
        if (svg.getScreenCTM() && svg.getScreenCTM().a < floor) { setScale(svg, vb, floor); scrolls = true; }
        return;
      }
      const fit = Math.min(bw / vb.width, bh / vb.height);
      let s = Math.max(fit, floor);
      if (vb.height * s > bh + 1) s = Math.max(s, bw / vb.width);  // it scrolls up and down: as wide as the box
      setScale(svg, vb, s);
      scrolls = scrolls || s > fit + 1e-6;
    });
    box.classList.toggle("scrolls", scrolls);
  }
}
