"""Der Herr der Wichtel: one test per rule on hand-built states."""

from __future__ import annotations

from collections import Counter

import pytest

from engines import GameError, IllegalAction
from engines.wichtel import ENGINE
from engines.wichtel.data import EV_COUNT, LEP_COUNT
from engines.wichtel.engine import V2_KEYS
from engines.wichtel.words import msg
from engines.words import Msg, render

E = ENGINE


def scene(
    n=3,
    ret=None,
    ev=None,
    square=None,
    left_stack=None,
    right_stack=None,
    active=0,
    phase="main",
    wahlleiter="tied",
    dir=1,
    totals=None,
    **extra,
):
    """A hand-built state in one line. ``ret``/``ev`` map seat -> cards (unlisted retinues are
    filled from the deck, unlisted event hands are empty); ``square`` is the square left to
    right; ``left_stack``/``right_stack`` the leprechaun stacks, top card LAST. Leftover
    leprechauns go under the left stack (or under the right one when ``left_stack`` is given);
    leftover events are set aside."""
    st = E.new_game(n, 0)
    pool = Counter(LEP_COUNT)
    ret = {k: v.split() if isinstance(v, str) else v for k, v in (ret or {}).items()}
    ev = {k: v.split() if isinstance(v, str) else v for k, v in (ev or {}).items()}
    square, left_stack, right_stack = (
        cards.split() if isinstance(cards, str) else cards
        for cards in (square, left_stack, right_stack)
    )
    for cards in list(ret.values()) + [square or [], left_stack or [], right_stack or []]:
        pool.subtract(cards)
    left = [c for c, k in pool.items() for _ in range(k)]
    assert all(k >= 0 for k in pool.values()), "scene uses more cards than the deck holds"
    rets = []
    for seat in range(n):
        if seat not in ret:
            ret[seat], left = left[:4], left[4:]
        rets.append(list(ret[seat]))
    if square is None:
        square, left = left[:n], left[n:]
    if left_stack is None:
        left_stack, left = left, []
    right_stack = left + (right_stack or [])
    evpool = Counter(EV_COUNT)
    for cards in ev.values():
        evpool.subtract(cards)
    st.update(
        ret=rets,
        square=list(square),
        left_stack=list(left_stack),
        right_stack=list(right_stack),
        dir=dir,
        active=active,
        phase=phase,
        wahlleiter=wahlleiter,
        ev=[list(ev.get(i, [])) for i in range(n)],
        ev_used=[],
        ev_aside=[c for c, k in evpool.items() for _ in range(k)],
        totals=totals or [0] * n,
        ex=None,
        enl=None,
        fill=None,
        offer=[],
    )
    st.update(extra)
    assert E.inventory(st) == E.inventory(E.new_game(n, 0))
    return st


def play(st, *moves):
    """Apply (seat, action) pairs; return the state and all events."""
    events = []
    for seat, action in moves:
        st, evs = E.apply(st, seat, action)
        events += evs
    return st, events


def texts(events, seat=None):
    """The English text of the events ``seat`` sees (None: the public ones)."""
    return [e.text for e in events if e.visible_to(seat)]


def news(events, seat=None):
    """The messages (id and parameters) of the events ``seat`` sees (None: the public ones)."""
    return [e.message for e in events if e.visible_to(seat)]


def ids(events, seat=None):
    """The message ids of the events ``seat`` sees, without the "wichtel." prefix."""
    return [m.key.removeprefix("wichtel.") for m in news(events, seat)]


# --- setup -----------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [3, 4, 5])
def test_deal(n):
    st = E.new_game(n, 7)
    assert all(len(r) == 4 for r in st["ret"]) and all(len(h) == 4 for h in st["ev"])
    assert len(st["square"]) == n and st["wahlleiter"] == "tied" and st["dir"] == 1
    assert len(st["ev_aside"]) == 22 - 4 * n
    assert st["active"] == 0 and st["dealer"] == n - 1
    assert E.to_act(st) == [0]
    # one discard card; the first move's walk waits for the mover (who holds event cards)
    assert (
        st["phase"] == "prewalk"
        and len(st["right_stack"]) == 1
        and len(st["left_stack"]) == 32 - 5 * n - 1
    )
    st, _ = play(st, (0, "walk"))
    assert (
        st["phase"] == "main"
        and len(st["right_stack"]) == 2
        and len(st["left_stack"]) == 32 - 5 * n - 2
    )


def test_options():
    assert E.new_game(3, 1, {"target": 50})["target"] == 50
    assert E.new_game(3, 1)["bribes"] == "turns"
    assert E.new_game(3, 1, {"bribes": "together"})["bribes"] == "together"
    with pytest.raises(GameError, match="'bribes' must be one of turns, together"):
        E.new_game(3, 1, {"bribes": "sometimes"})
    with pytest.raises(GameError, match="'target' must be one of 50, 75, 99, 150"):
        E.new_game(3, 1, {"target": 51})
    with pytest.raises(GameError, match="for 3 to 5 players, not 2"):
        E.new_game(2, 1)


# --- the walk --------------------------------------------------------------------------------
def test_walk_moves_towards_the_discard_stack():
    st = scene(
        square="fa hs hf",
        left_stack="ks ks sw",
        right_stack="ww",
        phase="end",
        wahlleiter="free",
        ev={0: ["r2"]},
    )
    st, _ = play(st, (0, "done"))  # seat 1's move starts with a walk
    assert (
        st["square"] == ["sw", "fa", "hs"]
        and st["right_stack"][-1] == "hf"
        and st["left_stack"][-1] == "ks"
    )
    assert st["active"] == 1 and st["phase"] == "main"


def test_walk_turns_around_when_the_drawing_stack_runs_out():
    st = scene(
        n=3,
        square="fa hs hf",
        left_stack="ks",
        right_stack="ww",
        phase="end",
        wahlleiter="free",
        ev={0: ["r2"]},
    )
    extra = len(st["right_stack"]) - 1
    st, ev = play(st, (0, "done"))
    assert st["square"] == ["ks", "fa", "hs"] and st["left_stack"] == [] and st["dir"] == -1
    assert "turn_around" in ids(ev)
    v = E.view(st, None)
    assert v["walk_direction"] == "left" and v["right_stack"]["role"] == "draw"
    assert v["left_stack"] == {"role": "discard", "count": 0}
    # The next walk goes the other way: the left card leaves, the right stack's top arrives.
    top = st["right_stack"][-1]
    st["phase"], st["ev"][1] = "end", ["r2"]
    st, _ = play(st, (1, "done"))
    assert st["square"] == ["fa", "hs", top] and st["left_stack"] == ["ks"]
    assert len(st["right_stack"]) == extra + 1


