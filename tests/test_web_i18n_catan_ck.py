"""Catan: Cities & Knights in Japanese and Persian (issue 12): a real game's board (texts, tooltips, button
names), action buttons, status, summary, score sheet and log lines drawn by web/render/catan_ck/__init__.py use the
catalogue's words, and no English sentence the renderer marks is left in them."""

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

import build  # noqa: E402
from py_engine import get_game  # noqa: E402
from py_engine.core import Rng  # noqa: E402

NAMES = ["Anna", "Bo", "Cyd"]
EXPECTED = {
    "ja": ("開拓地", "都市", "街道", "騎士", "蛮族", "勝利点", "レンガ", "小麦", "鉱石", "交易", "政治", "科学", "港",
           "盗賊", "プログレスカード", "手番", "産出"),
    "fa": ("آبادی", "شهر", "جاده", "شوالیه", "بربرها", "امتیاز", "آجر", "گندم", "سنگ معدن", "تجارت", "سیاست",
           "دانش", "بندر", "دزد", "کارت پیشرفت", "نوبت", "تولید"),
}



def positions() -> list[tuple[dict, dict]]:
    """(view, ui) along a random 3-player game: the seat to move every few moves, with its legal actions."""
    game = get_game("catan-ck")
    state = game.new(players=3, seed=4)
    rng = Rng(9)
    out = []
    for n in range(900):
        if not state.to_move():
            break
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        if n % 7 == 0:
            view = json.loads(json.dumps(state.view(seat)))
            out.append((view, {"me": seat, "names": list(NAMES), "legal": [list(game.encode(a)) for a in legal],
                               "selected": None}))
        builds = [a for a in legal if a[0] in ("settlement", "city", "knight", "improve", "play", "activate")]
        state.apply(seat, rng.choice(builds if builds and rng.below(2) else legal))
    view = json.loads(json.dumps(state.view(0)))
    out.append((view, {"me": 0, "names": list(NAMES), "legal": [], "selected": None}))
    return out


def shown_text(view: dict, ui: dict) -> list[str]:
    """Every text the page shows for one view: the board's texts, tooltips and control names, the buttons,
    status, summary, score sheet and log lines (not class names, styles or data-* values)."""
    from render import catan_ck as ck

    names = ui["names"]
    markup = "".join(str(p) for p in (ck.render(view, ui), ck.action_buttons(view, ui), ck.summary(view, names),
                                      ck.score_sheet(view, names)))
    markup = re.sub(r"<style>.*?</style>", "", markup, flags=re.S)
    texts = re.findall(r">([^<>]+)<", markup) + re.findall(r'aria-label="([^"]*)"', markup)
    texts += [ck.status_text(view, ui)] + [ck.log_text(e, names) for e in view["log"]]
    return texts


def plain(markup: str) -> str:
    """Markup as a reader hears it: each group of card icons (role="img") as its words, other tags dropped."""
    markup = re.sub(r"<svg\b.*?</svg>", "", str(markup), flags=re.S)
    markup = re.sub(r'<span class="ck-cards" role="img" aria-label="([^"]*)"[^>]*>(?:<span class="n">[^<]*</span>)*'
                    r'<span class="ck-words" style="[^"]*">\1</span></span>', r"\1", markup)
    return re.sub(r"<[^>]+>", "", markup)


def english_fragments() -> set[str]:
    """The literal words of every message marked in web/render/catan_ck/ (between its {fields}), long
    enough not to be a name or a number."""
    out = set()
    for msg in build.extract_messages():
        if not msg.id or not any(re.search(r"render/catan_ck/\w+\.py$", path) for path, _line in msg.locations):
            continue
        for mid in (msg.id if isinstance(msg.id, tuple) else (msg.id,)):
            out.update(f.strip() for f in re.split(r"\{\w*\}", mid) if len(f.strip()) >= 5
                       and re.search(r"[A-Za-z]{3}", f))
    return out


@pytest.mark.parametrize("lang", ["ja", "fa"])
def test_a_real_game_reads_in_the_language(catalogues: Path, lang: str) -> None:
    pos = positions()
    assert len(pos) > 20
    english = english_fragments()
    assert "builds a road" in english
    assert "Harbour: with a building here, trade 3 of one kind for 1 of any kind." in english
    seen: list[str] = []
    try:
        i18n.set_language(lang)
        for view, ui in pos:
            seen += shown_text(view, ui)
    finally:
        i18n.set_language("en")
    whole = "\n".join(seen)
    for word in EXPECTED[lang]:
        assert word in whole, f"{lang}: {word!r} not shown"
    left = sorted({f for f in english if f in whole})
    assert not left, f"{lang}: English left in the page: {left[:20]}"
    if lang == "fa":
        assert not re.search(r"[0-9]", re.sub(r"[A-Za-z]+[0-9]*", "", "\n".join(
            t for t in seen if re.search(r"[\u0600-\u06ff]", t) and "{" not in t))), "ASCII digits in Persian text"


