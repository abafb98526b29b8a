"""Per-game position values: a number per seat, higher is better, roughly in game points.

Each is read off a (determinized) state: final-score estimates plus small terms for what the
score does not count yet. ``SCALE`` says how many points make a clear lead in each game.
"""

from __future__ import annotations

from engines import Engine, State

SCALE = {"ziegen": 8.0, "henchmania": 4.0, "wichtel": 10.0, "korrigans": 4.0}


def _ziegen(state: State) -> list[float]:
    """Final scores now, plus each unclaimed set's pasture value shared out by who leads its
    majority (played goats, half for goats in hand), plus half the value of milk in hand."""
    from engines.ziegen import data
    from engines.ziegen.scoring import final_scores

    out = [float(x) for x in final_scores(state)]
    if state["phase"] == "over":
        return out
    n = state["n"]
    weight: dict[str, list[float]] = {}
    owner = state["owner"]  # set key -> seat, for the sets already scored
    for seat in range(n):
        for c in state["played"][seat]:
            s = data.GOAT_SET[c]
            if s is not None and s not in owner:
                weight.setdefault(s, [0.0] * n)[seat] += data.VALUE[c]
        for c in state["hands"][seat]:
            s = data.GOAT_SET[c]
            if s is not None and s not in owner:
                weight.setdefault(s, [0.0] * n)[seat] += 0.5 * data.VALUE[c]
            elif data.KIND[c] == "m":
                out[seat] += 0.5 * data.VALUE[c]
    if weight:
        pot: dict[str, float] = {}
        for c in state["grid"]:
            if data.is_card(c) and data.GOAT_SET[c] in weight:
                pot[data.GOAT_SET[c]] = pot.get(data.GOAT_SET[c], 0.0) + data.VALUE[c]
        for s, w in weight.items():
            total = sum(w) + 2.0
            for seat in range(n):
                out[seat] += pot.get(s, 0.0) * w[seat] / total
    return out


def _henchmania(state: State) -> list[float]:
    from engines.henchmania.common import dominant, performance_kinds
    from engines.henchmania.data import SITES

    n = state["n"]
    out = [float(x) for x in state["score"]]
    if state["phase"] == "over":
        return out
    for seat in range(n):
        out[seat] += 0.25 * len(state["hand"][seat]) + 0.3 * len(state["res"][seat])
        out[seat] += 0.6 * performance_kinds(state, seat)
        if state["trump"][seat]:
            out[seat] += 0.4
    for site in SITES:
        d = dominant(state, site)
        if isinstance(d, int) and d >= 0:
            out[d] += 0.5
    return out


_RETINUES: dict[tuple, int] = {}


def _retinue(cards: list[str]) -> int:
    """A retinue's score, remembered (scoring a retinue tries every title)."""
    from engines.wichtel.scoring import score_retinue

    key = tuple(sorted(cards))
    if key not in _RETINUES:
        if len(_RETINUES) > 50_000:
            _RETINUES.clear()
        _RETINUES[key] = score_retinue(list(key))
    return _RETINUES[key]


def _wichtel(state: State) -> list[float]:
    from engines.wichtel.scoring import round_bonuses

    out = [float(t) for t in state["totals"]]
    if state["over"]:
        return out
    now = [_retinue(r) for r in state["ret"]]
    bonus = round_bonuses(now)
    for seat in range(state["n"]):
        out[seat] += now[seat] + bonus[seat] + 0.5 * len(state["ev"][seat])
    return out


def _korrigans(state: State) -> list[float]:
    from engines.korrigans.scoring import companions_left, score

    return [score(state, s) + 0.4 * companions_left(state, s) for s in range(state["n"])]


VALUES = {
    "ziegen": _ziegen,
    "henchmania": _henchmania,
    "wichtel": _wichtel,
    "korrigans": _korrigans,
}


def values(engine: Engine, state: State) -> list[float]:
    """The game's value function, or its current scores for a game without one."""
    fn = VALUES.get(engine.name)
    return fn(state) if fn else [float(x) for x in engine.scores(state)]
