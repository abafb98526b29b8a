"""``determinize``: re-deal what ``seat`` cannot see (see ``Engine.determinize``).

Known to ``seat``: the board, scores, Reserves, Trumps, discards, the limbo and the duel, its
own hand, and the back (site) of every card in every hand. Unknown and re-dealt: the other
hands' cards, site by site among that site's unknown cards (its deck and the other hands' cards
of that site), the order of every deck, other seats' secret choices in progress (Brawl answers,
Nosy parker keeps, Choir boys counts, the card another seat is choosing arguments for), and the
RNG word.
"""

from __future__ import annotations

from ..base import clone
from ..hidden import Sampler, deal, reseed
from .cards import arg_options, brawl_legal, playable
from .common import hand_backs, performance_cards
from .data import CARDS, SITES
from .endday import nosy_legal
from .setup import LAYOUT


def determinize(state: dict, seat: int, rnd: Sampler) -> dict:
    s = LAYOUT.copy(state)  # shared rows: replaced below, never changed
    n = s["n"]
    others = [o for o in range(n) if o != seat]
    step = s["step"] = clone(s["step"])  # kept (``setup.LAYOUT``): changed below
    backs = {o: hand_backs(s["hand"][o]) for o in others}
    pools = {site: list(s["deck"][site]) for site in SITES}
    for o in others:
        for card in s["hand"][o]:
            pools[CARDS[card][1]].append(card)
    new_hands: dict[int, list[str]] = {o: [] for o in others}

    # Another seat choosing arguments for a card: which card is its secret; it is one of its
    # hand that needs arguments (args restart empty, they are secret too).
    chooser = step["s"][0] if step and step["k"] == "arg" and s["phase"] != "over" else None
    if chooser is not None and chooser != seat:
        fits = sorted(
            {
                c
                for site in SITES
                if backs[chooser][site]
                for c in pools[site]
                if playable(s, chooser, c) and arg_options(s, chooser, c, []) is not None
            }
        )
        card = rnd.choice(fits)
        pools[CARDS[card][1]].remove(card)
        backs[chooser][CARDS[card][1]] -= 1
        new_hands[chooser].append(card)
        step["c"], step["a"] = card, []

    for site in SITES:
        parts = deal(pools[site], [backs[o][site] for o in others], rnd)
        for o, part in zip(others, parts):
            new_hands[o] += part
        s["deck"][site] = parts[-1]
    for o in others:
        s["hand"][o] = sorted(new_hands[o])

    if step and s["phase"] != "over":
        _secret_choices(s, seat, step, rnd)
    reseed(s, rnd)
    return s


def _secret_choices(s: dict, seat: int, step: dict, rnd: Sampler) -> None:
    """Other seats' simultaneous answers already given (still secret) are drawn again."""
    waiting = set(step["s"])
    if step["k"] == "brawl":
        for o in step["all"]:
            if o != seat and o not in waiting:
                step["pick"][o] = rnd.choice(sorted(set(brawl_legal(s, o))))
    elif step["k"] == "nosy":
        for o in step["all"]:
            if o != seat and o not in waiting:
                step["keep"][o] = rnd.choice(sorted(set(nosy_legal(s, o))))[5:]
    elif step["k"] == "choir":
        for o in range(s["n"]):
            if (
                o != seat
                and o not in waiting
                and "choir" in s["res"][o]
                and performance_cards(s, o)
            ):
                step["use"][o] = rnd.randint(0, s["res"][o].count("choir"))