def test_log_lines_name_you_and_players(catalogues: Path) -> None:
    from render import catan_ck as ck

    road = {"seat": 0, "key": "road", "params": {"e": 3}}
    bank = {"seat": 1, "key": "bank", "params": {"give": "ore", "n": 4, "get": "brick"}}
    attack = {"seat": None, "key": "attack_lost", "params": {"strength": 5, "defence": 2, "victims": [0, 1]}}
    try:
        i18n.set_language("en")
        assert ck.log_text(road, ["You", "Anna"]) == "You build a road"
        assert ck.log_text(bank, ["You", "Anna"]) == "Anna trades 4 ore for 1 brick with the bank"
        assert ck.log_text(attack, ["You", "Anna"]) == "The barbarians win (5 against 2); You, Anna each lose a city"
        i18n.set_language("ja")
        assert ck.log_text(road, ["あなた", "アンナ"]) == "あなた: 街道を建てた"
        assert ck.log_text(bank, ["あなた", "アンナ"]) == "アンナ: 銀行で鉱石4枚をレンガ1枚と交換した"
        i18n.set_language("fa")
        assert ck.log_text(bank, ["شما", "آنا"]) == "آنا: با بانک ۴ سنگ معدن را با ۱ آجر مبادله کرد"
    finally:
        i18n.set_language("en")


def trade_positions() -> list[tuple[dict, dict]]:
    """Seat 0 building an offer (2 ore + 1 wool for 2 grain, to Bo), then Bo building a counter-offer and
    the open offer as Cyd sees it."""
    game = get_game("catan-ck")
    s = game.new(players=3, seed=1, options={"board": "beginner"})
    s.setup_i, s.turn, s.turn_no, s.stack = 6, 0, 1, [{"k": "main", "p": 0}]
    s.hands[0][4], s.hands[0][2], s.hands[1][3], s.hands[1][5] = 2, 1, 2, 1
    s.apply(0, ("offer",))
    for a in (("give", "ore"), ("give", "ore"), ("give", "wool"), ("get", "grain"), ("get", "grain"), ("to", 1)):
        s.apply(0, a)
    out = []

    def snap(seat: int) -> None:
        view = json.loads(json.dumps(s.view(seat)))
        legal = [list(game.encode(a)) for a in s.legal_actions(seat)]
        out.append((view, {"me": seat, "names": list(NAMES), "legal": legal, "selected": None}))

    snap(0)
    s.apply(0, ("send",))
    s.apply(1, ("counter",))
    s.apply(1, ("give", "cloth"))
    snap(1)
    snap(2)
    return out


def test_trade_builder_and_open_offer(catalogues: Path) -> None:
    from render import catan_ck as ck

    (v0, ui0), (v1, ui1), (v2, ui2) = trade_positions()
    i18n.set_language("en")
    panel = str(ck.action_buttons(v0, ui0))
    assert 'data-testid="trade-builder"' in panel and "You give 1 wool, 2 ore; you get 2 grain." in plain(panel)
    assert 'data-act="[&quot;send&quot;]"' in panel and 'data-testid="tb-to-1" aria-pressed="true"' not in panel
    assert re.search(r'data-testid="tb-to-1"[^>]*aria-pressed="true"', panel)
    assert re.search(r'data-testid="tb-give-wool"[^>]*disabled', panel)  # the only wool is offered
    counter = str(ck.action_buttons(v1, ui1))
    assert "Your counter-offer" in counter and "You give 2 grain, 1 cloth; you get 1 wool, 2 ore." in plain(counter)
    assert "tb-to-all" not in counter
    told = str(ck.summary(v2, NAMES))
    assert "Anna offers 1 wool, 2 ore for 2 grain to Bo" in plain(told) and "Bo: is making a counter-offer" in told
    assert "cloth" not in told  # Cyd does not see the counter before it is sent
    assert ck.status_text(v2, ui2).startswith("Bo: offered 1 wool, 2 ore for 2 grain")
    english = english_fragments()
    try:
        i18n.set_language("ja")
        whole = "\n".join(t for v, ui in ((v0, ui0), (v1, ui1), (v2, ui2)) for t in shown_text(v, ui))
    finally:
        i18n.set_language("en")
    assert "あなたの逆提案" in whole or "逆提案" in whole
    left = sorted({f for f in english if f in whole})
    assert not left, f"English left in the page: {left[:20]}"


