"""e2e fixtures: serve the built dist/ on localhost and drive Debian's Chromium with Playwright."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--disable-quic", "--no-first-run", "--disable-dev-shm-usage"]
BOOT_TIMEOUT = 90_000
# Tests never reach the internet: unless a test's page already chose its connection settings, a page starts in
# "same network only" mode (no STUN, no public relay; web/netconfig.py). Tests of the one-link flow point the
# relay setting at e2e/tracker.mjs through the settings form.
HERMETIC_JS = """try {
  if (localStorage.getItem('explorers.net') === null)
    localStorage.setItem('explorers.net', JSON.stringify({mode: 'local', stun: [], relays: [], turn: null}));
} catch (e) {}  // about:blank has no storage"""


def launch(playwright):
    return playwright.chromium.launch(executable_path=build.CHROMIUM, args=CHROMIUM_ARGS, headless=True)


def serve(prefix: str = ""):
    if not (build.DIST / "build.json").exists():
        build.build()
    server = build.make_server(0, prefix=prefix)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}{prefix}/"


@pytest.fixture(scope="session")
def site():
    server, url = serve()
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def playwright_instance():
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright_instance):
    b = launch(playwright_instance)
    yield b
    b.close()


class Watch:
    """Console errors, page errors and requests that leave the local origin, for one page."""

    def __init__(self, page, origin: str) -> None:
        self.errors: list[str] = []
        self.foreign: list[str] = []
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on("request", lambda r: None if r.url.startswith((origin, "data:", "blob:"))
                else self.foreign.append(r.url))
        # WebSockets are no "request": only a relay on this machine (e2e/tracker.mjs) is allowed
        page.on("websocket", lambda ws: None if ws.url.startswith("ws://127.0.0.1:") else self.foreign.append(ws.url))

    def assert_clean(self) -> None:
        assert not self.errors, f"console errors: {self.errors}"
        assert not self.foreign, f"requests left the local origin: {self.foreign}"


def open_app(browser, url: str, **context_args):
    """A new context (a 1280x900 window unless `context_args` name another viewport) on the app's home page,
    booted: (context, page, watch)."""
    context = browser.new_context(**{"viewport": {"width": 1280, "height": 900}, **context_args})
    context.add_init_script(HERMETIC_JS)
    page = context.new_page()
    origin = url.split("/", 3)
    watch = Watch(page, "/".join(origin[:3]))
    page.goto(url)
    page.wait_for_selector("[data-testid=new-lost-cities]", timeout=BOOT_TIMEOUT)
    return context, page, watch


@pytest.fixture
def app(browser, site):
    context, page, watch = open_app(browser, site)
    yield page, watch
    context.close()
