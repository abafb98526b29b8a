"""A new game: decks shuffled at their sites, 5 points each, the Badge of Honor with seat 0.

With the Additional Cards options, the chosen cards go into the decks first (see
``additional_cards``); the base game draws nothing from the RNG for them, so its seeds give the
same games as before the module existed."""

from __future__ import annotations

from .. import rng
from ..base import Layout
from .data import (
    ALT_GLOVES,
    ALT_HENCHMEN,
    ANIMALS,
    ARMORY_ANIMALS,
    DAYS,
    HENCHMEN,
    SITES,
    START_SCORE,
    TARGET,
    full_deck,
)


def _pick(state: dict, mode: str, cards: tuple) -> list[str]:
    """ "all" the cards, "none", the cards named ("silk" or "silk+velvet"), or "random": a
    non-empty random subset (each card in with an even chance; if none came in, one drawn at
    random)."""
    if mode == "all":
        return list(cards)
    if mode == "none":
        return []
    if mode != "random":
        named = mode.split("+")
        return [c for c in cards if c in named]
    chosen = [c for c in cards if rng.randbelow(state, 2)]
    return chosen or [rng.choice(state, list(cards))]


def additional_cards(state: dict, options: dict) -> list[str]:
    """The Additional Cards of this game, from the table options (may use the state's RNG)."""
    extra = []
    if options.get("animals"):
        extra += [a for a in ANIMALS if a not in ARMORY_ANIMALS]
        extra.append(rng.choice(state, list(ARMORY_ANIMALS)))
    extra += _pick(state, options.get("alt_gloves", "none"), ALT_GLOVES)
    extra += _pick(state, options.get("alt_henchmen", "none"), tuple(ALT_HENCHMEN))
    return extra


# How the state nests (``engines.base.Layout``): what ``apply`` copies for a move.
LAYOUT = Layout(
    atoms=("n", "rng", "day", "badge", "phase", "turn", "days", "target"),
    flat=("supply",),
    shared=("hand", "res", "deck", "disc", "board"),
    deep=("duel", "tie"),
    # What few moves change: replaced whole, or changed on the state's own copy (``own``; the
    # step's dict: ``common.own_step``).
    kept=("lastmove", "opt", "score", "trump", "trot", "passed", "traitor", "limbo", "result")
    + ("extra", "step", "lastduel")
    + ("rot", "held"),  # rows of which a move changes one, rarely: ``own_row``
)


def new_state(num_players: int, seed: int, options: dict) -> dict:
    n = num_players
    state = {
        "n": n,
        "opt": dict(options),
        "rng": rng.seed_state(seed),
        "day": 1,
        "badge": 0,
        "phase": "place",
        "score": [START_SCORE] * n,
        "deck": {},
        "disc": {s: [] for s in SITES},
        "hand": [[] for _ in range(n)],
        "res": [[] for _ in range(n)],
        "rot": [[] for _ in range(n)],
        "trump": [None] * n,
        "trot": [False] * n,
        "board": {s: [] for s in SITES},
        "supply": [HENCHMEN] * n,
        "held": [[] for _ in range(n)],
        "passed": [False] * n,
        "traitor": [False] * n,
        "turn": 0,
        "step": None,
        "limbo": [],
        "duel": None,
        "lastduel": None,
        "tie": None,
        "result": None,
        "days": options.get("days", DAYS),
        "target": options.get("target", TARGET),
    }
    state["extra"] = additional_cards(state, options)
    state["deck"] = full_deck(tuple(state["extra"]))
    for site in SITES:
        rng.shuffle(state, state["deck"][site])
    return state