def test_offer_builder_by_clicking_cards_every_control_named(catalogues: Path) -> None:
    """Seat 0 builds 2 ore + 1 wool for 2 grain: each hand card it still may give is a button giving one
    (the wool, all offered, is not); each card in the offer is a button taking it back; the "ask for" row
    asks one more of a kind; every -/+ is named for what it does, in en, ja and fa."""
    from render import catan_ck as ck

    game = get_game("catan-ck")
    s = game.new(players=3, seed=1, options={"board": "beginner"})
    s.setup_i, s.turn, s.turn_no, s.stack = 6, 0, 1, [{"k": "main", "p": 0}]
    s.hands[0][0], s.hands[0][4], s.hands[0][2] = 1, 3, 1  # 1 brick, 3 ore, 1 wool
    for a in (("offer",), ("give", "ore"), ("give", "ore"), ("give", "wool"), ("get", "grain"), ("get", "grain")):
        s.apply(0, a)
    v0 = json.loads(json.dumps(s.view(0)))
    ui0 = {"me": 0, "names": list(NAMES), "legal": [list(game.encode(a)) for a in s.legal_actions(0)],
           "selected": None}
    i18n.set_language("en")
    board = str(ck.render(v0, ui0))
    ore = re.search(r'<g role="button" tabindex="0" aria-label="([^"]*)" data-act="([^"]*)" '
                    r'data-testid="hand-give-ore"', board)
    assert ore and ore.groups() == ("Give one more ore", "[&quot;give&quot;,&quot;ore&quot;]")
    assert "hand-give-wool" not in board and "hand-give-grain" not in board  # none left / none held
    panel = str(ck.action_buttons(v0, ui0))
    cards = re.findall(r'data-act="\[&quot;(\w+)&quot;, &quot;(\w+)&quot;\]" data-testid="tb-card-(\w+)-(\w+)-(\d)" '
                       r'data-key="[^"]*" class="tb-card" aria-label="([^"]*)"', panel)
    assert cards == [("ungive", "wool", "give", "wool", "0", "Give one less wool"),
                     ("ungive", "ore", "give", "ore", "0", "Give one less ore"),
                     ("ungive", "ore", "give", "ore", "1", "Give one less ore"),
                     ("unget", "grain", "get", "grain", "0", "Ask for one less grain"),
                     ("unget", "grain", "get", "grain", "1", "Ask for one less grain")]
    asks = re.findall(r'data-testid="tb-ask-(\w+)" data-key="[^"]*" class="tb-card" aria-label="([^"]*)"', panel)
    assert len(asks) == 8 and asks[0] == ("brick", "Ask for one more brick")
    assert re.search(r'data-testid="tb-ask-ore"[^>]*disabled', panel)  # ore is on the give side
    assert re.search(r'aria-label="Ask for one less wool"[^>]*>−<', panel)
    assert re.search(r'aria-label="Give one more brick"[^>]*>\+<', panel)
    for lang, words in (("ja", ("出す鉱石を1枚増やす", "求める小麦を1枚減らす")),
                        ("fa", ("یک سنگ معدن بیشتر بدهید", "یک گندم کمتر بخواهید"))):
        try:
            i18n.set_language(lang)
            whole = str(ck.render(v0, ui0)) + str(ck.action_buttons(v0, ui0))
        finally:
            i18n.set_language("en")
        for w in words:
            assert f'aria-label="{w}"' in whole, (lang, w)


