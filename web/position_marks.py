"""A position's highlights and arrows drawn over its board (the embed and the editor's preview).

The board is the game's own SVG; positions.marks names, for each annotation, CSS selectors of the board's
parts. Their boxes are measured in the page and drawn in an SVG layer (#marks, inside #board) in percent of
the board's box, so the marks stay in place when the box is resized with the same aspect.
"""

from __future__ import annotations

import dom
import positions
from render.markup import tag

from py_engine.core import position as P


def draw(pos: P.Position, seat: int | None, board_id: str = "board", layer_id: str = "marks") -> None:
    box_el, layer = dom.by_id(board_id), dom.by_id(layer_id)
    if box_el is None or layer is None:
        return
    box = box_el.getBoundingClientRect()
    if not box.width or not box.height:  # not laid out yet (a hidden frame): drawn again once it is
        return

    def rect(selectors: list[str]):
        for sel in selectors:
            el = box_el.querySelector(sel)
            if el:  # querySelector gives JS null (falsy, not None) when nothing matches
                r = el.getBoundingClientRect()
                return ((r.left - box.left) / box.width * 100, (r.top - box.top) / box.height * 100,
                        r.width / box.width * 100, r.height / box.height * 100)
        return None

    marks = positions.marks(pos, seat)
    shapes = []
    for sels in marks["highlight"]:
        r = rect(sels)
        if r:
            shapes.append(tag("rect", {"x": r[0] - 0.6, "y": r[1] - 0.6, "width": r[2] + 1.2, "height": r[3] + 1.2,
                                       "rx": 1, "class": "mark-ring", "data-testid": "mark-ring"}))
    for a, b in marks["arrows"]:
        ra, rb = rect(a), rect(b)
        if ra and rb:
            shapes.append(tag("line", {"x1": ra[0] + ra[2] / 2, "y1": ra[1] + ra[3] / 2, "x2": rb[0] + rb[2] / 2,
                                       "y2": rb[1] + rb[3] / 2, "class": "mark-arrow",
                                       "marker-end": "url(#mark-head)", "data-testid": "mark-arrow"}))
    head = tag("defs", None, tag("marker", {"id": "mark-head", "viewBox": "0 0 10 10", "refX": 9, "refY": 5,
                                            "markerWidth": 5, "markerHeight": 5, "orient": "auto"},
                                 tag("path", {"d": "M0 0L10 5L0 10z", "class": "mark-head"})))
    dom.set_html(layer_id, tag("svg", {"viewBox": "0 0 100 100", "preserveAspectRatio": "none"}, head, shapes))
