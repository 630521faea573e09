// Text that must stay inside its box. A renderer marks an SVG <text> with data-fit="W" (W in the board's
// own units); after every redraw of #app, a line that measures wider than W in the reader's font is
// drawn W wide (textLength, glyphs and spacing narrowed together). Renderers wrap and shorten first; this
// catches what a word-count estimate cannot know: the font on this machine and the language's letters.
export function fitTexts(root) {
  for (const el of root.querySelectorAll("text[data-fit]")) {
    const w = Number(el.dataset.fit);
    if (!(w > 0)) continue;
    el.removeAttribute("textLength");
    el.removeAttribute("lengthAdjust");
    if (el.getComputedTextLength() > w) {
      el.setAttribute("textLength", String(w));
      el.setAttribute("lengthAdjust", "spacingAndGlyphs");
    }
  }
}

const app = document.getElementById("app");
if (app) {
  new MutationObserver(() => fitTexts(app)).observe(app, {childList: true, subtree: true});
  addEventListener("explorers:interactive", () => fitTexts(app));  // lines drawn while #app was hidden
}
