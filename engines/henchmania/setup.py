"""A new game: decks shuffled at their sites, 5 points each, the Badge of Honor with seat 0."""
from __future__ import annotations

from .. import rng
from .data import DAYS, HENCHMEN, SITES, START_SCORE, TARGET, full_deck


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
        "deck": full_deck(),
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
    for site in SITES:
        rng.shuffle(state, state["deck"][site])
    return state
