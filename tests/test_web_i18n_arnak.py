"""Lost Ruins of Arnak in Japanese and Persian (issue 12): a real view of a game (a 2-player game and a solo game
against the rival, after random legal moves) drawn by web/render/arnak/__init__.py shows the catalogue's words, with no
English sentence of the renderer nor English card name left, in the board, the buttons, the status, the score sheet
and the log."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "web"))

pytest.importorskip("babel")

import i18n  # noqa: E402
from render import arnak  # noqa: E402

from py_engine import get_game  # noqa: E402
from py_engine.core import Rng  # noqa: E402

# English the renderer composes (never a printed card name): none may remain in ja / fa
ENGLISH = ("Card row", "moon staff", "Decks: items", "Sites", "Research (", "Temple tiles", "Assistant stacks",
           "score now", "archaeologists home", "play area", "Your hand", "Camp ", "Level I", "to discover",
           "Round ", "take a main action", "free actions", "pay travel", "Score sheet", "Category", "Guardians",
           " VP", "gain ", "draw ", "cost ", "travel ", "main action", "free action", "Rival expedition", "last tile",
           "Rival flips", "digs at", "passes", "plays ", "coin", "compass", "tablet", "arrowhead", "jewel",
           "Funding", "Exploration", "Lost temple", "Magnifying glass", "Guardian ", "boon", "end turn")
KNOWN = {"ja": ("カードの列", "遺跡", "研究", "キャンプ", "コイン", "勝利点", "得点表", "項目", "合計", "移動"),
         "fa": ("ردیف کارت‌ها", "محوطه‌ها", "پژوهش", "اردوگاه", "سکه", "امتیاز", "برگه‌ی امتیاز", "دسته", "جمع",
                "سفر")}
NAMES = {"en": ["You", "Anna"], "ja": ["あなた", "アンナ"], "fa": ["شما", "آنا"]}



def play(players: int, moves: int, seed: int):
    """A game after `moves` random legal moves: (view, ui) of the seat to move."""
    game = get_game("arnak")
    state = game.new(players=players, seed=seed)
    rng = Rng(seed + 5)
    for _ in range(moves):
        if not state.to_move():
            break
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    seat = state.to_move()[0] if state.to_move() else 0
    legal = [list(game.encode(a)) for a in state.legal_actions(seat)] if state.to_move() else []
    view = json.loads(json.dumps(state.view(seat)))
    return view, {"me": seat, "legal": legal}


def drawn(view: dict, ui: dict, lang: str) -> str:
    """All the renderer's words for one view: board (with tooltips), buttons, status, summary, sheet, log."""
    names = NAMES[lang][:view["players"]]
    ui = dict(ui, names=names)
    parts = [arnak.render(view, ui), arnak.action_buttons(view, ui), arnak.status_text(view, ui),
             arnak.summary(view, names), arnak.score_sheet(view, names)]
    parts += [arnak.log_text(e, names) for e in view["log"]]
    return "\n".join(str(p) for p in parts)


def words_of(html: str) -> str:
    """The text of the markup (tags and attribute names dropped, aria-labels kept)."""
    labels = " ".join(re.findall(r'aria-label="([^"]*)"', html))
    return re.sub(r"<[^>]*>", " ", html) + " " + labels


def printed_names(view: dict) -> set[str]:
    from py_engine.games.arnak import data as D

    return {info[0] for info in D.CARDS.values()} - {"Funding", "Exploration", "Fear"}


@pytest.mark.parametrize("players,moves,seed", [(2, 70, 3), (1, 40, 8), (2, 400, 11)])
def test_arnak_in_japanese_and_persian(catalogues, players: int, moves: int, seed: int) -> None:
    view, ui = play(players, moves, seed)
    try:
        i18n.set_language("en")
        english = words_of(drawn(view, ui, "en"))
        assert "Card row" in english and "Score sheet" in english
        for lang in ("ja", "fa"):
            i18n.set_language(lang)
            text = words_of(drawn(view, ui, lang))
            left = [name for name in printed_names(view) if name in text]  # card names translated (issue 35)
            assert not left, f"{lang}: English card names left: {left}"
            for word in KNOWN[lang]:
                assert word in text, (lang, word)
            left = [e for e in ENGLISH if e in text]
            assert not left, f"{lang}: English left in the Arnak table: {left}"
    finally:
        i18n.set_language("en")


def test_arnak_log_names_the_player(catalogues) -> None:
    """The log names the player (LOG_SENTENCES): "You dig…" / "Anna digs…" in English, "<name>: …" otherwise."""
    dig_you = {"seat": 0, "key": "dig", "params": {"site": 2}}
    dig_anna = {"seat": 1, "key": "dig", "params": {"site": 2}}
    rival = {"seat": None, "key": "rival", "params": {"tile": "dig-coin", "arrow": "L", "did": "dig", "site": 1}}
    start = {"seat": None, "key": "round", "params": {"round": 2, "start": 0}}
    try:
        i18n.set_language("en")
        assert arnak.LOG_SENTENCES
        assert arnak.log_text(dig_you, ["You", "Anna"]) == "You dig at Camp 3"
        assert arnak.log_text(dig_anna, ["You", "Anna"]) == "Anna digs at Camp 3"
        assert arnak.log_text(rival, ["You"]) == "Rival flips dig (coin): digs at Camp 2"
        assert arnak.log_text(start, ["You", "Anna"]) == "Round 2 begins; you start."
        i18n.set_language("ja")
        assert arnak.log_text(dig_anna, NAMES["ja"]) == "アンナ: キャンプ3で発掘した"
        assert arnak.log_text(rival, NAMES["ja"]) == "ライバルが発掘（コイン）をめくった：キャンプ2で発掘した"
        assert arnak.log_text(start, NAMES["ja"]) == "ラウンド2開始。あなたがスタートプレイヤーです。"
        i18n.set_language("fa")
        assert arnak.log_text(dig_anna, NAMES["fa"]) == "آنا: در اردوگاه ۳ کاوش کرد"
        assert arnak.describe(("buy", "item", 2)) == "ابزار #۳ را بخرید"
    finally:
        i18n.set_language("en")


def test_every_card_has_a_tooltip_in_each_language(catalogues) -> None:
    """Every card's <title> describes its effect in the interface language (the starting cards' names too)."""
    from py_engine.games.arnak import data as D
    from py_engine.games.arnak.view import card_json

    try:
        for lang, word in (("ja", "勝利点"), ("fa", "امتیاز")):
            i18n.set_language(lang)
            for cid in D.CARDS:
                box = str(arnak.card_box(card_json(cid), 0, 0))
                title = re.search(r"<title>(.*?)</title>", box).group(1)
                assert word in title, (lang, cid, title)
                assert not re.search(r"\b(gain|draw|pay|cost|travel|exile|choose)\b", title), (lang, cid, title)
    finally:
        i18n.set_language("en")
