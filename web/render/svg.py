"""SVG building blocks shared by the renderers: colour-blind symbols, cards, focusable controls.

Everything here returns `markup.Safe` built with `markup.tag`, so every value taken from a view (card ids,
colours, values, names) is escaped by construction. Only the constant symbol paths are `trusted`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from i18n import N_, _, tr

from .markup import Safe, attributes, join, tag, text, trusted

# Colour-blind-safe palette plus a distinct symbol per colour (cards never rely on colour alone).
PALETTE = {
    "yellow": ("#f2c230", "#3a2f00"),
    "blue": ("#2f6fd6", "#ffffff"),
    "white": ("#ece8dc", "#2b2b2b"),
    "green": ("#2e9a58", "#ffffff"),
    "red": ("#d2453a", "#ffffff"),
    "purple": ("#8d55c6", "#ffffff"),
}

# The colours' names in the interface language (labels and tooltips; the card itself shows colour + symbol).
COLOUR_NAMES = {"yellow": N_("yellow"), "blue": N_("blue"), "white": N_("white"), "green": N_("green"),
                "red": N_("red"), "purple": N_("purple")}


def colour_name(colour: str) -> str:
    """'yellow' -> 黄 / زرد; an unknown colour stays as it is."""
    return _(COLOUR_NAMES[colour]) if colour in COLOUR_NAMES else colour


def card_name(card: dict) -> str:
    """An expedition card or wager in words: 'yellow 7', 'yellow wager' (in the interface language)."""
    if card.get("wager"):
        return tr("{colour} wager", colour=colour_name(card["colour"]))
    return tr("{colour} {value}", colour=colour_name(card["colour"]), value=card["value"])


SYMBOL_PATHS = {
    "sun": trusted('<circle r="5"/><path d="M0-10V-7M0 7V10M-10 0H-7M7 0H10M-7-7L-5-5M5 5L7 7M-7 7L-5 5M5-5L7-7" '
                   'stroke="currentColor" stroke-width="2" fill="none"/>'),
    "wave": trusted('<path d="M-10 -3q2.5-4 5 0t5 0t5 0t5 0M-10 4q2.5-4 5 0t5 0t5 0t5 0" stroke="currentColor" '
                    'stroke-width="2.2" fill="none"/>'),
    "peak": trusted('<path d="M-10 8L-3-6L1 1L4-3L10 8Z"/>'),
    "leaf": trusted('<path d="M-8 8C-8-4 0-9 9-9C9 1 3 8-8 8Z"/><path d="M-8 8L4-4" stroke="#0006" '
                    'stroke-width="1.5"/>'),
    "flame": trusted('<path d="M0-10C5-4 8 0 6 5C5 8 2 10 0 10C-2 10-6 8-6 4C-6 0-2-2 0-10Z"/>'),
    "gem": trusted('<path d="M-9-3L-4-9H4L9-3L0 9Z"/>'),
}


def esc(value: Any) -> Safe:
    """Escape any value (player names, chat, log, numbers) for HTML/SVG; kept for older call sites."""
    return text(value)


def attrs(**kw: Any) -> Safe:
    """key=value attributes (no leading space); underscores become dashes; None/False left out; escaped."""
    return Safe(str(attributes(**kw))[1:])


def fmt(value: float) -> str:
    """A coordinate with one decimal (layout numbers computed here, never view data)."""
    return f"{value:.1f}"


def signed(value: Any) -> Safe:
    """An int with its sign (+3, -2, +0); anything else escaped as it is."""
    if isinstance(value, int) and not isinstance(value, bool):
        return text(f"{value:+d}")
    return text(value)


def act_attr(action: Any) -> str:
    """The data-act value naming a legal action (its JSON encoding; escaped where it is inserted)."""
    return json.dumps(list(action) if isinstance(action, tuple) else action, separators=(",", ":"))


def symbol_defs() -> Safe:
    return tag("defs", None, [tag("symbol", {"id": f"sym-{name}", "viewBox": "-11 -11 22 22", "overflow": "visible"},
                                  tag("g", {"fill": "currentColor"}, body)) for name, body in SYMBOL_PATHS.items()])


def use_symbol(name: str, x: float, y: float, size: float, color: str) -> Safe:
    return tag("use", {"href": f"#sym-{name}", "x": fmt(x - size / 2), "y": fmt(y - size / 2), "width": size,
                       "height": size, "style": f"color:{color}"})


def svg_root(width: int, height: int, label: str, *children: Any, **extra: Any) -> Safe:
    """The <svg> element of a board, sized by its viewBox: a labelled group (not role=img, which would hide
    its focusable cards and piles from screen readers)."""
    return tag("svg", {"xmlns": "http://www.w3.org/2000/svg", "viewBox": f"0 0 {width} {height}", "class": "board",
                       "role": "group", "aria-label": label, **extra}, *children)


PHONE_TEXT_PX = 12  # the smallest board text on a phone, in CSS px


def pan_box(board: Safe, label: str, testid: str = "board-pan") -> Safe:
    """Phones: a board drawn at a readable size inside a box that scrolls (public/table.js keeps its place)."""
    return tag("div", {"class": "pan", "data-testid": testid, "tabindex": "0", "aria-label": label}, board)


def hand_hits(hits: list[tuple[float, float, float, float, dict]]) -> list[Safe]:
    """A phone's hand of cards held overlapping: each card's control is the strip of it that shows (x, y, width,
    height and its attributes: role, name, data-cmd...), drawn over all the cards, so that a finger (or a click
    at the control's middle) lands on the card it sees. The cards themselves are drawn without controls."""
    return [tag("g", {**extra, "class": "hand-hit"},
                tag("rect", {"x": fmt(x), "y": fmt(y), "width": fmt(w), "height": fmt(h), "rx": 6,
                             "fill": "transparent"}))
            for x, y, w, h, extra in hits]


def frame_zoom() -> Safe:
    """Zoom the board in its frame or pan box (public/table.js: from the size it is drawn at, where its text is
    readable, up to twice that; the frame's middle stays put). The phone table shows them in its tool row."""
    def button(way: str, sign: str, name: str) -> Safe:
        return tag("button", {"type": "button", "data-frame-zoom": way, "data-testid": f"board-zoom-{way}",
                              "title": name, "aria-label": name}, sign)
    return tag("span", {"class": "frame-tools"}, button("in", "+", _("Zoom in on the board")),
               button("out", "−", _("Zoom out of the board")))


def board_svg(narrow: bool, width: int, height: int, label: str, *children: Any, smallest_font: float = 12,
              **extra: Any) -> Safe:
    """A game's whole board: fitted to the page, or on a phone (`narrow`) drawn so that its smallest text
    (`smallest_font` units) is PHONE_TEXT_PX on screen, in a `pan_box`."""
    if not narrow:
        return svg_root(width, height, label, *children, **extra)
    scale = max(1.0, PHONE_TEXT_PX / smallest_font)
    board = svg_root(width, height, label, *children, style=f"width:{round(width * scale)}px;"
                     f"height:{round(height * scale)}px", **extra)
    return pan_box(board, _("Board: scroll to see all of it"))


def svg_open(width: int, height: int, label: str, extra: Safe | str = "") -> Safe:
    """The opening <svg ...> tag alone (for renderers that close it themselves); `extra` must be Safe."""
    return Safe(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" class="board" role="group" '
                f'aria-label="{text(label)}" {text(extra)}>')


def fit_text(x: float, y: float, width: float, cls: str, *content: Any, **extra: Any) -> Safe:
    """A line of board text that must stay `width` units wide: public/fit.js narrows it (textLength) when
    the reader's font draws it wider. `extra` are more attributes (text_anchor -> text-anchor)."""
    attrs = {"x": fmt(x), "y": fmt(y), "class": cls, "data-fit": fmt(width)}
    attrs.update({k.replace("_", "-"): v for k, v in extra.items()})
    return tag("text", attrs, *content)


def button_attrs(label: str, act: Any = None, cmd: str | None = None, arg: Any = None, testid: str | None = None,
                 key: str | None = None) -> dict[str, Any]:
    """Attributes of a focusable SVG control naming a legal action (data-act) or a UI command (data-cmd)."""
    return {"role": "button", "tabindex": "0", "aria-label": label,
            "data-act": act_attr(act) if act is not None else None, "data-cmd": cmd, "data-arg": arg,
            "data-testid": testid, "data-key": key or testid}


def _merge(base: Mapping[str, Any], extra: Mapping[str, Any] | None) -> dict[str, Any]:
    out = dict(base)
    for key, value in (extra or {}).items():
        out[key] = value
    return out


CARD_W, CARD_H = 74, 104


def card_svg(card: dict, x: float, y: float, extra: Mapping[str, Any] | None = None, cls: str = "card",
             label: Any = None, big: Any = None, name: Any = None, scale: float = 1.0) -> Safe:
    """A card face (colour + symbol, value in two corners and the middle), CARD_W x CARD_H times `scale`.

    card: {"id", "colour", "symbol", "value"}; label/big/name override the corner text, the middle text
    and the tooltip (e.g. for wagers); `extra` holds more attributes of the card's <g>."""
    fill, ink = PALETTE[card["colour"]]
    label = card["value"] if label is None else label
    big = label if big is None else big
    name = card_name(card) if name is None else name
    extra = dict(extra or {})
    if extra.get("aria-label") is not None:  # a card that is a control is named by its <title> (SVG's own name;
        name = extra.pop("aria-label")        # also the tooltip): an aria-label would have to repeat the face's text
    size = f" scale({scale})" if scale != 1 else ""
    w, h = CARD_W, CARD_H
    g = _merge({"class": cls, "transform": f"translate({fmt(x)},{fmt(y)}){size}", "data-card": card["id"]}, extra)
    # The face is a picture of the card: its words are the title (tooltip) and, on a control, the aria-label.
    # A space between the three values keeps them three words for assistive checks ("4 4 4", never "444"): a
    # value cut off at a clipped edge still leaves words the control's name holds, in order.
    return tag("g", g,
               tag("title", None, name),
               tag("rect", {"width": w, "height": h, "rx": 7, "fill": fill, "stroke": "#1b1b1b", "stroke-width": 1.5}),
               tag("g", {"aria-hidden": "true"},
                   tag("text", {"x": 6, "y": 14, "class": "cv", "fill": ink}, label), " ",
                   use_symbol(card["symbol"], w - 13, 9, 12, ink),
                   use_symbol(card["symbol"], w / 2, h / 2 - 6, 30, ink),
                   tag("text", {"x": w / 2, "y": h / 2 + 28, "class": "cbig", "fill": ink, "text-anchor": "middle"},
                       big), " ",
                   tag("text", {"x": w - 6, "y": h - 5, "class": "cv", "fill": ink, "text-anchor": "end"}, label),
                   use_symbol(card["symbol"], 11, h - 9, 12, ink)))


def back_svg(x: float, y: float, w: float = CARD_W, h: float = CARD_H, extra: Mapping[str, Any] | None = None) -> Safe:
    """A face-down card."""
    return tag("g", _merge({"class": "back", "transform": f"translate({fmt(x)},{fmt(y)})"}, extra),
               tag("rect", {"width": w, "height": h, "rx": 6, "fill": "#284b63", "stroke": "#0d1b26",
                            "stroke-width": 1.5}),
               tag("rect", {"x": 5, "y": 5, "width": w - 10, "height": h - 10, "rx": 4, "fill": "none",
                            "stroke": "#e8c36a", "stroke-width": 1.5}))


def ring(x: float, y: float, w: float, h: float, rx: float = 9, cls: str = "ring") -> Safe:
    """A highlight rectangle around a target."""
    return tag("rect", {"x": x, "y": y, "width": w, "height": h, "rx": rx, "class": cls})


__all__ = ["CARD_H", "CARD_W", "PALETTE", "SYMBOL_PATHS", "Safe", "act_attr", "attrs", "back_svg", "button_attrs",
           "card_svg", "esc", "fmt", "join", "ring", "signed", "svg_open", "svg_root", "symbol_defs", "tag", "text",
           "use_symbol"]
