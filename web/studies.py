"""Studies in the browser (py_engine.core.study): their links and the step the embed shows.

Pure Python (no browser calls), tested in CPython. A study travels like a position: base64url(zlib(json))
(`records.encode`) in `embed.html?study=…`, back through the bounded decoder (`records.decode`), the study's own
bounds (its size and depth: `study.loads`) and every step's check by the game.
"""

from __future__ import annotations

import hashlib
import json

import records
from i18n import _

from py_engine.core import position as P
from py_engine.core import study as S

LINK_KEY = "study"


def load(code: str) -> S.Study:
    """A study from its link code (StudyError / RecordError say why not)."""
    return S.check(json.dumps(records.decode(code)))


def asked_at(study: S.Study, k: int) -> P.Position:
    """What a question step shows while it is asked: the board before its move, with its own annotations."""
    before = study.position_at(k - 1)
    before.annotations = study.steps[k].annotations
    return before


def embed_url(base_url: str, data: dict, seat: int | None, theme: str = "light", origin: str = "",
              ident: str = "") -> str:
    """embed.html showing a study from `seat`'s eyes; `origin` and `ident` as in records.embed_url."""
    return records.embed_url(base_url, data, seat=seat, theme=theme, origin=origin, ident=ident, key=LINK_KEY)


def frame_id(data: dict) -> str:
    """A short id for a study's frame: 'study-' and 8 hex digits of a hash of the study."""
    return f"study-{hashlib.sha256(records.encode(data).encode()).hexdigest()[:8]}"


def iframe_snippet(url: str, game_id: str = "") -> str:
    return records.iframe_snippet(url, _("A game study"), game_id)