def test_a_bots_offer_reaches_a_person_who_may_counter_by_clicking_cards(catalogues: Path) -> None:
    """Seat 1 (a bot) lacks 1 grain for its city and holds a spare brick: its greedy play offers everyone 1
    brick for 1 grain. I (seat 0, with 2 grain and 1 wool) see it with Accept, Decline and Counter-offer;
    in my counter (started from the mirror: 1 grain for 1 brick) my wool card in hand is a button adding
    it; I send 1 grain + 1 wool for 1 brick and the bot, as offerer, takes my counter."""
    from render import catan_ck as ck

    from py_engine.games.catan_ck.heuristic import greedy

    game = get_game("catan-ck")
    s = game.new(players=3, seed=1, options={"board": "beginner"})
    s.setup_i, s.turn, s.turn_no, s.stack = 6, 1, 1, [{"k": "main", "p": 1}]
    s.owner[30], s.btype[30] = 1, 1
    s.hands[1][3], s.hands[1][4], s.hands[1][0] = 1, 3, 2  # 1 grain, 3 ore, 2 brick
    s.hands[0][3], s.hands[0][2] = 2, 1  # 2 grain, 1 wool
    while s.stack[-1]["k"] != "offer":
        s.apply(1, greedy(s, 1, Rng(0)))
    top = s.stack[-1]
    assert (top["give"], top["get"], top["to"]) == ([1, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 1, 0, 0, 0, 0], -1)

    def ui(seat: int) -> tuple[dict, dict]:
        view = json.loads(json.dumps(s.view(seat)))
        return view, {"me": seat, "names": list(NAMES), "selected": None,
                      "legal": [list(game.encode(a)) for a in s.legal_actions(seat)]}

    i18n.set_language("en")
    panel = str(ck.action_buttons(*ui(0)))
    for testid in ("accept-btn", "decline-btn", "counter-btn"):
        assert f'data-testid="{testid}"' in panel
    assert "Bo offers 1 brick for 1 grain to everyone" in plain(str(ck.summary(ui(0)[0], NAMES)))
    s.apply(0, ("counter",))
    board = str(ck.render(*ui(0)))
    assert 'aria-label="Give one more wool" data-act="[&quot;give&quot;,&quot;wool&quot;]"' in board
    assert "You give 1 grain; you get 1 brick." in plain(str(ck.action_buttons(*ui(0))))
    s.apply(0, ("give", "wool"))  # the click on my wool card: 1 grain + 1 wool for 1 brick
    s.apply(0, ("send",))
    s.apply(2, ("decline",))
    assert s.stack[-1]["k"] == "confirm" and greedy(s, 1, Rng(0)) == ("trade", 0)
    deal = str(ck.action_buttons(*ui(1)))  # the bot's choice as a person would see it: the deal on its button
    assert "Trade with Anna: you give 1 brick, you get 1 wool, 1 grain" in plain(deal)


def test_trade_log_lines_read_as_text() -> None:
    """An offer's and a trade's log line carry the cards' words as text (hidden beside the icons), so a
    line read as text is 'You offer 1 grain for 2 brick', not 'You offer  for '."""
    from render import catan_ck as ck

    i18n.set_language("en")
    offer = {"seat": 0, "key": "offer", "params": {"give": [["grain", 1]], "get": [["brick", 2]], "to": -1}}
    deal = {"seat": 0, "key": "trade", "params": {"with": 1, "give": [["grain", 1]], "get": [["brick", 1]]}}
    for entry, said in ((offer, "You offer 1 grain for 2 brick"), (deal, "You trade 1 grain for 1 brick with Anna")):
        line = str(ck.log_html(entry, ["You", "Anna"]))
        assert re.sub(r"<svg\b.*?</svg>|<[^>]+>", "", line) == said


def main_position(**hand: int) -> tuple[dict, dict, object]:
    """Seat 0 in its action phase on the beginner board with a settlement at 8, a road 8-13 and `hand`."""
    from py_engine.games.catan_ck.data import EDGES, KIDX

    game = get_game("catan-ck")
    s = game.new(players=3, seed=1, options={"board": "beginner"})
    s.setup_i, s.turn, s.turn_no, s.stack = 6, 0, 1, [{"k": "main", "p": 0}]
    s.owner[8], s.btype[8] = 0, 1
    s.road[EDGES.index((8, 13))] = 0
    for k, n in hand.items():
        s.hands[0][KIDX[k]] = n
    view = json.loads(json.dumps(s.view(0)))
    ui = {"me": 0, "names": list(NAMES), "legal": [list(game.encode(a)) for a in s.legal_actions(0)],
          "selected": None}
    return view, ui, s


