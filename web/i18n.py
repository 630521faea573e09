"""The interface language: Python's `gettext` with catalogues compiled at build time (English is the source).

    from i18n import _, ngettext, fmt
    _("Score sheet")                               -> "得点表" (ja) / "برگه‌ی امتیاز" (fa)
    fmt(_("Round {n} is over"), n=2)               -> numbers written as the language writes them
    fmt(ngettext("{n} card", "{n} cards", k), n=k)

The catalogues are `locale/<lang>/LC_MESSAGES/explorers.mo` next to this module (build.py compiles them
from `web/locale/*/LC_MESSAGES/explorers.po` into dist/app/locale and lists them for PyScript). A language
without a compiled catalogue falls back to English. Persian is written right to left and with Persian
digits (۰–۹, decimal separator ٫, minus sign before the digits); Japanese and English use ASCII digits.
The choice is remembered by the shell (localStorage `explorers.lang`); the default is the first of the
browser's languages that the app speaks.
"""

from __future__ import annotations

import gettext
import unicodedata
from pathlib import Path
from typing import Any

DOMAIN = "explorers"
LANGUAGES: dict[str, str] = {"en": "English", "ja": "日本語", "fa": "فارسی"}  # each named in itself
RTL = frozenset({"fa"})
STORAGE_KEY = "explorers.lang"
_DIGITS = {"fa": str.maketrans({**{str(d): "۰۱۲۳۴۵۶۷۸۹"[d] for d in range(10)}, ".": "٫", "-": "\u200e−"})}

# The interface language of this page (one page, one language; the shell redraws after a change).
_state: dict[str, Any] = {"lang": "en", "tr": gettext.NullTranslations(),
                          "dir": Path(__file__).resolve().parent / "locale"}
_every: dict[tuple[str, str], frozenset[str]] = {}  # in_every_language, by message and catalogue folder


def configure(directory: str | Path) -> None:
    """Read catalogues from another folder (tests use a freshly compiled one)."""
    _state["dir"] = Path(directory)
    set_language(_state["lang"])


def set_language(code: str | None) -> str:
    """Switch to `code` (an unknown code means English); returns the language now in use."""
    code = normalize(code) or "en"
    tr: gettext.NullTranslations = gettext.NullTranslations()
    if code != "en":
        try:
            tr = gettext.translation(DOMAIN, localedir=str(_state["dir"]), languages=[code])
        except OSError:  # no compiled catalogue: stay readable in English
            code = "en"
    _state["lang"], _state["tr"] = code, tr
    return code


def normalize(code: str | None) -> str | None:
    """'ja-JP' -> 'ja', 'FA_ir' -> 'fa', 'de' -> None (a language the app does not speak)."""
    if not code:
        return None
    base = str(code).strip().replace("_", "-").split("-")[0].lower()
    return base if base in LANGUAGES else None


def choose(saved: str | None, browser: list[str] | tuple[str, ...] = ()) -> str:
    """The language to start in: the saved choice, else the first browser language the app speaks, else en."""
    for code in (saved, *browser):
        found = normalize(code)
        if found:
            return found
    return "en"


def language() -> str:
    """The code of the language in use ('en', 'ja' or 'fa')."""
    return _state["lang"]


def direction(code: str | None = None) -> str:
    """'rtl' for a right-to-left language, else 'ltr'."""
    return "rtl" if (code or _state["lang"]) in RTL else "ltr"


def _(message: str) -> str:
    """The message in the current language (the English source when no translation exists; "" stays "")."""
    return _state["tr"].gettext(message) if message else message


def in_every_language(message: str) -> frozenset[str]:
    """The message as each language the app speaks writes it (English included): recognises a word saved
    in another language than the current one, e.g. a seat named "You" when the game began in Japanese."""
    key = (message, str(_state["dir"]))
    if key in _every:
        return _every[key]
    out = {message}
    for code in LANGUAGES:
        if code != "en":
            try:
                out.add(gettext.translation(DOMAIN, localedir=str(_state["dir"]), languages=[code]).gettext(message))
            except OSError:
                pass
    _every[key] = frozenset(out)
    return _every[key]


def tdata(value: str) -> str:
    """Translate a word that arrives as data (a game title or blurb, an option label from py_engine); the
    build lists these for the catalogue (build.data_messages) since no literal marks them in web/."""
    return _state["tr"].gettext(value) if isinstance(value, str) and value else value


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural message for `n`, by the current language's plural rule."""
    return _state["tr"].ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark a message for the catalogue without translating it yet (module-level constants)."""
    return message


def num(value: int | float) -> str:
    """A number as the current language writes it in text: 12 / -20 / 2.5 (Persian: ۱۲ / −۲۰ / ۲٫۵)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    out = str(value) if isinstance(value, int) else f"{value:.1f}".removesuffix(".0")
    table = _DIGITS.get(_state["lang"])
    return out.translate(table) if table else out


FSI, PDI, LRM = "\u2068", "\u2069", "\u200e"  # first-strong isolate … pop (the plain-text <bdi>); the mark of "−۱۲"


def isolate(value: Any) -> Any:
    """In a right-to-left language, a value holding left-to-right letters (a Latin name such as "Player 2",
    "You" from an English game) as a bidi isolate, the plain-text <bdi>: the Persian sentence around it keeps
    its order ("Player 2: …" is not turned around). Persian words and digits, and other languages, as given."""
    if _state["lang"] not in RTL:
        return value
    out = str(value)
    if out.startswith(FSI) or not any(unicodedata.bidirectional(c) == "L" for c in out if c != LRM):
        return out
    return FSI + out + PDI


def fmt(message: str, **params: Any) -> str:
    """Fill the named {fields} of an (already translated) message; numbers are written by `num`. In a
    right-to-left language every filled value is isolated (`isolate`), names and numbers alike."""
    return message.format(**{k: isolate(num(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else v)
                             for k, v in params.items()})


def tr(message: str, **params: Any) -> str:
    """Translate and fill in one step: tr("Round {n}", n=2). Extracted like `_`."""
    return fmt(_(message), **params)


def trn(singular: str, plural: str, n: int, **params: Any) -> str:
    """ngettext + fmt, with `n` filled in as well: trn("{n} card", "{n} cards", 3)."""
    return fmt(ngettext(singular, plural, n), n=n, **params)


__all__ = ["LANGUAGES", "N_", "RTL", "STORAGE_KEY", "_", "choose", "configure", "direction", "fmt", "in_every_language",
           "isolate",
           "language", "ngettext", "normalize", "num", "set_language", "tdata", "tr", "trn"]