def test_komm_mal_her_walks_at_once_at_start_and_end_of_move():
    st = scene(square="fa hs hf", left_stack="ks sw", right_stack="ww", ev={0: ["kh"]})
    st, _ = play(st, (0, "play:kh"))
    assert st["square"] == ["sw", "fa", "hs"] and st["phase"] == "main" and "kh" in st["ev_used"]
    st = scene(square="fa hs hf", left_stack="ks sw", right_stack="ww", ev={0: ["kh"]}, phase="end")
    st, _ = play(st, (0, "play:kh"))
    assert st["square"] == ["sw", "fa", "hs"] and st["phase"] == "end"


def test_komm_mal_zurueck_reverses_one_walk_then_walks_go_on_as_before():
    # RULINGS.md: one walk the other way; the stacks keep their roles.
    st = scene(square="fa hs hf", left_stack="ks sw", right_stack="ww ge", ev={0: ["kz", "r2"]})
    st, _ = play(st, (0, "play:kz"))
    assert st["back"] and st["square"] == ["fa", "hs", "hf"]  # nothing moves yet
    assert E.view(st, None)["pending_walk"] == {"reverse": True, "stand_still": False}
    st, _ = play(st, (0, "call:" + st["ret"][0][0]))
    called_top = st["right_stack"][-1]  # the called card, face down
    st, ev = play(st, (0, "done"))  # seat 1 (no events) walks
    # the discard stack's top walks back in at the right, Familie goes onto the drawing stack
    assert st["square"] == ["hs", "hf", called_top] and st["left_stack"] == ["ks", "fa"]
    assert st["dir"] == 1 and not st["back"]
    assert msg("walk_back", leaving="fa", arriving=called_top) in news(ev)
    v = E.view(st, None)
    assert v["walk_direction"] == "right" and v["left_stack"]["role"] == "draw"
    st["phase"], st["ev"][1] = "end", ["r2"]
    st, _ = play(st, (1, "done"))  # seat 2: back to normal
    assert (
        st["dir"] == 1
        and st["square"] == ["fa", "hs", "hf"]
        and st["right_stack"][-1] == called_top
    )
    assert st["left_stack"] == ["ks"]


def test_komm_mal_zurueck_reversed_walk_when_the_walk_goes_left():
    st = scene(
        square="fa hs hf",
        left_stack="ks sw",
        right_stack="ww ge",
        dir=-1,
        ev={0: ["kz"]},
        phase="end",
    )
    st, _ = play(st, (0, "play:kz"), (0, "done"))
    # dir -1: the left stack is the discard stack; its top (sw) comes back in at the left, hf
    # goes onto the right stack
    assert (
        st["square"] == ["sw", "fa", "hs"]
        and st["left_stack"] == ["ks"]
        and st["right_stack"][-1] == "hf"
    )
    assert st["dir"] == -1


def test_komm_mal_zurueck_without_a_discard_stack_does_nothing():
    st = scene(
        square="fa hs hf",
        left_stack=[],
        right_stack="ww ge",
        dir=-1,
        ev={0: ["kz", "r2"]},
        phase="end",
    )
    rest = st["right_stack"][:-1]
    st, ev = play(st, (0, "play:kz"), (0, "done"))
    assert st["dir"] == -1 and "back_no_effect" in ids(ev)
    assert st["square"][-1] == "ge" and st["right_stack"] == rest


# --- before the opening walk: "Stehenbleiben!" and "Komm mal zurück!" -------------------------
def next_move_scene(ev1, **kw):
    """Seat 0 ends its move; seat 1, holding ``ev1``, is about to move."""
    kw.setdefault("square", "fa hs hf")
    kw.setdefault("left_stack", "ks sw")
    kw.setdefault("right_stack", "ww ge")
    st = scene(phase="end", ev={0: ["r2"], 1: ev1}, **kw)
    st, _ = play(st, (0, "done"))
    return st


def test_mover_may_play_stehenbleiben_before_the_opening_walk():
    st = next_move_scene(["st", "r3"])
    assert st["phase"] == "prewalk" and st["active"] == 1 and E.to_act(st) == [1]
    assert st["square"] == ["fa", "hs", "hf"]  # no walk yet
    assert E.legal_actions(st, 1) == ["play:st", "walk"]
    st, ev = play(st, (1, "play:st"))
    assert st["phase"] == "prewalk" and E.legal_actions(st, 1) == ["walk"]
    st, ev = play(st, (1, "walk"))
    assert st["phase"] == "main" and st["square"] == ["fa", "hs", "hf"] and not st["stand"]
    assert ids(ev) == ["stand_still"]


def test_mover_may_play_komm_mal_zurueck_before_the_opening_walk():
    st = next_move_scene(["kz"])
    assert E.legal_actions(st, 1) == ["play:kz", "walk"]
    st, _ = play(st, (1, "play:kz"), (1, "walk"))
    # this very walk goes the other way: ge (discard top) comes back, fa goes onto the left stack
    assert st["square"] == ["hs", "hf", "ge"] and st["left_stack"][-1] == "fa" and st["dir"] == 1
    assert st["phase"] == "main" and not st["back"]


def test_prewalk_walk_without_a_card_is_the_normal_walk():
    st = next_move_scene(["r3"])
    assert E.legal_actions(st, 1) == ["walk"]  # asked all the same: nothing leaks
    st, _ = play(st, (1, "walk"))
    assert (
        st["square"] == ["sw", "fa", "hs"]
        and st["right_stack"][-1] == "hf"
        and st["phase"] == "main"
    )