def test_build_menu_costs_lit_and_spots(catalogues: Path) -> None:
    """Road and knight affordable, city not: the road is lit with its two cost icons; choosing it lights
    only road spots on the board (not the knight's spot)."""
    from render import catan_ck as ck

    i18n.set_language("en")
    view, ui, s = main_position(brick=1, lumber=1, grain=1, wool=1, ore=1)
    menu = str(ck.action_buttons(view, ui))
    road = re.search(r'<button[^>]*data-testid="build-road"[^>]*>(.*?)</button>', menu).group(0)
    assert 'aria-disabled="false"' in road and 'data-cmd="select"' in road
    face, tip = road.split('<span class="ck-tip"')
    assert face.count('data-icon="brick"') == 1 and face.count('data-icon="lumber"') == 1
    city = re.search(r'<button[^>]*data-testid="build-city"[^>]*>(.*?)</button>', menu).group(0)
    assert 'aria-disabled="true"' in city and city.count('data-icon="ore"') == 6 and "data-cmd" not in city
    assert "Improve trade to level 1" in menu  # no city: not affordable, shown with its cost
    # the hover/focus card: name, cost as icons named in words, what it does; the button's description
    assert 'aria-describedby="tip-build-road"' in road and 'class="ck-tipped lit"' in road
    assert tip.startswith(' role="tooltip" id="tip-build-road" data-testid="tip-build-road"><strong>Road</strong>')
    assert '<span>Cost: <span class="ck-cards" role="img" aria-label="1 brick, 1 lumber"' in tip
    assert tip.count('data-icon="brick"') == 1 and "the longest road is worth 2 VP" in tip
    trade_tip = re.search(r'<span class="ck-tip" role="tooltip" id="tip-improve-trade-btn".*?</span></span>', menu)
    assert 'aria-label="1 cloth"' in trade_tip.group(0) and "trade commodities 2:1" in menu
    board_all = str(ck.render(view, ui))
    chosen = str(ck.render(view, dict(ui, selected="build-road")))
    roads = [a for a in s.legal_actions(0) if a[0] == "road"]
    assert roads and chosen.count('data-testid="t-e') == len(roads)
    assert 'data-testid="t-v13"' in board_all and 'data-testid="t-v13"' not in chosen
    # a spot names the piece it builds; hovering or focusing it shows that piece's card with its cost icons
    assert re.search(r'data-testid="t-v13"[^>]*data-tip="knight" aria-describedby="spot-tip-knight"', board_all)
    card = re.search(r'<g class="spot-tip spot-tip-road" id="spot-tip-road" role="img" aria-label="Road: 1 brick, '
                     r'1 lumber" data-testid="spot-tip-road">.*?</g></g>', chosen).group(0)
    assert card.count('data-icon="brick"') == 1 and card.count('data-icon="lumber"') == 1 and ">Road</text>" in card
    assert ".board:has([data-tip~=road]:hover) .spot-tip-road" in chosen and "spot-tip-knight" not in chosen


def test_dice_stats_alchemist_and_discard_words(catalogues: Path) -> None:
    from render import catan_ck as ck

    i18n.set_language("en")
    view, ui, s = main_position()
    s.sums[7], s.sums[8] = 3, 1
    s.dice = {"yellow": 5, "red": 3, "event": "ship"}
    view = json.loads(json.dumps(s.view(0)))
    board = str(ck.render(view, ui))
    assert "Dice this game (4 rolls): 2: 0, 3: 0, 4: 0, 5: 0, 6: 0, 7: 3, 8: 1" in board
    assert re.search(r'data-testid="dice-total"[^>]*>=8<', board)
    s.stack = [{"k": "roll", "p": 0}]
    roll_ui = dict(ui, legal=[["roll"]])
    assert ck.status_text(json.loads(json.dumps(s.view(0))), roll_ui) == "Anna: roll the dice."
    s.prog[0] = ["alchemist"]
    roll_ui = dict(ui, legal=[["roll"], ["play", "alchemist"]])
    assert ck.status_text(json.loads(json.dumps(s.view(0))), roll_ui) == "Anna: roll the dice (or play Alchemist)."
    s.hands[0] = [3, 3, 3, 0, 0, 0, 0, 0]
    s.stack = [{"k": "discard", "need": [4, 0, 0], "to": -1, "why": "seven", "gone": [[0] * 8] * 3}]
    assert ck.status_text(json.loads(json.dumps(s.view(0))), dict(ui, legal=[["discard", "brick"]])) == \
        "Anna: discard 4 of your 9 cards."
    mono = {"seat": 0, "key": "monopoly", "params": {"kind": "ore", "got": [[1, 2], [2, 1]]}}
    assert ck.log_text(mono, ["You", "Bo", "Cyd"]) == "You name ore, receiving 3 from the others"


