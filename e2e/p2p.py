"""Driving two separate browsers through the peer-to-peer flow as a person would (host + guest).

Shared by e2e/test_p2p.py and tests/bench_p2p.py. Both browsers run on this machine; mDNS host
candidates are turned off so the candidates are this machine's own addresses.
"""

from __future__ import annotations

import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import build

from .conftest import BOOT_TIMEOUT, CHROMIUM_ARGS, HERMETIC_JS, Watch
from .helpers import moves_made, new_game, wait_for_moves

P2P_ARGS = [*CHROMIUM_ARGS, "--disable-features=WebRtcHideLocalIpsWithMdns"]
STEP_TIMEOUT = 30_000

PHASE_JS = """() => {
  if (document.querySelector('[data-testid=new-game]')) return 'over';
  if (document.querySelector('[data-testid=next-round]')) return 'round';
  if (document.querySelector('[data-pending="1"]')) return null;
  if (document.querySelector('#board [data-act]')) return 'draw';
  if (document.querySelector('[data-testid=hand-card][data-cmd]')) return 'play';
  return null;
}"""


def launch(playwright, executable: str):
    """One separate browser process (host and guest each get their own)."""
    return playwright.chromium.launch(executable_path=executable, args=P2P_ARGS, headless=True)


@contextmanager
def two_browsers(playwright, site: str) -> Iterator[tuple]:
    """Two separate browser processes (one launch() each), host and guest, each with the app open:
    (host, guest, host's watch, guest's watch); both closed at the end."""
    hb, gb = launch(playwright, build.CHROMIUM), launch(playwright, build.CHROMIUM)
    try:
        host, hw = open_page(hb, site)
        guest, gw = open_page(gb, site)
        yield host, guest, hw, gw
    finally:
        hb.close()
        gb.close()


def board_step(page, host) -> bool:
    """One board-game decision by clicks if this page owes one now (discard, draw from the deck, or pass); the
    host's record then holds it."""
    ready = page.evaluate("""() => !!document.querySelector('svg[data-testid=lcb-board][data-mine="1"]')
        && !document.querySelector('[data-pending="1"]')""")
    if not ready:
        return False
    before = moves_made(host)
    decision = page.get_attribute("svg[data-testid=lcb-board]", "data-decision")
    if decision == "play":
        page.locator("[data-testid=hand-card]").first.click()
        page.click("[data-testid^=pile-][data-act]")  # discarding is always legal
    elif decision == "draw":
        page.click("[data-testid=deck]")
    else:
        page.click("[data-testid=pass-btn]")
    wait_for_moves(host, before + 1)
    return True


def open_page(browser, url: str, wait: str | None = "[data-testid=new-lost-cities]"):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.add_init_script(HERMETIC_JS)
    origin = "/".join(url.split("/", 3)[:3])
    watch = Watch(page, origin)
    page.goto(url)
    if wait:
        page.wait_for_selector(wait, timeout=BOOT_TIMEOUT)
    return page, watch


def host_game(page, seats: dict[int, str], options: dict | None = None, game: str = "lost-cities") -> None:
    new_game(page, seats, options, game)


def invite_link(page, seat: int) -> str:
    sel = f"[data-testid=invite-{seat}]"
    page.wait_for_selector(sel, timeout=STEP_TIMEOUT)
    return page.input_value(sel)


def answer_code(page) -> str:
    page.wait_for_selector("[data-testid=answer-code]", timeout=BOOT_TIMEOUT)
    return page.input_value("[data-testid=answer-code]")


def paste_answer(page, seat: int, code: str) -> None:
    page.fill(f"[data-testid=answer-in-{seat}]", code)
    page.click(f"[data-testid=answer-ok-{seat}]")


def connect(host, guest, seat: int, *, name: str | None = None, open_with: str = "goto") -> None:
    """Host's link -> guest opens it -> guest's answer code -> host pastes it -> both at the table."""
    link = invite_link(host, seat)
    if open_with == "goto":
        guest.goto(link)
    else:  # paste into the guest's "new invite link" field
        guest.fill("[data-testid=relink-in]", link)
        guest.click("[data-testid=relink-ok]")
    code = answer_code(guest)
    if name is not None:
        guest.fill("[data-testid=guest-name]", name)
    paste_answer(host, seat, code)
    host.wait_for_selector(f"[data-testid=net-seat-{seat}][data-state=connected]", timeout=STEP_TIMEOUT)
    guest.wait_for_selector("[data-testid=net-connected]", timeout=STEP_TIMEOUT)


def phase(page) -> str | None:
    return page.evaluate(PHASE_JS)


def wait_any(pages, timeout: float = 60.0):
    """(index, phase) of the first page that owes a decision or shows a round/match result."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for i, page in enumerate(pages):
            p = phase(page)
            if p is not None:
                return i, p
        time.sleep(0.03)
    for i, page in enumerate(pages):  # for the post-mortem
        page.screenshot(path=str(Path(tempfile.gettempdir()) / f"p2p-stuck-{i}.png"), full_page=True)
    raise TimeoutError("no page became ready to move")


MUTATION_JS = """() => {
  window.__mutN = 0; window.__mut = 0;
  new MutationObserver(() => { window.__mutN += 1; window.__mut = Date.now(); })
    .observe(document.getElementById('app'), {childList: true});
}"""


def start_tracker() -> tuple[subprocess.Popen, str]:
    """A local WebSocket tracker (e2e/tracker.mjs, bittorrent-tracker's server) on 127.0.0.1: (process, ws url).
    It stops when its stdin closes: `stop_tracker`."""
    root = Path(__file__).resolve().parent.parent
    proc = subprocess.Popen(["node", str(root / "e2e" / "tracker.mjs")], cwd=root, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    url = proc.stdout.readline().strip()
    if not url.startswith("ws://127.0.0.1:"):
        proc.kill()
        raise RuntimeError(f"the local tracker did not start: {url!r}")
    return proc, url


def stop_tracker(proc: subprocess.Popen) -> None:
    proc.stdin.close()
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        proc.kill()


def relay_settings_js(relay: str) -> str:
    """A script that stores one-link settings with only this relay and no STUN server (what the settings form
    writes: tests type them; the benchmark sets them before it times anything)."""
    return ("localStorage.setItem('explorers.net', JSON.stringify({mode: 'internet', stun: [], relays: ['"
            + relay + "'], turn: null}))")