def test_prewalk_asks_every_mover_who_might_hold_one_and_nobody_else():
    # A holder and a non-holder with event cards see the same public step.
    holder, other = next_move_scene(["st"]), next_move_scene(["r3"])
    for seat in (None, 0, 2):
        assert E.view(holder, seat) == E.view(other, seat)
    # No event card at all (public): no question, the walk happens at once.
    st = next_move_scene([])
    assert st["phase"] == "main" and st["square"] == ["sw", "fa", "hs"]
    # Both cards already in the public discard: nobody can hold them, no question.
    st = scene(
        phase="end",
        ev={0: ["r2"], 1: ["r3"]},
        square="fa hs hf",
        left_stack="ks sw",
        right_stack="ww ge",
    )
    st["ev_aside"].remove("st"), st["ev_aside"].remove("kz")
    st["ev_used"] = ["st", "kz"]
    st, _ = play(st, (0, "done"))
    assert st["phase"] == "main" and st["square"] == ["sw", "fa", "hs"]
    # ...but one of them still unseen: asked.
    st = scene(
        phase="end",
        ev={0: ["r2"], 1: ["r3"]},
        square="fa hs hf",
        left_stack="ks sw",
        right_stack="ww ge",
    )
    st["ev_aside"].remove("st")
    st["ev_used"] = ["st"]
    st, _ = play(st, (0, "done"))
    assert st["phase"] == "prewalk"


def test_komm_mal_her_is_not_offered_before_the_opening_walk():
    st = next_move_scene(["kh", "kz"])
    assert E.legal_actions(st, 1) == ["play:kz", "walk"]
    st, _ = play(st, (1, "walk"))
    assert "play:kh" in E.legal_actions(st, 1) and "play:kz" in E.legal_actions(st, 1)


def test_each_round_opens_with_the_prewalk_question():
    st = scene(ret={0: "fa hs hf ks"}, wahlleiter="free", ev={0: ["r2"]})
    st, _ = play(st, (0, "call:fa"), (0, "endround"))
    assert st["round"] == 2 and st["active"] == 1 and st["phase"] == "prewalk"
    assert E.describe(st, 1, "walk") == "Let the leprechauns walk"


def test_stehenbleiben_skips_the_next_walk_only():
    st = scene(
        square="fa hs hf", left_stack="ks sw", right_stack="ww", ev={0: ["st", "r2"]}, phase="end"
    )
    st, _ = play(st, (0, "play:st"), (0, "done"))
    assert st["square"] == ["fa", "hs", "hf"] and not st["stand"]
    st["phase"], st["ev"][1] = "end", ["r2"]
    st, _ = play(st, (1, "done"))
    assert st["square"] == ["sw", "fa", "hs"]


def test_stehenbleiben_also_stops_a_komm_mal_her_walk():
    st = scene(square="fa hs hf", left_stack="ks sw", right_stack="ww", ev={0: ["st", "kh"]})
    st, _ = play(st, (0, "play:st"), (0, "play:kh"))
    assert st["square"] == ["fa", "hs", "hf"] and not st["stand"]


def test_stehenbleiben_keeps_a_pending_reversal_for_the_walk_after():
    st = scene(square="fa hs hf", left_stack="ks sw", right_stack="ww", ev={0: ["st", "kz", "kh"]})
    st, _ = play(st, (0, "play:kz"), (0, "play:st"), (0, "play:kh"))
    assert st["back"] and st["dir"] == 1


def test_village_cards_only_for_the_active_player():
    st = scene(ev={0: ["r2"], 1: ["kh", "kz", "st"]})
    assert E.legal_actions(st, 1) == []
    assert not any(a.startswith("play:") for a in E.legal_actions(st, 0))


# --- calling ---------------------------------------------------------------------------------
def test_call_discards_face_down_and_draws():
    st = scene(ret={0: "fa hs hf ks"}, left_stack="ww ge", right_stack="sw")
    st, ev = play(st, (0, "call:hs"))
    assert sorted(st["ret"][0]) == ["fa", "ge", "hf", "ks"]
    assert st["right_stack"][-1] == "hs" and st["left_stack"][-1] == "ww"
    assert st["phase"] == "end"
    assert news(ev) == [msg("call", p=0)]  # no card named
    assert news(ev, 0) == [msg("call", p=0), msg("called", card="hs", drawn="ge")]
    assert news(ev, 1) == news(ev)
    # the same in English, as the players read it
    public = " ".join(texts(ev))
    assert "Holzschieber" not in public and "General" not in public
    assert "You discarded Holzschieber and drew General." in texts(ev, 0)


def test_call_can_empty_the_drawing_stack_and_turn_the_walk():
    st = scene(ret={0: "fa hs hf ks"}, left_stack="ge", right_stack="sw")
    st, _ = play(st, (0, "call:fa"))
    assert st["dir"] == -1 and st["left_stack"] == [] and "ge" in st["ret"][0]


# --- exchanging ------------------------------------------------------------------------------
def test_exchange_is_blind_and_simultaneous():
    base = scene(ret={0: "fa hs hf ks", 1: "ww ge sw va"})
    st, _ = play(base, (0, "exchange:1"))
    assert E.to_act(st) == [0, 1]
    assert E.legal_actions(st, 1) == ["give:ge", "give:sw", "give:va", "give:ww"]
    a, ev_a = play(st, (0, "give:hf"), (1, "give:ge"))
    b, ev_b = play(st, (1, "give:ge"), (0, "give:hf"))
    assert a["ret"] == b["ret"]
    assert sorted(a["ret"][0]) == ["fa", "ge", "hs", "ks"]
    assert sorted(a["ret"][1]) == ["hf", "sw", "va", "ww"]
    assert msg("received_from", card="ge", p=1) in news(ev_a, 0)
    assert msg("received_from", card="hf", p=0) in news(ev_a, 1)
    assert news(ev_a) == news(ev_a, 2) == [msg("exchanged", p=0, to=1)]
    assert "You received General from {p1}." in texts(ev_a, 0)


def test_exchange_pick_is_hidden_from_the_partner_and_others():
    st = scene(ret={0: "fa hs hf ks", 1: "ww ge sw va"})
    st, ev = play(st, (0, "exchange:1"), (0, "give:hf"))
    assert E.view(st, 0)["my_pick"] == "hf"
    for seat in (1, 2, None):
        v = E.view(st, seat)
        assert v.get("my_pick") is None and "hf" not in str(v.get("exchange"))
    assert E.view(st, None)["exchange"]["decided"] == [0]
    assert news(ev, 0)[-1] == msg("hand_over", card="hf")
    assert news(ev, 1) == news(ev, 2) == [msg("exchange", p=0, to=1)]