def test_log_lines_show_cards_as_icons_named_in_words(catalogues: Path) -> None:
    """The log panel's line (log_html) draws resources and commodities as our icons, one per card (many as
    "n×" and one icon), each group one image named in words; the plain line (log_text) stays words; a
    name is escaped and cannot forge an icon."""
    from render import catan_ck as ck

    bank = {"seat": 1, "key": "bank", "params": {"give": "ore", "n": 4, "get": "brick"}}
    prod = {"seat": None, "key": "produce", "params": {"total": 8, "got": [[0, "ore", 2], [1, "cloth", 1]]}}
    disc = {"seat": 0, "key": "discard", "params": {"cards": [5, 0, 0, 0, 0, 0, 0, 1]}}
    try:
        i18n.set_language("en")
        line = str(ck.log_html(bank, ["You", "Anna"]))
        who = re.match(r'<span class="ck-who" style="white-space:nowrap"><svg [^>]*aria-hidden="true"[^>]*><rect [^>]*'
                       r'fill="#0072b2"[^>]*/></svg><bdi>Anna</bdi></span>', line)  # Anna's colour, then her name
        assert who and line[who.end():].startswith(' trades <span class="ck-cards" role="img" aria-label="4 ore" '
                                                   'title="4 ore"')
        assert line.count('data-icon="ore"') == 4 and line.count('data-icon="brick"') == 1
        assert 'aria-label="brick" title="brick"' in line and line.endswith("</span> with the bank")
        assert plain(line) == ck.log_text(bank, ["You", "Anna"]) == "Anna trades 4 ore for 1 brick with the bank"
        line = str(ck.log_html(prod, ["<b>Bo</b>", "Anna"]))
        assert "<bdi>&lt;b&gt;Bo&lt;/b&gt;</bdi></span> +<span" in line and "<b>" not in line
        assert line.count('data-icon="ore"') == 2 and line.count('data-icon="cloth"') == 1
        assert plain(line) == "Production on 8: &lt;b&gt;Bo&lt;/b&gt; +2 ore; Anna +1 cloth"
        prod["params"]["got"].append([1, "lumber", 2])  # one entry per player: Anna's cards together
        assert ck.log_text(prod, ["You", "Anna"]) == "Production on 8: You +2 ore; Anna +2 lumber, 1 cloth"
        line = str(ck.log_html(disc, ["You"]))
        assert '<span class="n">5×</span>' in line and line.count('data-icon="brick"') == 1
        assert plain(line) == "You discard 5 brick, 1 paper"
        roll = {"seat": 0, "key": "roll", "params": {"yellow": 2, "red": 6, "event": "ship"}}
        line = str(ck.log_html(roll, ["You"]))
        assert line.startswith('You roll <svg xmlns="http://www.w3.org/2000/svg" viewBox="-10 -10 20 20" width="18" '
                               'height="18" role="img" aria-label="yellow die 2" class="ck-die"')
        assert line.count("<circle") == 8 and 'aria-label="red die 6"' in line
        assert line.endswith("</svg>, event die: ship")
        assert ck.log_text(roll, ["You"]) == "You roll 2 + 6, event die: ship"
        forged = str(ck.log_html({"seat": 0, "key": "road", "params": {}}, ["\ue0000\ue001x"]))
        assert plain(forged) == "0x builds a road" and "ck-cards" not in forged
        i18n.set_language("fa")
        line = str(ck.log_html(bank, ["شما", "آنا"]))
        assert 'aria-label="۴ سنگ معدن"' in line and line.count('data-icon="ore"') == 4
        said = plain(line).replace("\u2068", "").replace("\u2069", "")
        assert said == "آنا: با بانک ۴ سنگ معدن را با ۱ آجر مبادله کرد"
    finally:
        i18n.set_language("en")


