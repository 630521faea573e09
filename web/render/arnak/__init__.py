"""Lost Ruins of Arnak table: a view (+ the local UI state) -> one SVG string, plus buttons, log and sheet.

The pieces live in modules named for what they hold: icons (the icon set), texts (words for the
data and the effect ops), flow (text with icons wrapped on the board), board_svg (the board's
sections and its two layouts), actions (action names, status, buttons, the selected card's zoom),
log and sheet. This module is the renderer's interface for the shell.
"""

from __future__ import annotations

from py_engine.games.arnak import data as D

from ..markup import Safe
from .actions import _legal, action_buttons, label, status_text
from .board_svg import board, card_box
from .log import log_html, log_text
from .round_end import round_summary
from .sheet import score_sheet, summary
from .texts import _names, describe, move_text, site_name

LOG_SENTENCES = True  # log_text names the player ("You play Horse", "Anna plays Horse")
ONE_SCREEN = True  # at 1366x768 the table fits the window: the board scrolls in its frame, the hand is docked


def render(view: dict, ui: dict) -> Safe:
    """The board for this view: desktop or phone layout (ui["narrow"]), the selection lighting its uses."""
    return board(view, ui, _legal(ui), _names(view, ui))


def validate_view(view: dict) -> None:
    """Reject a malformed view from a remote host before drawing it."""
    if not isinstance(view, dict) or view.get("game") != "arnak":
        raise ValueError("not an Arnak view")
    for key in ("players", "round", "turn"):
        if isinstance(view.get(key), bool) or not isinstance(view.get(key), int):
            raise ValueError(f"bad {key}")
    if not 1 <= view["players"] <= 4 or not isinstance(view.get("player_info"), list):
        raise ValueError("bad players")
    if not isinstance(view.get("sites"), list) or len(view["sites"]) != D.NSITES:
        raise ValueError("bad sites")


__all__ = ["LOG_SENTENCES", "action_buttons", "card_box", "describe", "label", "log_html", "log_text",
           "move_text", "render", "round_summary", "score_sheet", "site_name", "status_text", "summary",
           "validate_view"]
