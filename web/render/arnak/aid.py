"""Arnak's player aid (in the Rules dialog, one click from the table): what each icon means, a round, the
seven main actions, the free actions, and how to play by pointing in this app."""

from __future__ import annotations

from i18n import N_, _

from ..markup import Safe, join, tag
from .icons import inline

# (icons, meaning): the icons as drawn on the board, then their meaning in words
ICONS = (
    (("coin",), N_("Coin: buys items; two coins hire a plane for travel.")),
    (("compass",), N_("Compass: buys artifacts and discovers new sites (3 for level I, 6 for level II).")),
    (("tablet", "arrowhead", "jewel"), N_("Tablet, arrowhead, jewel: pay for research, temple tiles and guardians.")),
    (("up",), N_("Upgrade: a tablet to an arrowhead, or an arrowhead to a jewel.")),
    (("boot", "car", "ship", "plane"), N_("Travel icons pay a site's travel cost: a car or a ship also pays a boot, "
                                          "a plane pays any icon.")),
    (("card",), N_("Draw a card.")),
    (("exile",), N_("Exile: a card from your hand or play area leaves the game.")),
    (("fear",), N_("Fear card: −1 point at the end, and a weak card in your deck.")),
    (("idol",), N_("Idol: 3 points; placing it in a slot gives a bonus once (an empty slot scores too).")),
    (("guardian",), N_("Guardian: overcome it for 5 points and a boon; otherwise it gives Fear to the "
                       "archaeologists at its site when the round ends.")),
    (("vp",), N_("Victory points.")),
    (("notebook", "glass"), N_("Your notebook and magnifying glass on the research track, in your colour.")),
    (("archaeologist",), N_("Archaeologist: each dig or discovery sends one out; they come home at the round's "
                            "end.")),
    (("assistant",), N_("Assistant: recruited on the research track, used once a round; its gold side is "
                        "stronger.")),
    (("temple",), N_("Lost temple: only the magnifying glass may enter.")),
)
ROUND = N_("Five rounds. From the start player on, each turn is one main action plus any free actions, until "
           "everyone has passed. Then archaeologists at a guardian's site take Fear, everyone takes their "
           "archaeologists home, keeps or puts away hand cards and draws back to five, and the moon staff moves.")
MAIN = (N_("Dig at a site: send an archaeologist there and pay its travel."),
        N_("Discover a new site: travel plus compasses; take its idol, reveal its site tile and a guardian."),
        N_("Overcome a guardian at a site where you are."),
        N_("Buy an item with coins or an artifact with compasses (an artifact is used at once)."),
        N_("Play a card for its main action."),
        N_("Research: pay to move your notebook or magnifying glass up the track."),
        N_("Pass: you take no more turns this round."))
FREE = N_("Free actions, any number, before or after your main action: play a card marked ⚡, place an idol in a "
          "slot, use a guardian's boon, use an assistant.")
POINTING = N_("Here: click a card in your hand to see it large; the sites it can pay to travel to light up and "
              "its own action becomes a button. Click a lit site to dig there, paying with that card. Row cards "
              "show their price: click one to buy it. Reachable research spaces are outlined: click to move.")


def aid_html() -> Safe:
    """The aid's sections (headings h3, as the rest of the rules panel)."""
    rows = [tag("li", None, *[inline(i) for i in icons], " ", _(meaning)) for icons, meaning in ICONS]
    return join(tag("section", {"data-testid": "arnak-aid"}, tag("h3", None, _("Icons")),
                    tag("ul", {"style": "list-style:none;padding-inline-start:0"}, "", rows)),
                tag("section", None, tag("h3", None, _("A round")), tag("p", None, _(ROUND))),
                tag("section", None, tag("h3", None, _("Main actions")),
                    tag("ol", None, "", [tag("li", None, _(m)) for m in MAIN])),
                tag("section", None, tag("h3", None, _("Free actions")), tag("p", None, _(FREE))),
                tag("section", None, tag("h3", None, _("Playing by pointing")), tag("p", None, _(POINTING))))