def test_exchange_cannot_be_refused():
    st = scene()
    st, _ = play(st, (0, "exchange:2"))
    assert all(a.startswith("give:") for a in E.legal_actions(st, 2))


# --- enlisting without bribes ----------------------------------------------------------------
def enlist_scene(**kw):
    """Seat 0 is about to enlist from the square; fix its roll first with the ``dice`` fixture."""
    kw.setdefault("ret", {0: "fa hs hf ks"})
    kw.setdefault("square", "ge ww sw")
    return scene(**kw)


def test_enlist_without_bribes_succeeds_unless_a_one(dice):
    dice(2)
    st = enlist_scene()  # nobody holds events: no bribe phase at all
    st, ev = play(st, (0, "enlist:0"))
    assert st["phase"] == "fill" and st["fill"] == {"seat": 0, "pos": 0, "card": "ge"}
    assert st["square"][0] is None
    assert E.legal_actions(st, 0) == ["fill:fa", "fill:hf", "fill:hs", "fill:ks"]
    st, ev = play(st, (0, "fill:fa"))
    assert st["square"][0] == "fa" and sorted(st["ret"][0]) == ["ge", "hf", "hs", "ks"]


def test_enlist_roll_of_one_insults_the_leprechaun(dice):
    dice(1)
    st = enlist_scene()
    st, ev = play(st, (0, "enlist:1"))
    assert st["square"] == ["ge", "ww", "sw"] and st["enl"] is None
    assert msg("roll_failed", p=0, pips=1, need=2) in news(ev)
    assert news(ev)[-1] == msg("insulted", card="ww")


def test_the_card_just_enlisted_cannot_go_back_but_a_twin_can(dice):
    dice(6)
    st = enlist_scene(ret={0: "ks fa hs ks"}, square="ks ww sw")
    st, _ = play(st, (0, "enlist:0"))
    assert E.legal_actions(st, 0) == ["fill:fa", "fill:hs", "fill:ks"]
    dice(6)
    st = enlist_scene(ret={0: "fa fa hs hf"}, square="ks ww sw")
    st, _ = play(st, (0, "enlist:0"))
    assert "fill:ks" not in E.legal_actions(st, 0)


# --- bribes ----------------------------------------------------------------------------------
def test_bribes_together_are_asked_of_everyone_else_at_once_and_hidden():
    st = enlist_scene(n=4, ev={1: ["r3"], 2: ["kh"], 3: []}, bribes="together")
    st, _ = play(st, (0, "enlist:0"))
    # seat 3 holds no event card (public): not asked; seat 2 only has "pass".
    assert E.to_act(st) == [1, 2]
    assert E.legal_actions(st, 1) == ["bribe:r3", "pass"]
    assert E.legal_actions(st, 2) == ["pass"]
    st2, ev = play(st, (1, "bribe:r3"))
    assert news(ev, 1) == [msg("offer", card="r3")]
    assert news(ev) == [] and news(ev, 2) == []
    for seat in (None, 0, 2, 3):
        v = E.view(st2, seat)
        assert v["event_counts"][1] == 1 and "r3" not in str(v)
    assert E.view(st2, 1)["my_bribe"] == "r3"
    # a pass looks the same to everyone else
    st3, ev3 = play(st, (1, "pass"))
    for seat in (None, 0, 2, 3):
        a, b = E.view(st2, seat), E.view(st3, seat)
        assert a == b
    assert news(ev3) == [] and news(ev3, 1) == [msg("offer_none")]


def test_bribe_labels_are_private_and_named():
    st = enlist_scene(ev={1: ["r3", "db"]})
    st, _ = play(st, (0, "enlist:0"))
    assert E.describe(st, 1, "bribe:db") == "Bribe with Der bin der Beste! (He's the best!)"
    assert E.describe(st, 1, "pass") == "No bribe"


@pytest.mark.parametrize(
    "bids, top",
    [
        ({1: "r3", 2: "r5"}, 2),
        ({1: "r5", 2: "r3"}, 1),
        ({1: "r4", 2: "r4"}, 2),  # equal cards: the last played (clockwise) ranks highest
        ({1: "r6", 2: "ib"}, 2),
        ({1: "db", 2: "ib"}, 1),
        ({1: "r2"}, 1),
    ],
)
@pytest.mark.parametrize("mode", ["turns", "together"])
def test_bribe_ranking_and_ties(bids, top, mode, dice):
    dice(1)
    st = enlist_scene(ev={s: [c] for s, c in bids.items()}, bribes=mode)
    st, _ = play(st, (0, "enlist:0"))
    while st["phase"] == "bribe":
        seat = E.to_act(st)[0]
        st, _ = play(st, (seat, "bribe:" + bids[seat]))
    # the top briber wins: Rindentaler against a roll of 1, the two Bester cards outright
    if st["phase"] == "dbgive":
        assert st["enl"]["top"] == top
    else:
        assert st["fill"]["seat"] == top
    assert dice.unroll() == ([] if bids[top].startswith("r") else [1])  # no roll for a Bester


def test_tie_order_starts_left_of_the_enlister():
    # Seat 2 enlists: play order is 0 then 1; equal bribes -> seat 1 (played last) is top,
    # even when (bribing together) seat 1 answered first.
    st = enlist_scene(
        active=2, ret={2: "fa hs hf ks"}, ev={0: ["r4"], 1: ["r4"], 2: ["ig"]}, bribes="together"
    )
    st, _ = play(st, (2, "enlist:0"), (1, "bribe:r4"), (0, "bribe:r4"))
    assert st["enl"]["top"] == 1 and st["phase"] == "respond"
    st = enlist_scene(active=1, ret={1: "fa hs hf ks"}, ev={0: ["r4"], 2: ["r4"], 1: ["ig"]})
    st, _ = play(st, (1, "enlist:0"))
    assert E.to_act(st) == [2]  # in turns: order from seat 1's left: 2, then 0
    with pytest.raises(IllegalAction, match="not your turn"):
        E.apply(st, 0, "bribe:r4")
    st, _ = play(st, (2, "bribe:r4"), (0, "bribe:r4"))
    assert st["enl"]["top"] == 0


