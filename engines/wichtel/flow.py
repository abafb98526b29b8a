"""Helpers shared by the steps of a move (imports no phase module): who moves, receiving a
leprechaun, offering the round end, the end of a move, and scoring a round.

A helper hands over to a step of another module only by naming it in ``state["phase"]``:
``"move"`` (the next move begins, ``setup``) and ``"deal"`` (a new round, ``setup``).
"""

from __future__ import annotations

from ..base import Event, own
from ..words import Msg
from .scoring import breakdown, round_bonuses
from .words import msg


def mover(s: dict) -> list[int]:
    """The player whose move it is decides this step."""
    return [s["active"]]


def bribe_order(s: dict) -> list[int]:
    """The other seats clockwise from the enlister's left: the order of play and of ties."""
    a, n = s["active"], s["n"]
    return [(a + k) % n for k in range(1, n)]


def take_from_square(s: dict, seat: int, pos: int, events: list) -> None:
    """``seat`` receives the square's card at ``pos`` and must fill the gap with another card."""
    card = s["square"][pos]
    s["square"][pos] = None
    own(s, "ret", seat).append(card)
    s["fill"] = {"seat": seat, "pos": pos, "card": card}
    s["phase"] = "fill"
    events.append(Event(msg("receive", p=seat, card=card)))


def received(s: dict, seats: list[int], events: list) -> None:
    """These seats just received a leprechaun: offer the round end (in this order), then go on."""
    if s["wahlleiter"] == "free":
        s["offer"] = list(seats)
        s["phase"] = "endround"
    else:
        enter_end(s, events)


def enter_end(s: dict, events: list) -> None:
    """The end of the active player's move: free the Wahlleiter, village cards, or done.

    The step is skipped only when nothing can be decided and skipping reveals nothing: the
    Wahlleiter is already free and the player holds no event card at all.
    """
    s["phase"] = "end"
    s["offer"] = []
    a = s["active"]
    if s["wahlleiter"] == "free" and not s["ev"][a]:
        next_move(s, events)


def next_move(s: dict, events: list) -> None:
    """The next player's move begins (step "move")."""
    s["active"] = (s["active"] + 1) % s["n"]
    s["phase"] = "move"


def end_round(s: dict, seat: int, events: list) -> None:
    """``seat`` ends the round: score every retinue, add bonuses, maybe end the game or redeal."""
    n = s["n"]
    scores = [breakdown(s["ret"][i])["score"] for i in range(n)]
    bonuses = round_bonuses(scores)
    totals = own(s, "totals")
    for i in range(n):
        totals[i] += scores[i] + bonuses[i]
    # Kept compact (the state is cloned on every move); ``last_rows`` expands it for views.
    s["last"] = {
        "round": s["round"],
        "ended_by": seat,
        "cards": [list(r) for r in s["ret"]],
        "bonus": bonuses,
        "totals": list(s["totals"]),
    }
    events.append(Event(msg("ends_round", p=seat, round=s["round"])))
    events.append(Event(round_report(s["last"]), highlight=True))
    best = max(s["totals"])
    if best >= s["target"] and s["totals"].count(best) == 1:
        s["over"] = True
        s["phase"] = "over"
        s["ex"] = s["enl"] = s["fill"] = None
        s["offer"] = []
        winner = s["totals"].index(best)
        events.append(Event(msg("winner", p=winner, points=best)))
        return
    if best >= s["target"]:
        events.append(Event(msg("tie", points=best)))
    s["phase"] = "deal"


def score_row(row: dict) -> Msg:
    """One line of a round's scoring: cards, how they score, bonus, round and total."""
    details = []
    if row["removed"]:
        details.append(msg("removed", cards=list(row["removed"])))
    details.append(msg("card_points", n=row["card_points"]))
    if row["title"] and row["joker"]:
        details.append(
            msg("title_joker", title=row["title"], value=row["title_value"], joker=row["joker"])
        )
    elif row["title"]:
        details.append(msg("title", title=row["title"], value=row["title_value"]))
    if row["witwe"]:
        details.append(msg("witwe_" + row["witwe"], subtotal=row["subtotal"], score=row["score"]))
    details.append(msg("equals", score=row["score"]))
    if row["bonus"]:
        details.append(msg("bonus", n=row["bonus"]))
    return msg(
        "score_row",
        p=row["seat"],
        cards=list(row["cards"]),
        details=[d.to_json() for d in details],
        round_total=row["round_total"],
        total=row["total"],
    )


def last_rows(last: dict) -> list[dict]:
    """The per-player scoring breakdown of a scored round (JSON-able)."""
    rows = []
    for i, cards in enumerate(last["cards"]):
        row = breakdown(cards)
        row.update(
            seat=i,
            bonus=last["bonus"][i],
            round_total=row["score"] + last["bonus"][i],
            total=last["totals"][i],
        )
        rows.append(row)
    return rows


def round_report(last: dict) -> Msg:
    """The news of a scored round: who ended it and every retinue's scoring."""
    return msg(
        "scoring",
        round=last["round"],
        ended_by=last["ended_by"],
        rows=[score_row(row).to_json() for row in last_rows(last)],
    )