def test_bank_builder_rates_sides_and_one_confirm(catalogues: Path) -> None:
    """Bank and harbour trades are built: give only what the hand holds at its best rate (4 brick at 4:1,
    2 ore at the 2:1 ore harbour, wool 2:1 by Merchant Fleet; 3 grain at 4:1 is not offered), take what the
    bank has; the confirm is named for the trade in words and icons and plays the engine's decisions, one
    lot for one card each."""
    from render import catan_ck as ck

    from py_engine.games.catan_ck.data import KIDX

    i18n.set_language("en")
    view, ui, s = main_position(brick=5, ore=2, grain=3, wool=2)
    s.owner[10], s.btype[10] = 0, 1  # the 2:1 ore harbour (beginner board)
    s.fleet = [KIDX["wool"]]
    s.bank[KIDX["coin"]] = 0
    view = json.loads(json.dumps(s.view(0)))
    ui = dict(ui, legal=[list(a) for a in s.legal_actions(0)])

    def panel(sel: str | None) -> str:
        return str(ck.action_buttons(view, dict(ui, selected=sel)))

    closed = panel(None)
    assert 'data-testid="bank-builder"' not in closed
    assert re.search(r'<button data-cmd="select" data-arg="bank:" data-testid="panel-bank"[^>]*>Bank trade…', closed)
    empty = panel("bank:")
    gives = re.findall(r'data-testid="bk-give-row-(\w+)"', empty)
    assert gives == ["brick", "wool", "ore"]
    ore = re.search(r'data-testid="bk-give-row-ore".*?</tr>', empty).group(0)
    assert '<span class="rate">2:1</span>' in ore and "2:1 harbour" in ore and ore.count('data-icon="ore"') == 3
    assert "Merchant Fleet" in re.search(r'data-testid="bk-give-row-wool".*?</tr>', empty).group(0)
    assert "the bank" in re.search(r'data-testid="bk-give-row-brick".*?</tr>', empty).group(0)
    takes = re.findall(r'data-testid="bk-take-row-(\w+)"', empty)
    assert takes == ["brick", "lumber", "wool", "grain", "ore", "cloth", "paper"]  # no coin left in the bank
    assert re.search(r'<button class="primary" data-testid="bank-trade"[^>]*disabled', empty)
    assert "Choose what to give and what to take." in empty
    one = panel("bank:0,0,0,0,1,0,0,0;0,0,0,0,0,0,0,1")  # 2 ore for 1 paper
    assert re.search(r'data-testid="bk-give-ore" [^>]*disabled', one)  # 2 ore: one lot only
    assert re.search(r'data-testid="bk-take-ore" [^>]*disabled', one)  # a kind given is not taken
    btn = re.search(r'<button class="primary" data-testid="bank-trade"[^>]*>(.*?)</button>', one).group(0)
    assert 'aria-label="Trade 2 ore for 1 paper"' in btn and 'data-act="[&quot;bank&quot;, &quot;ore&quot;, ' \
        '&quot;paper&quot;]"' in btn
    assert " ".join(plain(btn).split()) == "Trade 2 ore for 1 paper"
    assert 'data-icon="ore"' in btn and 'data-icon="paper"' in btn
    short = panel("bank:1,0,0,0,1,0,0,0;0,0,0,0,0,0,0,1")
    assert "Choose 1 more card to take." in short and 'data-testid="bank-trade" data-key="bank-trade" disabled' \
        in short
    both = panel("bank:1,0,1,0,1,0,0,0;0,0,0,2,0,0,0,1")  # 4 brick, 2 wool, 2 ore for 2 grain, 1 paper
    acts = json.loads(re.search(r'data-testid="bank-trade"[^>]*data-acts="([^"]*)"', both).group(1)
                      .replace("&quot;", '"'))
    assert acts == [["bank", "brick", "grain"], ["bank", "wool", "grain"], ["bank", "ore", "paper"]]
    assert "Trade 4 brick, 2 wool, 2 ore for 2 grain, 1 paper" in both
    before = list(s.hands[0])
    for a in acts:
        assert tuple(a) in s.legal_actions(0)
        s.apply(0, tuple(a))
    assert [h - b for h, b in zip(s.hands[0], before)] == [-4, 0, -2, 2, -2, 0, 0, 1]
    # a selection past what is possible is cut to it (3 lots of ore asked, 1 held)
    assert 'data-testid="bk-give-n-ore">2<' in panel("bank:0,0,0,0,3,0,0,0;0,0,0,0,0,0,0,0")


def test_improvement_tracks_hover_card_shows_the_next_level_cost(catalogues: Path) -> None:
    """A player's track is one image named by its whole explanation; hovering it shows its card with the next
    level's cost as commodity icons (trade 2 -> level 3: three cloth)."""
    from render import catan_ck as ck

    i18n.set_language("en")
    view, ui, s = main_position()
    s.impr[0][0] = 2
    view = json.loads(json.dumps(s.view(0)))
    board = str(ck.render(view, ui))
    assert re.search(r'<g class="trk trk-0-trade" role="img" aria-label="trade improvements: level 2 of 5\. When '
                     r'the event die shows trade', board)
    card = re.search(r'<g class="track-tip track-tip-0-trade" data-testid="track-tip-0-trade">.*?</text></g>',
                     board).group(0)
    assert ">Level 3 of trade costs</text>" in card and card.count('data-icon="cloth"') == 3
    assert "Progress cards: red die 3 or less on a trade event." in card and "trading house" in card
    assert ".board:has(.trk-0-trade:hover) .track-tip-0-trade{display:inline}" in board
    politics = re.search(r'data-testid="track-tip-1-politics">.*?</text></g>', board).group(0)
    assert politics.count('data-icon="coin"') == 1 and "At level 0 you draw no politics progress cards." in politics
    science = re.search(r'data-testid="track-tip-2-science">.*?</text></g>', board).group(0)
    assert ">From level 3 (aqueduct): when a roll other</text>" in science  # a long ability on two lines
    assert ">than 7 gives you nothing, take a resource.</text>" in science