def test_bribes_in_turns_one_after_another_from_the_enlisters_left():
    # Seat 1 enlists in a 5-seat game: order 2, 3, 4, 0; seat 3 holds no event card (public).
    st = enlist_scene(
        n=5, active=1, ret={1: "fa hs hf ks"}, ev={0: ["r5", "kh"], 2: ["r3"], 4: ["nd"], 1: ["ig"]}
    )
    st, ev = play(st, (1, "enlist:0"))
    assert st["phase"] == "bribe" and E.to_act(st) == [2]
    assert news(ev)[-1] == msg("enlist", p=1, card="ge", place=1, mode="turns")
    assert "one after another from the left" in texts(ev)[-1]
    assert E.legal_actions(st, 2) == ["bribe:r3", "pass"]
    assert E.legal_actions(st, 4) == [] and E.legal_actions(st, 0) == []
    st, ev = play(st, (2, "bribe:r3"))
    # everyone learns that seat 2 laid a card, nobody but seat 2 learns which
    assert news(ev) == [msg("lays_card", p=2)]
    assert news(ev, 2) == [msg("offer", card="r3"), msg("lays_card", p=2)]
    assert all(news(ev, seat) == news(ev) for seat in (0, 1, 3, 4))
    assert E.to_act(st) == [4]  # seat 3 has no event card: skipped
    assert E.legal_actions(st, 4) == ["pass"]  # holds events but no bribe card: asked
    for seat in (None, 0, 1, 3, 4):
        v = E.view(st, seat)
        assert v["enlist"]["laid"] == [2] and v["enlist"]["order"] == [2, 3, 4, 0]
        assert "r3" not in str(v) and v["event_counts"][2] == 1
    assert E.view(st, 2)["my_bribe"] == "r3"
    st, ev = play(st, (4, "pass"))
    assert news(ev) == [msg("lays_no_card", p=4)]
    assert E.to_act(st) == [0] and E.legal_actions(st, 0) == ["bribe:r5", "pass"]
    assert E.view(st, 0)["enlist"]["laid"] == [2] and 4 in E.view(st, 0)["enlist"]["decided"]
    st, ev = play(st, (0, "bribe:r5"))
    reveal = [m for m in news(ev) if m.key == "wichtel.revealed"][0]
    assert reveal.params == {
        "bids": [
            ["wichtel.bid", {"p": 2, "card": "r3"}],
            ["wichtel.no_bid", {"p": 3}],
            ["wichtel.no_bid", {"p": 4}],
            ["wichtel.bid", {"p": 0, "card": "r5"}],
        ],
        "card": "r5",
        "top": 0,
    }
    assert render(reveal).startswith(
        "Bribes revealed: {p2}: 3 Rindentaler; {p3}: no bribe; {p4}: no bribe; {p0}: 5 Rindentaler."
    )
    assert st["enl"]["top"] == 0 and st["ev"][2] == ["r3"]


def test_bribes_together_keep_even_a_pass_secret_in_the_views():
    st = enlist_scene(n=4, ev={1: ["r3"], 2: ["r4"], 3: ["r2"]}, bribes="together")
    st, _ = play(st, (0, "enlist:0"))
    assert E.to_act(st) == [1, 2, 3]
    st, _ = play(st, (2, "bribe:r4"))
    for seat in (None, 0, 1, 3):
        assert E.view(st, seat)["enlist"]["laid"] is None


def test_only_the_top_bribe_is_spent_others_return(dice):
    dice(6)
    st = enlist_scene(ev={1: ["r3"], 2: ["r5"]})
    st, ev = play(st, (0, "enlist:0"), (1, "bribe:r3"), (2, "bribe:r5"))
    assert msg(
        "revealed",
        card="r5",
        top=2,
        bids=[msg("bid", p=1, card="r3").to_json(), msg("bid", p=2, card="r5").to_json()],
    ) in news(ev)
    assert msg("roll_ok", p=0, pips=6, need=5) in news(ev)
    assert st["ev"][1] == ["r3"] and st["ev"][2] == [] and st["ev_used"] == ["r5"]
    assert st["fill"]["seat"] == 0  # rolled 6 >= 5


def test_failed_roll_against_rindentaler_gives_the_card_to_the_briber(dice):
    dice(4)
    st = enlist_scene(ev={1: ["r5"]}, ret={0: "fa hs hf ks", 1: "fa fa hs hs"})
    st, ev = play(st, (0, "enlist:1"), (1, "bribe:r5"))
    assert st["phase"] == "fill" and st["fill"] == {"seat": 1, "pos": 1, "card": "ww"}
    assert "r5" in st["ev_used"]
    st, _ = play(st, (1, "fill:fa"))
    assert st["square"][1] == "fa" and sorted(st["ret"][1]) == ["fa", "hs", "hs", "ww"]
    assert st["phase"] == "end" and st["active"] == 0


def test_roll_equal_to_the_bribe_wins(dice):
    dice(5)
    st = enlist_scene(ev={1: ["r5"]})
    st, _ = play(st, (0, "enlist:1"), (1, "bribe:r5"))
    assert st["fill"]["seat"] == 0


def test_ich_bin_der_beste_takes_without_a_roll():
    st = enlist_scene(ev={1: ["ib"]})
    word = st["rng"]
    st, _ = play(st, (0, "enlist:2"), (1, "bribe:ib"))
    assert st["fill"]["seat"] == 1 and st["rng"] == word and "ib" in st["ev_used"]


def test_der_bin_der_beste_must_be_given_away():
    st = enlist_scene(ev={1: ["db"]}, ret={0: "fa hs hf ks", 2: "fa fa fa fa"})
    st, ev = play(st, (0, "enlist:2"), (1, "bribe:db"))
    assert st["phase"] == "dbgive" and E.to_act(st) == [1]
    assert E.legal_actions(st, 1) == ["to:0", "to:2"]
    st, ev = play(st, (1, "to:2"))
    assert st["fill"] == {"seat": 2, "pos": 2, "card": "sw"} and E.to_act(st) == [2]
    st, _ = play(st, (2, "fill:fa"))
    assert sorted(st["ret"][2]) == ["fa", "fa", "fa", "sw"] and st["square"][2] == "fa"


