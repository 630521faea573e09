"""Markup that escapes by construction: every text and attribute value is escaped unless it is `Safe`.

    tag("text", {"x": 10, "class": "who"}, name)         -> <text x="10" class="who">Ann &amp; Bo</text>
    tag("g", {"data_act": act_json}, tag("rect", {...}))  -> nested elements (an SVG element with no
                                                             children closes itself: <rect .../>)
    join(a, b, ...)                                       -> Safe concatenation (plain parts escaped)

`Safe` is a `str` that is known to be markup built here (or a constant of this code base marked with
`trusted`). Adding a plain str to a Safe escapes the plain part, and an f-string of a Safe is a plain
str again, so a value can only reach the page unescaped through `tag`/`join`/`trusted`. The DOM sinks
(`dom.set_html`) escape whatever is not Safe, so a forgotten call shows text, never runs markup.
Numbers are formatted here too (floats to at most 1 decimal), so no view value is inserted raw.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape as _escape
from typing import Any


class Safe(str):
    """Markup that may be inserted as it is."""

    __slots__ = ()

    def __add__(self, other: Any) -> Safe:
        return Safe(str.__add__(self, text(other)))

    def __radd__(self, other: Any) -> Safe:
        return Safe(str.__add__(text(other), self))

    def __html__(self) -> str:  # the markupsafe protocol, for interoperability
        return str(self)


def trusted(markup: str) -> Safe:
    """Mark a constant written in this code base (e.g. an icon path) as markup. Never for data."""
    return Safe(markup)


def number(value: int | float) -> str:
    """A number as text: ints as they are, floats rounded to 1 decimal without a trailing '.0'."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    out = f"{value:.1f}"
    return out[:-2] if out.endswith(".0") else out


def text(value: Any) -> Safe:
    """Escape any value for HTML/SVG text or attribute content (Safe values pass as they are)."""
    if isinstance(value, Safe):
        return value
    if value is None:
        return Safe("")
    if isinstance(value, (int, float)):
        value = number(value)
    return Safe(_escape(str(value), quote=True))


def attr_name(key: str) -> str:
    """Python-friendly keys: trailing '_' dropped (class_), inner '_' become '-' (data_act)."""
    name = key.rstrip("_").replace("_", "-")
    if not name or not all(c.isalnum() or c in "-:" for c in name):
        raise ValueError(f"not an attribute name: {key!r}")
    return name


def attributes(attrs: Mapping[str, Any] | None = None, **kw: Any) -> Safe:
    """' name="value"' pairs (leading space included); None and False are left out, True is "true"."""
    out = []
    for key, value in {**(attrs or {}), **kw}.items():
        if value is None or value is False:
            continue
        out.append(f' {attr_name(key)}="{text(value)}"')
    return Safe("".join(out))


def _children(parts: Iterable[Any]) -> str:
    out = []
    for part in parts:
        if part is None or part is False:
            continue
        if isinstance(part, (list, tuple)) or (not isinstance(part, (str, int, float)) and hasattr(part, "__iter__")):
            out.append(_children(part))
        else:
            out.append(text(part))
    return "".join(out)


def tag(name: str, attrs: Mapping[str, Any] | None = None, *children: Any, **kw: Any) -> Safe:
    """One element: attributes from `attrs` and keywords, children escaped unless Safe (lists are flattened).

    With no children an element closes itself (`<rect/>`), which SVG needs; pass "" for an explicitly empty
    HTML element such as `<div></div>`."""
    if not name.isalnum():
        raise ValueError(f"not a tag name: {name!r}")
    head = f"<{name}{attributes(attrs, **kw)}"
    if not children:
        return Safe(head + "/>")
    return Safe(f"{head}>{_children(children)}</{name}>")


def join(*parts: Any) -> Safe:
    """Concatenate parts (lists flattened) into one Safe, escaping every part that is not Safe."""
    return Safe(_children(parts))


__all__ = ["Safe", "attributes", "join", "number", "tag", "text", "trusted"]
