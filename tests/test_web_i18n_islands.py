"""Islands in the Mist in Japanese and Persian (issue 12): a real game's board, buttons, status, score sheet,
summary and log lines drawn by web/render/islands/__init__.py use the catalogue's words, and none of the English
sentences the renderer marks is left in them."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(WEB))

pytest.importorskip("babel")

import i18n  # noqa: E402

from py_engine import get_game  # noqa: E402
from py_engine.core import Rng  # noqa: E402

# English phrases of the renderer that must not survive a translation (words that are shared with the
# translations, like letters A-D and tile codes, are left out).
ENGLISH = ("Round ", "Telescope", "Harbour", "Extension tiles", "energy", "coasts", "Space ", "Wind:", "Bonus:",
           "Take cloud", "Category", "Score so far", "Final score", "Terrain tiles", "Volcanoes", "Stand-in",
           "island", "balloon", "flies", "takes", "places", "keeps", "converts", "draws", "Dice:", "start player",
           "movement value", "Preview a flight", "Show ", "Total", "pts", "Keep the dice", "Re-roll", "stand-in")
EXPECTED = {
    "ja": ("望遠鏡", "ラウンド", "雲", "エネルギー", "スペース", "地形タイル", "火山", "海岸", "得点", "港", "ドック",
           "拡張タイル", "気球"),
    "fa": ("تلسکوپ", "دور", "ابر", "انرژی", "خانه‌ی", "کاشی‌های زمین", "آتشفشان", "ساحل", "امتیاز", "بندر",
           "اسکله", "کاشی‌های افزوده", "بالن"),
}



def positions() -> list[tuple[dict, dict]]:
    """(view, ui) along a random 2-player game with the harbour and extension tiles (the seat to move)."""
    game = get_game("islands")
    state = game.new(players=2, seed=7, options={"modules": "1+2+3", "island": "silver"})
    rng = Rng(21)
    out = []
    for n in range(5000):
        if not state.to_move():
            break
        seat = state.to_move()[0]
        if n % 23 == 0:
            view = json.loads(json.dumps(state.view(seat)))
            legal = [list(game.encode(a)) for a in state.legal_actions(seat)]
            out.append((view, {"me": seat, "names": ["Anna", "Bo"], "legal": legal, "selected": None}))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    view = json.loads(json.dumps(state.view(0)))
    out.append((view, {"me": 0, "names": ["Anna", "Bo"], "legal": [], "selected": None}))
    return out


def shown_text(view: dict, ui: dict) -> str:
    """All the text the page shows for one view: the board's texts, tooltips and button names, the action
    buttons, status, side panel, score sheet and log lines (not class names, styles or data-* values)."""
    from render import islands

    names = ui["names"]
    markup = "".join(str(p) for p in (islands.render(view, ui), islands.action_buttons(view, ui),
                                      islands.summary(view, names), islands.score_sheet(view, names)))
    markup = re.sub(r"<style>.*?</style>", "", markup, flags=re.S)
    texts = re.findall(r">([^<>]+)<", markup) + re.findall(r'aria-label="([^"]*)"', markup)
    texts += [islands.status_text(view, ui)] + [islands.log_text(e, names) for e in view["log"]]
    return "\n".join(texts)


@pytest.mark.parametrize("lang", ["ja", "fa"])
def test_islands_is_shown_in_the_language(catalogues: Path, lang: str) -> None:
    pos = positions()
    # a flight preview and a selected telescope tile, as the page draws them mid-turn
    extra = []
    for view, ui in pos:
        flights = [f for f in view.get("flights") or [] if f["action"][0] != "stay"]
        if flights and not any(u.get("selected") for _v, u in extra):
            extra.append((view, dict(ui, selected=f"f{flights[0]['dest']}")))
    try:
        i18n.set_language(lang)
        text = "\n".join(shown_text(v, u) for v, u in [*pos, *extra])
        for word in EXPECTED[lang]:
            assert word in text, f"{lang}: {word!r} not shown"
        for phrase in ENGLISH:
            assert phrase not in text, f"{lang}: English {phrase!r} left in: " + \
                next(line for line in text.splitlines() if phrase in line)
        codes = {"Fo", "Me", "Mo", "De", "Sw", "Ca", "Ci", "Mn", "St", "Of", "WM", "RC", "yard", "+1e", "+2e", "+3e"}
        assert not codes & {line.strip() for line in text.splitlines()}, f"{lang}: English tile codes on the board"
        if lang == "fa":  # numbers in sentences are written with Persian digits
            assert re.search("[۰-۹]", text)
    finally:
        i18n.set_language("en")


def test_islands_log_for_you_and_others_in_english(catalogues: Path) -> None:
    from render import islands

    i18n.set_language("en")
    fly = {"seat": 0, "key": "fly", "params": {"move": ["fly", "NE", 3], "cost": 2, "dest": 12}}
    assert islands.log_text(fly, ["You", "Anna"]) == "You fly 3 steps north-east to space 12, for 2 energy"
    assert islands.log_text(dict(fly, seat=1), ["You", "Anna"]) == \
        "Anna flies 3 steps north-east to space 12, for 2 energy"
    round_line = {"seat": None, "key": "round", "params": {"round": 2, "start": 1}}
    assert islands.log_text(round_line, ["You", "Anna"]) == "Round 2 begins; start player: Anna"
    try:
        i18n.set_language("ja")
        assert islands.log_text(dict(fly, seat=1), ["あなた", "アンナ"]) == \
            "アンナ: 北東へ3マス移動してスペース12へ（2エネルギー）"
        i18n.set_language("fa")
        assert islands.log_text(round_line, ["شما", "آنا"]) == "دور ۲ آغاز شد؛ بازیکن آغازگر: آنا"
    finally:
        i18n.set_language("en")