def test_nix_da_cancels_the_top_bribe_then_only_a_one_fails(dice):
    dice(2)
    st = enlist_scene(ev={0: ["nd"], 1: ["r6"], 2: ["r3"]})
    st, _ = play(st, (0, "enlist:0"), (1, "bribe:r6"), (2, "bribe:r3"))
    assert st["phase"] == "respond" and E.legal_actions(st, 0) == ["nixda", "roll"]
    st, ev = play(st, (0, "nixda"))
    assert sorted(st["ev_used"]) == ["nd", "r6"] and st["ev"][2] == ["r3"]
    assert st["fill"]["seat"] == 0


def test_nix_da_against_der_bin_der_beste(dice):
    dice(1)
    st = enlist_scene(ev={0: ["nd"], 1: ["db"]})
    st, _ = play(st, (0, "enlist:0"), (1, "bribe:db"))
    assert E.legal_actions(st, 0) == ["accept", "nixda"]
    st, ev = play(st, (0, "nixda"))
    assert st["enl"] is None and st["square"][0] == "ge"  # rolled 1: insulted


def test_enlister_with_events_is_always_asked_so_nothing_leaks(dice):
    dice(6)
    st = enlist_scene(ev={0: ["r2"], 1: ["r4"]})
    st, _ = play(st, (0, "enlist:0"), (1, "bribe:r4"))
    assert st["phase"] == "respond" and E.legal_actions(st, 0) == ["roll"]
    st, _ = play(st, (0, "roll"))
    assert st["fill"]["seat"] == 0


def test_ich_guck_nochmal_rerolls_once_after_a_failed_roll(dice):
    dice(2, 5)
    st = enlist_scene(ev={0: ["ig"], 1: ["r5"]})
    st, _ = play(st, (0, "enlist:0"), (1, "bribe:r5"))
    st, _ = play(st, (0, "roll"))
    assert st["phase"] == "reroll" and E.legal_actions(st, 0) == ["accept", "reroll"]
    st, ev = play(st, (0, "reroll"))
    assert st["fill"]["seat"] == 0 and "ig" in st["ev_used"]
    # a second failure must be accepted
    dice(2, 3)
    st = enlist_scene(ev={0: ["ig", "r2"], 1: ["r5"]})
    st, _ = play(st, (0, "enlist:0"), (1, "bribe:r5"), (0, "roll"), (0, "reroll"))
    assert st["fill"]["seat"] == 1


def test_failed_roll_without_reroll_card_can_be_accepted(dice):
    dice(1)
    st = enlist_scene(ev={0: ["r2"]})
    st, _ = play(st, (0, "enlist:0"))
    assert st["phase"] == "reroll" and E.legal_actions(st, 0) == ["accept"]
    st, _ = play(st, (0, "accept"))
    assert st["enl"] is None and st["phase"] == "end"


def test_ich_guck_nochmal_after_a_roll_of_one_without_bribes(dice):
    dice(1, 4)
    st = enlist_scene(ev={0: ["ig"]})
    st, _ = play(st, (0, "enlist:0"), (0, "reroll"))
    assert st["fill"]["seat"] == 0


# --- the Wahlleiter and the end of a round ---------------------------------------------------
def test_freeing_the_wahlleiter_ends_the_move_and_not_in_the_same_move():
    st = scene(ret={0: "fa hs hf ks"}, left_stack="ww ge sw", right_stack="va")
    st, _ = play(st, (0, "call:fa"))
    assert E.legal_actions(st, 0) == ["done", "free"]  # tied: no round-end offer
    st, ev = play(st, (0, "free"))
    assert st["wahlleiter"] == "free" and st["active"] == 1 and st["phase"] == "main"
    assert E.view(st, None)["wahlleiter_side"] == "Da isser ja!"


def test_round_end_offered_to_whoever_receives_once_free():
    st = scene(ret={1: "fa hs hf ks"}, wahlleiter="free", active=1)
    st, _ = play(st, (1, "call:fa"))
    assert st["phase"] == "endround" and E.to_act(st) == [1]
    assert E.legal_actions(st, 1) == ["continue", "endround"]
    st2, _ = play(st, (1, "continue"))
    assert st2["phase"] == "end" or st2["active"] == 2


def test_exchange_offers_round_end_to_active_then_partner_out_of_turn():
    st = scene(ret={0: "fa hs hf ks", 2: "ww ge sw va"}, wahlleiter="free")
    st, _ = play(st, (0, "exchange:2"), (0, "give:fa"), (2, "give:ww"))
    assert E.to_act(st) == [0]
    st, _ = play(st, (0, "continue"))
    assert E.to_act(st) == [2]
    st, ev = play(st, (2, "endround"))
    assert st["round"] == 2 and st["last"]["ended_by"] == 2
    assert E.view(st, 1)["last_round"]["rows"][2]["cards"] == ["fa", "ge", "sw", "va"]


def test_round_scoring_breakdown_totals_bonuses_and_next_deal():
    st = scene(
        ret={0: "hd me ge hs", 1: "ks ks hs fa", 2: "fa fa fa ww"},
        left_stack="sw sw hw",
        right_stack="va",
        wahlleiter="free",
        totals=[10, 20, 30],
        ev={0: ["kz"]},
        back=True,
        stand=True,
    )
    st, ev = play(st, (0, "call:hs"))  # draws the Witwe: Chieftain
    st, ev = play(st, (0, "endround"))
    rows = E.view(st, None)["last_round"]["rows"]
    assert [r["score"] for r in rows] == [99, 5, 6]
    assert [r["bonus"] for r in rows] == [5, 1, 0]
    assert st["totals"] == [10 + 104, 20 + 6, 30 + 6]
    assert st["over"] and E.winners(st) == [0] and E.to_act(st) == []
    assert ids(ev) == ["ends_round", "scoring", "winner"]
    assert news(ev)[2] == msg("winner", p=0, points=114)
    scoring = [e for e in ev if e.message.key == "wichtel.scoring"][0]
    assert scoring.highlight and scoring.message.params["round"] == 1
    first = scoring.message.params["rows"][0]
    assert first == [
        "wichtel.score_row",
        {
            "p": 0,
            "cards": ["ge", "hd", "hw", "me"],
            "round_total": 104,
            "total": 114,
            "details": [
                ["wichtel.card_points", {"n": 34}],
                ["wichtel.title", {"title": "Chieftain", "value": 65}],
                ["wichtel.equals", {"score": 99}],
                ["wichtel.bonus", {"n": 5}],
            ],
        },
    ]
    # the report in English, one line per retinue
    report = scoring.text.splitlines()
    assert report[0] == "**Round 1 scoring** (ended by {p0})"
    assert report[1] == (
        "- {p0}: General, Hexendoktor, Häuptlingswitwe, Meister | cards 34; "
        "Chieftain +65; = 99; bonus +5 | round +104, total 114"
    )
    assert len(report) == 4


