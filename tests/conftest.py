"""Fixtures shared by the test files (imports stay inside them: the engine suite also runs in Pyodide)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def catalogues(tmp_path_factory) -> Path:
    """The web/locale catalogues compiled into a temporary folder and used by web/i18n.py (English after)."""
    for path in (str(ROOT), str(ROOT / "web")):
        if path not in sys.path:
            sys.path.insert(0, path)
    import i18n

    import build

    out = tmp_path_factory.mktemp("locale")
    build.compile_catalogues(out)
    i18n.configure(out)
    yield out
    i18n.set_language("en")


@pytest.fixture(autouse=True)
def _joint_deal_by_default(monkeypatch):
    """web/session.py deals a two-seat card-game table with a remote seat by mental poker when it runs in a page
    (FAIR_HANDS). Some test files fake the page's `js`/`dom`, and which of them a worker imported first differs
    between runs, so every test starts with the joint deal of every other table; tests/test_web_session_fair.py
    turns mental poker on where it tests it. (No effect in Pyodide's engine suite: no `session` there.)"""
    mod = sys.modules.get("session")
    if mod is not None and hasattr(mod, "FAIR_HANDS"):
        monkeypatch.setattr(mod, "FAIR_HANDS", False)
