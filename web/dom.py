"""Thin helpers over the browser (Pyodide's js bridge): the only module that touches the DOM directly."""

from __future__ import annotations

import asyncio
import json
import traceback
from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import create_proxy
from render.markup import Safe, text
from render.words import separators

from py_engine.core import safejson

_proxies: list = []  # listeners live as long as the page; kept here so they are not collected


def by_id(element_id: str):
    return js.document.getElementById(element_id)


def set_html(element_id: str, html: Safe | str) -> None:
    """Replace an element's content in one DOM call. Only `Safe` markup (render.markup) goes in as markup: a
    plain str is escaped here, so a forgotten conversion shows text and never runs markup. This and
    `append_html` are the app's only markup sinks (both show words.SEPARATOR between the parts of a line)."""
    by_id(element_id).innerHTML = separators(text(html))


def append_html(element, html: Safe | str) -> None:
    """Add markup at the end of `element` (escaped unless `Safe`, as in set_html), keeping what is there."""
    element.insertAdjacentHTML("beforeend", separators(text(html)))


def failed(exc: BaseException) -> None:
    """A failure nobody else caught: one short line at the top of the page (public/fail.js), the traceback in
    the console, never PyScript's traceback panel (it is off); the page keeps working."""
    detail = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    try:
        js.explorersFailed(detail)
    except Exception:  # no fail.js (tests): the console is all there is
        print(detail)


def fail_words(words: str) -> None:
    """The failure line's text, in the page's language (call after each change of language)."""
    try:
        js.explorersFailText(words)
    except Exception:
        pass


def _guarded(handler: Callable[[Any], Any]) -> Callable[[Any], Any]:
    def run(event: Any) -> Any:
        try:
            return handler(event)
        except Exception as exc:
            failed(exc)
            return None

    return run


def listen(target, event: str, handler: Callable[[Any], Any]) -> None:
    """`handler` for `event` on `target`; an exception in it becomes the page's failure line (`failed`)."""
    proxy = create_proxy(_guarded(handler))
    _proxies.append(proxy)
    target.addEventListener(event, proxy)


def pressing() -> bool:
    """A press is down on something the page acts on (public/press.js; web/press.py)."""
    fn = getattr(js.window, "explorersPressing", None)
    try:
        return fn is not None and fn() is True
    except Exception:  # no such script on this page
        return False


def expose(name: str, fn: Callable) -> None:
    """Make a Python function callable from JS / tests as window.<name>."""
    proxy = create_proxy(fn)
    _proxies.append(proxy)
    setattr(js.window, name, proxy)


STORAGE_MAX = 8_000_000  # characters of one stored value read back (localStorage holds ~5 MB)


def storage_get(key: str) -> Any:
    """A stored JSON value through the bounded parser (safejson: size and depth checked first)."""
    try:
        raw = js.localStorage.getItem(key)
        return None if raw is None else safejson.loads(str(raw), max_chars=STORAGE_MAX)
    except Exception:  # corrupt, too deep or unavailable storage reads as empty
        return None


def storage_set(key: str, value: Any) -> None:
    try:
        js.localStorage.setItem(key, json.dumps(value))
    except Exception:
        pass


def storage_remove(key: str) -> None:
    try:
        js.localStorage.removeItem(key)
    except Exception:
        pass


def format_date(ms: float, lang: str) -> str:
    """A moment (ms since 1970) as language `lang` writes date and time: the browser's Intl.DateTimeFormat
    (its calendar, digits and order); outside a browser a plain ISO-like form."""
    try:
        out = js.Intl.DateTimeFormat.new(lang, to_js_options({"dateStyle": "medium", "timeStyle": "short"})) \
            .format(js.Date.new(ms))
        if isinstance(out, str):
            return out
    except Exception:
        pass
    import time

    try:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(float(ms) / 1000.0))
    except (OverflowError, ValueError, OSError, TypeError):
        return ""


def address() -> str:
    """The fragment of the page address ("" for none)."""
    try:
        h = js.location.hash
        return h if isinstance(h, str) else ""
    except Exception:
        return ""


def set_address(fragment: str, push: bool) -> None:
    """Show `fragment` ("" for none) in the address bar: a new history entry (push) or in place of this one."""
    try:
        url = str(js.location.pathname) + str(js.location.search) + fragment
        (js.history.pushState if push else js.history.replaceState)(None, "", url)
    except Exception:
        pass