def test_all_round_scores_equal_everyone_gets_the_five_and_nobody_the_one():
    # RULINGS.md: when every player scored the same, each gets +5 and nobody the +1.
    st = scene(
        ret={0: "fa fa hs ks", 1: "fa fa hs hs", 2: "fa fa hs hs"},
        left_stack="va hs",
        right_stack="sw",
        wahlleiter="free",
        totals=[1, 2, 3],
    )
    st, ev = play(st, (0, "call:ks"), (0, "endround"))
    rows = E.view(st, None)["last_round"]["rows"]
    assert [r["score"] for r in rows] == [5, 5, 5]  # Wood cutter each: 2 + 3
    assert [r["bonus"] for r in rows] == [5, 5, 5]
    assert st["totals"] == [11, 12, 13]
    rows = [m for m in news(ev) if m.key == "wichtel.scoring"][0].params["rows"]
    bonuses = [d for _, row in rows for d in row["details"] if d[0] == "wichtel.bonus"]
    assert bonuses == [["wichtel.bonus", {"n": 5}]] * 3


def test_new_round_resets_and_passes_the_deal_left():
    st = scene(
        ret={0: "fa hs hf ks"},
        wahlleiter="free",
        ev={0: ["kz"]},
        back=True,
        stand=True,
        dir=-1,
        left_stack="ww",
        right_stack="sw ge",
    )
    st, _ = play(st, (0, "call:fa"), (0, "endround"))
    assert st["round"] == 2 and st["dealer"] == 0 and st["active"] == 1
    assert st["wahlleiter"] == "tied" and not st["back"] and not st["stand"] and st["dir"] == 1
    assert all(len(h) == 4 for h in st["ev"]) and st["ev_used"] == []
    v = E.view(st, None)
    assert v["last_round"]["round"] == 1 and len(v["last_round"]["rows"]) == 3


def test_game_end_at_target_and_tie_plays_on():
    st = scene(
        ret={0: "sw sw fa hs", 1: "sw ks fa fa", 2: "hs hs hs hs"},
        wahlleiter="free",
        totals=[90, 97, 0],
        left_stack="fa",
        right_stack="va",
    )
    st, _ = play(st, (0, "call:hs"))
    st, ev = play(st, (0, "endround"))  # Sergeant 18+5 vs Sergeant 16
    assert st["totals"][:2] == [113, 113]
    assert ids(ev)[:4] == ["ends_round", "scoring", "tie", "dealt"]
    assert news(ev)[2] == msg("tie", points=113)
    assert texts(ev)[2] == "Tie at 113 points: another round is played."
    assert not st["over"] and st["round"] == 2 and st["totals"][0] == st["totals"][1] >= 99


def test_game_over_refuses_moves():
    st = scene(
        ret={0: "hd me ge hs"},
        left_stack="hw",
        right_stack="va",
        wahlleiter="free",
        totals=[0, 0, 0],
    )
    st, _ = play(st, (0, "call:hs"), (0, "endround"))
    assert E.is_over(st)
    with pytest.raises(IllegalAction, match="The game is over"):
        E.apply(st, 0, "done")


def test_end_step_skipped_only_when_nothing_to_decide_and_nothing_to_hide():
    st = scene(ret={0: "fa hs hf ks"}, wahlleiter="free")
    st, _ = play(st, (0, "call:fa"), (0, "continue"))
    assert st["active"] == 1  # no events, Wahlleiter free: skipped
    st = scene(ret={0: "fa hs hf ks"}, wahlleiter="free", ev={0: ["r2"]})
    st, _ = play(st, (0, "call:fa"), (0, "continue"))
    assert st["phase"] == "end" and E.legal_actions(st, 0) == ["done"]


def test_spectator_never_sees_hands():
    st = scene(ret={0: "hd me ge hs"}, ev={0: ["nd", "r6"]})
    v = E.view(st, None)
    assert "retinue" not in v and "events" not in v
    v1 = E.view(st, 1)
    assert "'nd'" not in str(v1) and "'hd'" not in str(v1)
    assert "Hexendoktor" not in E.board_text(v) and "Nix da" not in E.board_text(v)
    assert "Hexendoktor" in E.hand_text(E.view(st, 0))


def test_texts_fit_discord():
    st = E.new_game(5, 3)
    for seat in (None, 0, 4):
        v = E.view(st, seat)
        assert len(E.board_text(v)) <= 4000 and len(E.hand_text(v)) <= 4000
    for action in E.legal_actions(st, 0):
        assert len(E.describe(st, 0, action)) <= 80


def test_board_shows_square_walk_wahlleiter_backs_and_totals():
    st = scene(
        n=4, square="fa hs hf ge", ev={0: ["kz", "st"]}, totals=[5, 0, 12, 3], wahlleiter="free"
    )
    st, _ = play(st, (0, "play:kz"), (0, "play:st"))
    board = E.board_text(E.view(st, None))
    assert "1. Familie (0)" in board and "4. General (9)" in board
    assert "walk towards the bottom" in board and "Da isser ja!" in board
    assert "Komm mal zurück! (next walk reverses)" in board and "Stehenbleiben!" in board
    assert board.count("🂠🂠🂠🂠") == 4 and "12 pts" in board
    assert "{p0} calls, exchanges or enlists" in board


