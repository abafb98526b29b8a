"""``determinize``: re-deal what ``seat`` cannot see (see ``Engine.determinize``).

Known to ``seat``: the Village Square, the stacks' sizes, every count on the board, the used
events, the last round's retinues, its own retinue, events, bribe and exchange pick. Unknown and
re-dealt: the other retinues and the two stacks (one pool of leprechauns), the other event hands
and the events set aside (one pool of events), the face-down bribes of the others (each seat's
public event count, a face-down bribe included, is kept), the other side's face-down exchange
pick, and the RNG word. Bribing in turns, the table saw who laid a card (a bribe card) and who
passed: only which card stays secret.

Not tracked by the state (so treated as unknown): which leprechauns a seat saw walk into the
discard stack, and which leprechaun it handed over in an exchange.
"""

from __future__ import annotations

from ..hidden import Sampler, deal, reseed
from .data import BRIBE_RANK
from .setup import LAYOUT


def determinize(s0: dict, seat: int, rnd: Sampler) -> dict:
    s = LAYOUT.copy(s0)  # shared rows: replaced below, never changed
    n = s["n"]
    others = [o for o in range(n) if o != seat]
    enl = s["enl"]
    bids = enl["bids"] if enl and enl["bids"] else None

    # Leprechauns: other retinues and both stacks; the one just taken from the square to
    # fill its gap is public.
    fixed = {o: [] for o in others}
    if s["fill"] and s["fill"]["seat"] != seat:
        fixed[s["fill"]["seat"]].append(s["fill"]["card"])
    leps = list(s["left_stack"]) + list(s["right_stack"])
    for o in others:
        leps += s["ret"][o]
        for card in fixed[o]:
            leps.remove(card)
    parts = deal(
        leps, [len(s["ret"][o]) - len(fixed[o]) for o in others] + [len(s["left_stack"])], rnd
    )
    for o, part in zip(others, parts):
        s["ret"][o] = fixed[o] + part
    s["left_stack"], s["right_stack"] = parts[len(others)], parts[len(others) + 1]

    # Events: other hands (with their face-down bribes) and the cards set aside.
    def held(o: int) -> int:
        return len(s["ev"][o]) + (1 if bids and bids[o] else 0)

    evs = list(s["ev_aside"])
    for o in others:
        evs += s["ev"][o]
        if bids and bids[o]:
            evs.append(bids[o])
    # In turns the table saw who laid a card face down (not which): those seats keep a bribe.
    turns = s.get("bribes") == "turns"
    laid = {o: None for o in others}
    if bids and turns:
        for o in others:
            if bids[o]:
                laid[o] = rnd.choice(sorted({c for c in evs if c in BRIBE_RANK}))
                evs.remove(laid[o])
    counts = [held(o) - (1 if laid[o] else 0) for o in others]
    parts = deal(evs, counts, rnd)
    for o, part in zip(others, parts):
        s["ev"][o] = sorted(part)
    s["ev_aside"] = parts[-1]
    if bids:
        for o in others:
            if turns:
                if laid[o]:
                    bids[o] = laid[o]
                continue
            if bids[o] is None or o == s["active"] or not s["ev"][o]:
                continue
            choice = rnd.choice(["pass"] + sorted({c for c in s["ev"][o] if c in BRIBE_RANK}))
            if choice == "pass":
                bids[o] = ""
            else:
                s["ev"][o].remove(choice)
                bids[o] = choice

    ex = s["ex"]
    if ex:
        for o in others:
            if ex["picks"][o] is not None:
                ex["picks"][o] = rnd.choice(sorted(s["ret"][o]))
    reseed(s, rnd)
    return s