def spawn(coro) -> None:
    """Run `coro` in the background; an exception in it becomes the page's failure line (`failed`)."""
    asyncio.ensure_future(_watched(coro))


async def _watched(coro) -> None:
    try:
        await coro
    except asyncio.CancelledError:
        raise
    except Exception as exc:
        failed(exc)


_frame_due: dict[str, Callable[[], None]] = {}


def before_paint(key: str, fn: Callable[[], None]) -> None:
    """Run `fn` once before the browser's next paint; calls with the same `key` until then run only the last
    `fn` (a burst of protocol messages is drawn once). In a hidden tab it waits until the tab shows."""
    first = key not in _frame_due
    _frame_due[key] = fn
    if not first:
        return

    def run(_time=None) -> None:
        due = _frame_due.pop(key, None)
        if due is not None:
            try:
                due()
            except Exception as exc:
                failed(exc)

    from pyodide.ffi import create_once_callable
    js.requestAnimationFrame(create_once_callable(run))


async def yield_to_browser(seconds: float = 0.0) -> None:
    """Let the browser paint and handle input (the page never freezes while Python works)."""
    await asyncio.sleep(seconds)


def measure(name: str, duration_ms: float, detail: dict | None = None) -> None:
    """A User Timing measure `name` that ends now and lasted `duration_ms` (its `detail` a plain object);
    never fails: a browser without the API simply gets no measure."""
    try:
        now = float(js.performance.now())
        start = max(0.0, now - duration_ms)
        js.performance.measure(name, to_js_options({"start": start, "duration": now - start, "detail": detail or {}}))
    except Exception:
        pass


NARROW_PX = 700  # windows narrower than this get the phone layouts of the boards (ui["narrow"])


def hidden() -> bool:
    """The page is in a background tab (or minimised): nothing is painted, timers are slowed."""
    try:
        return bool(js.document.hidden)
    except Exception:
        return False


def narrow_screen() -> bool:
    """Phones, narrow windows and narrow embed frames get the compact table layout."""
    try:
        return int(js.window.innerWidth) < NARROW_PX
    except Exception:  # no window (tests)
        return False


def reduced_motion() -> bool:
    """The person asked for less motion (prefers-reduced-motion: reduce): the board is drawn without
    animations then (public/table.js skips its own too)."""
    try:
        return bool(js.matchMedia("(prefers-reduced-motion: reduce)").matches)
    except Exception:
        return False


ARROWS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown")


def arrow_focus(target, key: str) -> bool:
    """Arrow keys on the board move the focus from one of its focusable things (cards, spots) to the next, in
    drawing order (Left and Up go back); False when the board has none (the key is left to others)."""
    items = list(js.document.querySelectorAll('#board [tabindex="0"]'))
    if not items or key not in ARROWS:
        return False
    keys = [i.getAttribute("data-key") for i in items]
    cur = target.getAttribute("data-key") if getattr(target, "getAttribute", None) else None
    idx = keys.index(cur) if cur in keys else -1
    items[(idx + (-1 if key in ("ArrowLeft", "ArrowUp") else 1)) % len(items)].focus()
    return True


def focus(selector: str) -> None:
    el = js.document.querySelector(selector)
    if el:
        el.focus()


def download_text(filename: str, text: str, mime: str = "application/json") -> None:
    """Offer `text` as a file download (a Blob link clicked once, then released)."""
    from pyodide.ffi import create_once_callable, to_js

    blob = js.Blob.new(to_js([text]), to_js({"type": mime}, dict_converter=js.Object.fromEntries))
    url = js.URL.createObjectURL(blob)
    a = js.document.createElement("a")
    a.href, a.download = url, filename
    js.document.body.appendChild(a)
    a.click()
    a.remove()
    js.setTimeout(create_once_callable(lambda: js.URL.revokeObjectURL(url)), 10_000)


async def copy_text(text: str) -> bool:
    """Put text on the clipboard; False when the browser refuses (the caller keeps it selectable)."""
    try:
        await js.navigator.clipboard.writeText(text)
        return True
    except Exception:
        return False


def scroll_into_view(selector: str) -> None:
    el = js.document.querySelector(selector)
    if el:
        el.scrollIntoView(to_js_options({"block": "nearest"}))


def to_js_options(d: dict):
    from pyodide.ffi import to_js

    return to_js(d, dict_converter=js.Object.fromEntries)