def test_prompts_for_out_of_turn_decisions_name_the_decider(dice):
    dice(2)
    st = enlist_scene(ev={0: ["ig"], 1: ["r5"]})
    st, _ = play(st, (0, "enlist:0"), (1, "bribe:r5"))
    # the view holds the prompt as a message (id and parameters, JSON form)
    assert E.view(st, 2)["prompt"] == ["wichtel.prompt.respond", {"p": 0, "card": "r5", "top": 1}]
    assert render(E.view(st, 2)["prompt"]) == "{p0} answers the top bribe, 5 Rindentaler from {p1}."
    st, _ = play(st, (0, "roll"))
    assert E.prompt(st, None) == Msg("wichtel.prompt.reroll", p=0, pips=2, need=5)
    assert render(E.view(st, None)["prompt"]).startswith("{p0} rolled 2 (needed 5)")
    assert (
        E.describe(st, 0, "reroll")
        == "Play Ich guck nochmal! (I'll have another look!): roll again"
    )


def test_briber_who_wins_ends_the_round_out_of_turn(dice):
    dice(3)
    st = enlist_scene(ev={1: ["r6"]}, wahlleiter="free", ret={0: "fa hs hf ks", 1: "ww sw sw hs"})
    st, _ = play(st, (0, "enlist:1"), (1, "bribe:r6"), (1, "fill:hs"))
    assert E.to_act(st) == [1] and st["active"] == 0
    st, ev = play(st, (1, "endround"))
    rows = E.view(st, None)["last_round"]["rows"]
    # a second Waldwebel is in neither General's compulsory nor rest: no title
    assert rows[1]["cards"] == ["sw", "sw", "ww", "ww"] and rows[1]["title"] is None
    assert st["round"] == 2 and news(ev)[0] == msg("ends_round", p=1, round=1)


# --- stored games from before version 3 ------------------------------------------------------
def as_version_2(dump):
    """A dump as version 2 stored it: the short keys of ``V2_KEYS``, in the same places."""
    short = {new: old for old, new in V2_KEYS.items()}
    return {short.get(key, key): value for key, value in dump.items()} | {"_v": 2}


def test_a_version_1_game_keeps_bribing_together_mid_bribe(dice):
    dice(1)
    st = enlist_scene(n=4, ev={1: ["r3"], 2: ["r4"], 3: ["r2"]}, bribes="together")
    st, _ = play(st, (0, "enlist:0"), (2, "bribe:r4"))
    old = as_version_2(E.dump(st))
    del old["_v"], old["bribes"]  # as version 1 stored it
    loaded = E.load(old)
    assert loaded["bribes"] == "together" and E.dump(loaded)["_v"] == 3
    assert E.to_act(loaded) == [1, 3]  # the others still decide at once
    loaded, _ = play(loaded, (3, "pass"), (1, "bribe:r3"))
    assert loaded["fill"]["seat"] == 2  # top bribe r4 against a roll of 1


def test_the_stored_version_1_fixtures_load_as_together():
    import json
    from pathlib import Path

    for path in sorted(Path(__file__).parent.parent.glob("fixtures/states/wichtel-v1-*.json")):
        data = json.loads(path.read_text())
        assert "_v" not in data["state"]
        assert E.load(data["state"])["bribes"] == "together"


def test_version_3_spells_out_the_short_keys_of_version_2():
    assert E.state_version == 3
    fresh = E.dump(E.new_game(4, 3))
    old = as_version_2(fresh)
    assert [k for k in old if k in V2_KEYS] == ["L", "R", "sq", "wl"]
    assert list(E.dump(E.load(old))) == list(fresh) and E.load(old) == E.load(fresh)


def test_the_stored_version_2_fixtures_load_with_readable_keys():
    import json
    from pathlib import Path

    for path in sorted(Path(__file__).parent.parent.glob("fixtures/states/wichtel-v2-*.json")):
        data = json.loads(path.read_text())["state"]
        assert data["_v"] == 2 and set(V2_KEYS) <= set(data)
        state = E.load(data)
        assert not set(V2_KEYS) & set(state)
        for short, name in V2_KEYS.items():
            assert state[name] == data[short]
        assert list(E.dump(state)) == list(E.dump(E.new_game(data["n"], 0)))


# --- the shape of the package: turn flow as data ---------------------------------------------
def test_phase_modules_never_import_each_other():
    """A step hands over by naming the next step in ``state["phase"]`` (issue 9): the modules
    whose functions fill the STEPS table import only helpers (flow, walk, data, words...)."""
    import ast
    from pathlib import Path

    from engines.wichtel import steps

    package = Path(steps.__file__).parent
    phase_modules = {"setup", "moves", "enlist"}
    used = {
        fn.__module__.rpartition(".")[2]
        for step in steps.STEPS.values()
        for fn in (step.actors, step.legal, step.apply, step.prompt, step.auto)
        if fn is not None and fn.__module__.startswith("engines.wichtel.")
    }
    assert used == phase_modules | {"flow"}  # flow: the shared ``mover``
    for name in phase_modules | {"flow", "walk"}:
        tree = ast.parse((package / f"{name}.py").read_text(encoding="utf-8"))
        imported = {
            node.module
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.level == 1
        }
        imported |= {
            alias.name
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.level == 1 and not node.module
            for alias in node.names
        }
        assert not imported & (phase_modules - {name}), (name, imported)


def test_rule_code_builds_no_sentence():
    """Words out of the rules (issue 9): outside ``words``, ``data`` (card and title names) and
    the game's title and lobby help in ``engine``, no string of the package is prose: rule code says
    what happened as a message."""
    import ast
    from pathlib import Path

    from engines.wichtel import steps

    package = Path(steps.__file__).parent
    for path in sorted(package.glob("*.py")):
        if path.name in ("words.py", "data.py", "__init__.py"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef))
            and node.body
            and isinstance(node.body[0], ast.Expr)
        }
        lobby = {
            id(const)
            for node in ast.walk(tree)
            if isinstance(node, ast.Assign)
            and any(getattr(t, "id", "") in ("title", "option_help") for t in node.targets)
            for const in ast.walk(node.value)
        }
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in docstrings | lobby
            ):
                assert len(node.value.split()) < 3, (path.name, node.value)
