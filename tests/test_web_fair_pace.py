"""The pace of a seat's mental-poker loop and of the redraws it causes, in CPython against a fake `js`:
`netplay.FairPace` (a frame's breath after work, none in a hidden tab, a wake on a message, a bounded wait with
nothing to do) and `dom.before_paint` (one call per key and frame: the last function given runs, once)."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

from .fakepage import fake_browser

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
JS = fake_browser()

import dom  # noqa: E402
import netplay  # noqa: E402


@pytest.fixture
def slept(monkeypatch) -> list[float]:
    """Every asyncio.sleep the loop asks for, in seconds (made at once)."""
    asked: list[float] = []
    real = asyncio.sleep

    async def sleep(seconds: float, *a, **k):
        asked.append(seconds)
        await real(0)

    monkeypatch.setattr(netplay.asyncio, "sleep", sleep)
    return asked


@pytest.mark.parametrize("hidden, breath", [(False, netplay.FAIR_BREATH), (True, 0)])
def test_after_work_the_loop_breathes_a_frame_but_not_in_a_hidden_tab(monkeypatch, slept, hidden, breath):
    monkeypatch.setattr(JS.document, "hidden", hidden)
    asyncio.run(netplay.FairPace().rest(True))
    assert slept == [breath] and netplay.FAIR_BREATH == 0.02


def test_with_nothing_to_do_a_message_wakes_the_loop(monkeypatch):
    monkeypatch.setattr(netplay, "FAIR_IDLE", 60.0)  # it would wait a minute with no message

    async def run() -> bool:
        pace = netplay.FairPace()
        resting = asyncio.ensure_future(pace.rest(False))
        await asyncio.sleep(0)
        assert not resting.done()
        pace.wake()
        await asyncio.wait_for(resting, 5)
        return pace.event.is_set()

    assert asyncio.run(run()) is False  # the wake is used up: the next rest waits again


def test_with_nothing_to_do_and_no_message_the_wait_ends_after_fair_idle(monkeypatch):
    monkeypatch.setattr(netplay, "FAIR_IDLE", 0.01)

    async def run() -> None:
        await asyncio.wait_for(netplay.FairPace().rest(False), 5)

    asyncio.run(run())


def test_a_wake_before_the_rest_is_not_lost(monkeypatch):
    """A message that came while the loop worked: the rest after that work takes it (no idle wait after)."""
    monkeypatch.setattr(netplay, "FAIR_IDLE", 60.0)

    async def run() -> None:
        pace = netplay.FairPace()
        pace.wake()
        await asyncio.wait_for(pace.rest(False), 5)

    asyncio.run(run())


@pytest.fixture
def frames(monkeypatch) -> list:
    """The callbacks handed to requestAnimationFrame, run by the test as the browser would before a paint."""
    queued: list = []
    monkeypatch.setattr(JS, "requestAnimationFrame", lambda fn: queued.append(fn), raising=False)
    dom._frame_due.clear()
    return queued


def test_before_paint_runs_the_last_function_of_a_key_once_per_frame(frames):
    ran: list[str] = []
    for word in ("first", "second", "last"):
        dom.before_paint("guest-view", lambda word=word: ran.append(word))
    dom.before_paint("host-seats", lambda: ran.append("seats"))
    assert len(frames) == 2 and ran == []  # one frame asked for each key
    for fn in frames:
        fn(16.0)
    assert ran == ["last", "seats"]
    frames.clear()
    dom.before_paint("guest-view", lambda: ran.append("next frame"))
    assert len(frames) == 1
    frames[0](32.0)
    frames[0](48.0)  # a callback run twice draws once
    assert ran == ["last", "seats", "next frame"]
