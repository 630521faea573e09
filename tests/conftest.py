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
