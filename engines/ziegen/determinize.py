"""``determinize``: re-deal what ``seat`` cannot see (see ``Engine.determinize``).

Known to ``seat``: the pasture, every played and discarded card, its own hand, the cards
revealed in other hands at a scoring or taken into them from the pasture (``taken``), how many
cards each zone holds, and the mulligan choices once resolved. Unknown and re-dealt: the other
hands' other cards, the draw pile (content and order), the box, other seats' secret mulligan
choices, the RNG word.

Constraints kept so that the world is one the setup and the rules can produce:
- the box holds whole goat sets (only sets none of whose cards was ever seen), plus the number
  of dogs and milk shakes of each value ``data.REMOVALS`` sends there;
- goats of a scored set that nobody can see are in the draw pile (a scoring reveals those in
  hands, and a set's goats can no longer be taken), which keeps the public reserved counts.
"""

from __future__ import annotations

from ..base import own
from ..hidden import Sampler, deal, remove_all, reseed, sample
from . import data
from .common import dogs_in_hand
from .setup import LAYOUT


def determinize(state: dict, seat: int, rnd: Sampler) -> dict:
    s = LAYOUT.copy(state)  # shared rows: replaced below, never changed
    n = s["n"]
    revealed = set(s["revealed"])
    others = [o for o in range(n) if o != seat]
    kept = {o: [c for c in s["hands"][o] if c in revealed or c in s["taken"][o]] for o in others}
    unknown = list(s["draw"]) + list(s["box"])
    for o in others:
        unknown += [c for c in s["hands"][o] if c not in kept[o]]
    data.sort_cards(unknown)
    unknown_set = set(unknown)

    # The box: whole unseen sets, then dogs and milk shakes by value.
    sets_out, dogs_out, milk1_out, milk2_out = data.REMOVALS[n]
    box: list[str] = []
    if s["box"]:
        whole = [k for k in data.SET_KEYS if all(c in unknown_set for c in data.SET_CARDS[k])]
        for k in sample(whole, sets_out, rnd):
            box += data.SET_CARDS[k]
        for pool, count in (
            ([c for c in unknown if data.KIND[c] == "d"], dogs_out),
            ([c for c in unknown if data.KIND[c] == "m" and data.VALUE[c] == 1], milk1_out),
            ([c for c in unknown if data.KIND[c] == "m" and data.VALUE[c] == 2], milk2_out),
        ):
            box += sample(pool, count, rnd)
        data.sort_cards(box)
        if len(box) != len(s["box"]):  # a layout this code does not know: keep it random
            box = sample(unknown, len(s["box"]), rnd)
    rest = remove_all(unknown, box)

    owner = s["owner"]
    forced = [c for c in rest if data.GOAT_SET[c] in owner]
    free = remove_all(rest, forced)
    sizes = [len(s["hands"][o]) - len(kept[o]) for o in others]
    parts = deal(free, sizes, rnd)
    for o, part in zip(others, parts):
        s["hands"][o] = data.sorted_cards(kept[o] + part)
    draw = forced + parts[-1]
    data.sort_cards(draw)
    rnd.shuffle(draw)
    s["draw"] = draw
    s["box"] = box

    if s["phase"] == "mulligan":
        for o in others:
            if s["mull"][o] is not None:
                own(s, "mull")[o] = rnd.randint(0, dogs_in_hand(s, o))
    reseed(s, rnd)
    return s