def test_progress_cards_knights_and_vp_as_icons(catalogues: Path) -> None:
    """Progress cards after their deck's icon (trade, politics, science: each its colour and its symbol),
    knights as the board draws them (level by shape, active by fill), victory points as a medal: in log
    lines (the plain words unchanged), the status line, the players' summary and panels, and buttons."""
    from render import catan_ck as ck
    from render.catan_ck import icons

    i18n.set_language("en")
    shapes = {t: str(icons.icon_html(f"deck-{t}")) for t in ("trade", "politics", "science")}
    fills = [re.search(r'<rect [^>]*fill="(#[0-9a-f]+)"', svg).group(1) for svg in shapes.values()]
    symbols = [re.findall(r'd="([^"]+)"', svg) for svg in shapes.values()]
    assert len(set(fills)) == 3 and all(symbols) and len({tuple(x) for x in symbols}) == 3
    names = ["You", "Bo", "Cy"]
    lines = {"play": ({"card": "bishop"}, "deck-politics", "You play Bishop"),
             "draw": ({"track": "science"}, "deck-science", "You draw a science progress card"),
             "draw_card": ({"track": "trade", "card": "merchant"}, "deck-trade", "You draw Merchant (trade)"),
             "win": ({"vp": 13}, "vp", "You win with 13 VP")}
    for key, (params, drawn, said) in lines.items():
        entry = {"seat": 0, "key": "draw" if key == "draw_card" else key, "params": params}
        line = str(ck.log_html(entry, names))
        assert f'data-icon="{drawn}"' in line, key
        assert " ".join(plain(line).split()) == ck.log_text(entry, names) == said
    recruit = str(ck.log_html({"seat": 1, "key": "knight", "params": {"v": 3, "level": 1}}, names))
    assert 'data-knight="1" data-active="0"' in recruit and "stroke-dasharray" in recruit  # recruited: inactive
    promote = str(ck.log_html({"seat": 1, "key": "promote", "params": {"v": 3, "level": 3}}, names))
    assert 'data-knight="3" data-active="1"' in promote and "<circle" in promote  # mighty: in a ring
    assert str(icons.knight_html(2, True)).count("<polygon") == 2  # the ink outline, the token

    view, ui, s = main_position(brick=1)
    s.prog[0], s.stack = ["alchemist", "bishop"], [{"k": "roll", "p": 0}]
    s.kn_owner[13], s.kn_level[13], s.kn_active[13] = 0, 2, 1
    v = json.loads(json.dumps(s.view(0)))
    roll = dict(ui, legal=[["roll"], ["play", "alchemist"]])
    status = str(ck.status_html(v, roll))
    assert 'data-icon="deck-science"' in status and plain(status).endswith(ck.status_text(v, roll))
    assert "<svg" not in str(ck.status_html(v, dict(roll, legal=[["roll"]])))
    s.stack = [{"k": "card", "p": 0, "card": "bishop"}]
    assert 'data-icon="deck-politics"' in str(ck.status_html(json.loads(json.dumps(s.view(0))), ui))
    s.stack = [{"k": "card", "p": 0, "card": "deserter_place"}]  # a later step of Deserter (politics)
    assert 'data-icon="deck-politics"' in str(ck.status_html(json.loads(json.dumps(s.view(0))), ui))
    told = str(ck.summary(v, NAMES))
    mine = re.search(r"<li>.*?</li>", told).group(0)
    assert mine.count('data-icon="deck-science"') == 1 and mine.count('data-icon="deck-politics"') == 1
    assert 'data-icon="vp"' in mine and "knights 2" in plain(mine)
    assert re.search(r'<span role="img" aria-label="Active strong knight" title="Active strong knight"><svg [^>]*'
                     r'data-knight="2" data-active="1"', mine)  # the knight on the board, as drawn there
    board = str(ck.render(v, ui))
    assert re.search(r'data-testid="knights-0" role="img" aria-label="Active knights of Anna: strength 2"', board)
    assert board.count('data-icon="vp"') == 3 and board.count('data-icon="deck-trade"') == 3
    s.stack = [{"k": "main", "p": 0}]
    s.prog[0] = ["merchant"]
    main = json.loads(json.dumps(s.view(0)))
    buttons = str(ck.action_buttons(main, dict(ui, legal=[list(a) for a in s.legal_actions(0)])))
    play = re.search(r'<button[^>]*data-testid="play-merchant-btn"[^>]*>(.*?)</button>', buttons).group(1)
    assert 'data-icon="deck-trade"' in play and plain(play).strip() == "Play Merchant"
