"""The position editor's words for Arnak's board, research, assistants and rival zones and for Islands in
the Mist's harbour and extension tiles (py_engine.games.arnak.zones, py_engine.games.islands.zones), as
data; web/editor.py asks here before its own tables."""

from __future__ import annotations

from i18n import N_, _, tr

# zone name -> words: {site} a board site, {who} a seat's name, {state} the zone's key in words, {n} a number
ZONES = {"site": N_("{site}: site tile"), "idol": N_("{site}: idol"), "guardian": N_("{site}: guardian"),
         "dig": N_("{site}: archaeologist"), "guardians": N_("{who}: guardians ({state})"),
         "research": N_("Research track: space {n}"), "bonus": N_("Research track: bonus tiles on space {n}"),
         "temple": N_("Lost temple (in order of arrival)"),
         "tiles": N_("{who}: temple tiles"), "assistants": N_("Assistant stack {n}"),
         "rescue": N_("Assistants to rescue"), "assistant": N_("{who}: assistants ({state})"),
         "rival-stack": N_("Rival: face-down action tiles"), "rival-used": N_("Rival: flipped action tiles"),
         "rival-guardians": N_("Rival: guardians"), "rival-cards": N_("Rival: cards"),
         "rival-temple": N_("Rival: temple tiles"), "rival-idols": N_("Rival: face-up idols"),
         "harbour": N_("Harbour board"), "beside": N_("{who}: extension tiles beside the board")}
STATES = {"ready": N_("boon unused"), "used": N_("boon used"), "silver": N_("silver side"), "gold": N_("gold side"),
          "silver-used": N_("silver side, exhausted"), "gold-used": N_("gold side, exhausted")}
FIELDS = {"idols": N_("{who}: idols (not in slots)"), "slots": N_("{who}: idol slots used"),
          "rival_idols_down": N_("Rival: face-down idols"),
          "takes": N_("Tiles left to take at the dock (during an exchange)"),
          "given": N_("Tile given to the harbour (it may not be taken back)")}
ISLANDS_OWN = ("office", "lookout_small", "harbour_office", "lookout_large", "wind_machine", "royal_couple")


def site_name(key: str) -> str:
    """'6' (zone key: the site's index + 1) -> 'level I site 1'; '14' -> 'level II site 1'."""
    k = int(key)
    return tr("level I site {n}", n=k - 5) if k <= 13 else tr("level II site {n}", n=k - 13)


def zone_label(parts: list[str], names: list[str]) -> str:
    kind = parts[0]
    who = names[int(parts[1])] if len(parts) > 1 and parts[1].isdigit() and int(parts[1]) < len(names) else ""
    state = _(STATES[parts[-1]]) if parts[-1] in STATES else ""
    site = site_name(parts[1]) if kind in ("site", "idol", "guardian", "dig") else ""
    return tr(ZONES[kind], who=who, state=state, site=site, n=parts[-1])


def component_label(comp: str) -> str | None:
    """Words of a component named here ('site1-3', 'idol-coin', 'glass-0', 'office-1'...), else None."""
    from render.arnak.texts import STACK_NAMES, TOKEN_NAMES, bonus_text, idol_word, rival_tile_name

    kind, _sep, rest = comp.partition("-")
    if comp == "archaeologist-rival":
        return _("rival's archaeologist")
    if kind in ("site1", "site2") and rest.isdigit():
        return tr("level I site tile {n}", n=rest) if kind == "site1" else tr("level II site tile {n}", n=rest)
    if kind == "idol":
        return tr("idol: {what}", what=idol_word(rest))
    if kind == "guardian" and rest.isdigit():
        return tr("guardian {n}", n=rest)
    if kind == "assistant" and rest.isdigit():
        return tr("assistant {n}", n=rest)
    if kind in TOKEN_NAMES:
        token = _(TOKEN_NAMES[kind])
        return tr("rival's {token}", token=token) if rest == "rival" else tr("{token} of player {n}", token=token,
                                                                            n=int(rest) + 1)
    if kind == "temple" and rest in STACK_NAMES:
        return tr("temple tile: {stack}", stack=_(STACK_NAMES[rest]))
    if kind == "rival":
        return rival_tile_name(rest)
    if kind == "bonus" and rest:
        return tr("research bonus tile: {what}", what=bonus_text(rest))
    if kind in ISLANDS_OWN and rest.isdigit():
        from render.islands import kind_name

        return tr("{tile} of player {n}", tile=kind_name({"kind": kind}), n=int(rest) + 1)
    return None


def field_label(base: str, who: str) -> str | None:
    return tr(FIELDS[base], who=who) if base in FIELDS else None


def choice_label(value: str) -> str | None:
    """A balloon's harbour dock: 'dock-3' -> 'harbour dock 3'."""
    if value.startswith("dock-") and value[5:].isdigit():
        return tr("harbour dock {n}", n=value[5:])
    return None
