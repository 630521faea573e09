"""SVG building blocks shared by the renderers: escaping, attributes, colour-blind symbols."""

from __future__ import annotations

import json
from html import escape as _escape
from typing import Any

# Colour-blind-safe palette plus a distinct symbol per colour (cards never rely on colour alone).
PALETTE = {
    "yellow": ("#f2c230", "#3a2f00"),
    "blue": ("#2f6fd6", "#ffffff"),
    "white": ("#ece8dc", "#2b2b2b"),
    "green": ("#2e9a58", "#ffffff"),
    "red": ("#d2453a", "#ffffff"),
    "purple": ("#8d55c6", "#ffffff"),
}

SYMBOL_PATHS = {
    "sun": '<circle r="5"/><path d="M0-10V-7M0 7V10M-10 0H-7M7 0H10M-7-7L-5-5M5 5L7 7M-7 7L-5 5M5-5L7-7" '
           'stroke="currentColor" stroke-width="2" fill="none"/>',
    "wave": '<path d="M-10 -3q2.5-4 5 0t5 0t5 0t5 0M-10 4q2.5-4 5 0t5 0t5 0t5 0" stroke="currentColor" '
            'stroke-width="2.2" fill="none"/>',
    "peak": '<path d="M-10 8L-3-6L1 1L4-3L10 8Z"/>',
    "leaf": '<path d="M-8 8C-8-4 0-9 9-9C9 1 3 8-8 8Z"/><path d="M-8 8L4-4" stroke="#0006" stroke-width="1.5"/>',
    "flame": '<path d="M0-10C5-4 8 0 6 5C5 8 2 10 0 10C-2 10-6 8-6 4C-6 0-2-2 0-10Z"/>',
    "gem": '<path d="M-9-3L-4-9H4L9-3L0 9Z"/>',
}


def esc(text: Any) -> str:
    """Escape any text (player names, chat, log) for HTML/SVG."""
    return _escape(str(text), quote=True)


def attrs(**kw: Any) -> str:
    """key=value attributes; underscores become dashes; None is left out; values are escaped."""
    out = []
    for k, v in kw.items():
        if v is None or v is False:
            continue
        name = k.rstrip("_").replace("_", "-")
        out.append(f'{name}="{esc(v)}"')
    return " ".join(out)


def act_attr(action: Any) -> str:
    """The data-act value naming a legal action (its JSON encoding)."""
    return json.dumps(action, separators=(",", ":"))


def symbol_defs() -> str:
    return "<defs>" + "".join(f'<symbol id="sym-{name}" viewBox="-11 -11 22 22" overflow="visible">'
                              f'<g fill="currentColor">{body}</g></symbol>' for name, body in SYMBOL_PATHS.items()) \
        + "</defs>"


def use_symbol(name: str, x: float, y: float, size: float, color: str) -> str:
    return (f'<use href="#sym-{name}" x="{x - size / 2:.1f}" y="{y - size / 2:.1f}" width="{size}" height="{size}" '
            f'style="color:{color}"/>')


def svg_open(width: int, height: int, label: str, extra: str = "") -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" class="board" role="img" '
            f'aria-label="{esc(label)}" {extra}>')


def button_attrs(label: str, act: Any = None, cmd: str | None = None, arg: Any = None, testid: str | None = None,
                 key: str | None = None) -> str:
    """Attributes of a focusable SVG control naming a legal action (data-act) or a UI command (data-cmd)."""
    return attrs(role="button", tabindex="0", aria_label=label, data_act=act_attr(act) if act is not None else None,
                 data_cmd=cmd, data_arg=arg, data_testid=testid, data_key=key or testid)


CARD_W, CARD_H = 74, 104


def card_svg(card: dict, x: float, y: float, extra: str = "", cls: str = "card", label: str | None = None,
             big: str | None = None, name: str | None = None, scale: float = 1.0) -> str:
    """A card face (colour + symbol, value in two corners and the middle), CARD_W x CARD_H times `scale`.

    card: {"id", "colour", "symbol", "value"}; label/big/name override the corner text, the middle text
    and the tooltip (e.g. for wagers)."""
    fill, ink = PALETTE[card["colour"]]
    label = str(card["value"]) if label is None else label
    big = label if big is None else big
    name = f'{card["colour"]} {card["value"]}' if name is None else name
    size = f" scale({scale})" if scale != 1 else ""
    w, h = CARD_W, CARD_H
    return (
        f'<g class="{cls}" transform="translate({x:.1f},{y:.1f}){size}" data-card="{card["id"]}" {extra}>'
        f'<title>{esc(name)}</title>'
        f'<rect width="{w}" height="{h}" rx="7" fill="{fill}" stroke="#1b1b1b" stroke-width="1.5"/>'
        f'<text x="6" y="14" class="cv" fill="{ink}">{esc(label)}</text>'
        + use_symbol(card["symbol"], w - 13, 9, 12, ink)
        + use_symbol(card["symbol"], w / 2, h / 2 - 6, 30, ink)
        + f'<text x="{w / 2}" y="{h / 2 + 28}" class="cbig" fill="{ink}" text-anchor="middle">{esc(big)}</text>'
        f'<text x="{w - 6}" y="{h - 5}" class="cv" fill="{ink}" text-anchor="end">{esc(label)}</text>'
        + use_symbol(card["symbol"], 11, h - 9, 12, ink)
        + "</g>"
    )


def back_svg(x: float, y: float, w: float = CARD_W, h: float = CARD_H, extra: str = "") -> str:
    """A face-down card."""
    return (f'<g class="back" transform="translate({x:.1f},{y:.1f})" {extra}>'
            f'<rect width="{w}" height="{h}" rx="6" fill="#284b63" stroke="#0d1b26" stroke-width="1.5"/>'
            f'<rect x="5" y="5" width="{w - 10}" height="{h - 10}" rx="4" fill="none" stroke="#e8c36a" '
            f'stroke-width="1.5"/></g>')
