"""Scoring one retinue and one round, in the order RULINGS.md gives.

1. A retinue that is exactly a chieftain career scores its card values plus the career.
2. Otherwise the Häuptlingswitwe counts as a Familie (value 0) for titles and sums.
3. With a real Meister or General, every card worth less than 3 is removed (not the Witwe, not
   the Hexendoktor); fewer than four cards may remain.
4. The Hexendoktor may stand in for any card type for titles (value stays 10); the stand-in that
   gives the best final score is chosen.
5. At most one title, the best the (stood-in) cards meet.
6. Result = card values + title.  7. With the Witwe: positive -> negative, negative -> doubled.
8. Round bonuses: best round score +5, worst +1 (ties share).
"""

from __future__ import annotations

from functools import cache

from .data import (
    BEST_BONUS,
    CAREERS,
    DISCARD_BELOW,
    DISCARDERS,
    JOKER,
    JOKER_AS,
    TITLES,
    VALUE,
    WITWE,
    WITWE_AS,
    WORST_BONUS,
)

_CAREER_SETS = [(key, name, sorted(cards), value) for key, name, cards, value in CAREERS]


def _title_fits(cards: list[str], compulsory: tuple[str, ...], rest: tuple[str, ...]) -> bool:
    left = list(cards)
    for code in compulsory:
        if code not in left:
            return False
        left.remove(code)
    return all(code in rest for code in left)


def best_title(cards: list[str]) -> tuple[str | None, int]:
    """The best title these card types meet: (name, value), or (None, 0)."""
    best: tuple[str | None, int] = (None, 0)
    found = False
    for _key, name, compulsory, rest, value in TITLES:
        if _title_fits(cards, compulsory, rest) and (not found or value > best[1]):
            best, found = (name, value), True
    return best


def _witwe(result: int) -> int:
    return -result if result > 0 else 2 * result


def breakdown(cards: list[str]) -> dict:
    """How one four-card retinue scores, step by step (JSON-able): a new dict every call."""
    out = _breakdown(tuple(sorted(code.lower() for code in cards)))
    return {**out, "cards": list(out["cards"]), "removed": list(out["removed"])}


@cache  # a pure function of a few card types (some hundreds of retinues): worked out once each
def _breakdown(sorted_cards: tuple[str, ...]) -> dict:
    """``breakdown`` of sorted card codes; the caller copies it (the cached dict is never
    handed out)."""
    cards = list(sorted_cards)
    out = {
        "cards": cards,
        "career": None,
        "removed": [],
        "joker": None,
        "title": None,
        "title_value": 0,
        "card_points": 0,
        "subtotal": 0,
        "witwe": None,
        "score": 0,
    }
    for _key, name, career, value in _CAREER_SETS:
        if cards == career:
            points = sum(VALUE[c] for c in cards)
            out.update(
                career=name,
                title=name,
                title_value=value,
                card_points=points,
                subtotal=points + value,
                score=points + value,
            )
            return out
    kept = list(cards)
    if any(code in DISCARDERS for code in cards):
        kept = [c for c in cards if c in (WITWE, JOKER) or VALUE[c] >= DISCARD_BELOW]
        out["removed"] = [c for c in cards if c not in (WITWE, JOKER) and VALUE[c] < DISCARD_BELOW]
    has_witwe = WITWE in kept
    points = sum(0 if c == WITWE else VALUE[c] for c in kept)
    as_types = [WITWE_AS if c == WITWE else c for c in kept]
    options: list[str | None] = [None]
    if JOKER in as_types:
        options += list(JOKER_AS)
    best = None
    for stand_in in options:
        types = list(as_types)
        if stand_in is not None:
            types[types.index(JOKER)] = stand_in
        title, value = best_title(types)
        subtotal = points + value
        final = _witwe(subtotal) if has_witwe else subtotal
        if best is None or final > best[0]:
            best = (final, stand_in if title else None, title, value, subtotal)
    final, stand_in, title, value, subtotal = best
    out.update(
        joker=stand_in,
        title=title,
        title_value=value,
        card_points=points,
        subtotal=subtotal,
        score=final,
    )
    if has_witwe and subtotal:
        out["witwe"] = "flip" if subtotal > 0 else "double"
    return out


def score_retinue(cards: list[str]) -> int:
    """The score of one four-card retinue (codes like FA HS ... HW), before round bonuses."""
    return breakdown(cards)["score"]


def round_bonuses(round_scores: list[int]) -> list[int]:
    """+5 for the best round score, +1 for the worst; ties share. All equal: +5 each, no +1."""
    best, worst = max(round_scores), min(round_scores)
    out = []
    for score in round_scores:
        bonus = BEST_BONUS if score == best else 0
        if score == worst and best != worst:
            bonus += WORST_BONUS
        out.append(bonus)
    return out
