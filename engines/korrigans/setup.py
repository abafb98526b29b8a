"""A new game: tokens shuffled onto the fields, Menhirs, the bag, the screens."""

from __future__ import annotations

from engines import rng
from engines.base import Layout

from .data import (
    BACKUP_TOKENS,
    BASE_TOKENS,
    CARRY_TOKENS,
    EXTRA_FROM_PLAYERS,
    EXTRA_TOKENS,
    MENHIRS,
    PAWNS_PER_COLOUR,
    RAINBOW,
)
from .maps import load_map


def _expand(counts: dict[str, int]) -> list[str]:
    return [kind for kind, n in counts.items() for _ in range(n)]


# How the state nests (``engines.base.Layout``): what ``apply`` copies for a move.
LAYOUT = Layout(
    atoms=("rng", "map", "n", "adv", "phase", "round", "bk_supply", "troll", "held", "holder")
    + ("chain", "cauldron", "pi", "mover", "fi"),
    shared=("tokens", "hidden", "shown", "seen"),
    # What few moves change: replaced whole, or changed on the state's own copy (``own``; the
    # decision stack's top entry: ``common.own_top``).
    kept=("lastmove", "box_tok", "box_men", "men", "gone_men", "backup", "screen", "supply")
    + ("out", "bag", "suns", "clouds", "aside", "drawn", "stack", "pos", "carry")
    + ("kept", "sacrificed", "disc"),  # rows of which a move changes one, rarely: ``own_row``
)


def new_state(n: int, seed: int, options: dict) -> dict:
    m = load_map(options["map"])
    st: dict = {"rng": rng.seed_state(seed)}
    nf = len(m.letters)
    extra = n >= EXTRA_FROM_PLAYERS
    tokens = _expand(BASE_TOKENS) + (_expand(EXTRA_TOKENS) if extra else [])
    rng.shuffle(st, tokens)
    fields: list[list[str]] = []
    for i in range(nf):
        count = m.clovers[i] + (1 if extra else 0)
        fields.append(sorted(tokens[:count]))
        tokens = tokens[count:]
    menhirs = _expand(MENHIRS)
    rng.shuffle(st, menhirs)
    men: list = [None] * nf
    for i in m.menhir_fields:
        men[i] = menhirs.pop()
    st.update(
        {
            "map": m.name,
            "n": n,
            "adv": options["placement"] == "advanced",
            "phase": "place",
            "round": 0,
            "tokens": fields,
            "men": men,
            "box_tok": sorted(tokens) + ([] if extra else sorted(_expand(EXTRA_TOKENS))),
            "box_men": sorted(menhirs),  # never used on this map, face down in the box
            "gone_men": [],  # revealed Menhirs put back in the box (public)
            "hidden": [[] for _ in range(n)],
            "shown": [[] for _ in range(n)],
            "kept": [[] for _ in range(n)],
            "sacrificed": [[] for _ in range(n)],
            "disc": [[] for _ in range(n)],
            "backup": [None] * n,  # None, "hare", "squirrel" or "spent"
            "bk_supply": BACKUP_TOKENS,
            "screen": [True] * n,
            "seen": [{} for _ in range(n)],
            "pos": [None] * (2 * n),
            "carry": [None] * (2 * n),
            "supply": dict(CARRY_TOKENS),
            "out": {k: 0 for k in CARRY_TOKENS},
            "troll": None,
            "bag": [c for c in range(len(RAINBOW)) for _ in range(PAWNS_PER_COLOUR)],
            "suns": [None] * m.rows,
            "clouds": [None] * m.cols,
            "aside": [],
            "held": None,  # a drawn pawn waiting for its Sun or Cloud
            "drawn": [],
            "holder": 0,
            "chain": False,
            "cauldron": None,
            "pi": 0,
            "mover": n,
            "fi": 0,
            "stack": [],
        }
    )
    return st
