"""Der Herr der Wichtel: the Markdown board and hand panels, on hand-built states."""

from __future__ import annotations

import json
import re

from engines.wichtel import ENGINE
from engines.wichtel import render as view_text
from engines.wichtel.data import EV_COUNT, LEP_NAME
from engines.words import render
from tables.service import fill_names
from tests.engines.test_wichtel import enlist_scene, play, scene, texts

E = ENGINE
SEAT_ROW = re.compile(r"^[▶ ] \{p(\d)\}: (🂠+) · (\d+) events · (-?\d+) pts$", re.M)


def board(st) -> str:
    return E.board_text(E.view(st, None))


# --- 1. the enlister's hand panel during the bribe phase ------------------------------------
def test_enlister_is_not_told_he_offers_no_bribe():
    st = enlist_scene(n=4, ev={0: ["ig"], 1: ["r3"], 2: ["kh"]}, bribes="together")
    st, _ = play(st, (0, "enlist:0"))
    hand = E.hand_text(E.view(st, 0))
    assert "You offer no bribe" not in hand
    assert "The others are deciding on bribes for your enlistment (waiting for {p1}, {p2})." in hand
    # seat 3 holds no event card and is not asked: for him "no bribe" is accurate
    assert "You offer no bribe." in E.hand_text(E.view(st, 3))
    # whether seat 1 bribed or passed, the enlister's panel reads the same
    bribed, _ = play(st, (1, "bribe:r3"))
    passed, _ = play(st, (1, "pass"))
    assert E.hand_text(E.view(bribed, 0)) == E.hand_text(E.view(passed, 0))
    assert "(waiting for {p2})." in E.hand_text(E.view(bribed, 0))
    assert "You offer no bribe." in E.hand_text(E.view(passed, 1))
    assert "Your face-down bribe: 3 Rindentaler" in E.hand_text(E.view(bribed, 1))


# --- 2. last scoring rows name the cards -----------------------------------------------------
def test_last_scoring_rows_use_card_names():
    st = scene(
        ret={0: "ge hs hw ks", 1: "ks ks hs fa", 2: "fa fa fa ww"},
        left_stack="sw",
        right_stack="va",
        wahlleiter="free",
    )
    st, ev = play(st, (0, "call:hs"), (0, "endround"))
    text = board(st)
    called = st["last"]["cards"][0]
    names = ", ".join(LEP_NAME[c] for c in sorted(called))
    assert f"- {{p0}}: {names} → " in text
    assert "- {p1}: Familie, Holzschieber, Keulenschwinger, Keulenschwinger → " in text
    assert "- {p2}: Familie, Familie, Familie, Waldwebel → " in text
    assert not re.search(r"\b(GE|HS|HW|KS|FA|WW)\b", text)
    # the same names as the round report in the Latest field
    report = [t for t in texts(ev) if "scoring" in t][0]
    assert "{p1}: Familie, Holzschieber, Keulenschwinger, Keulenschwinger |" in report


def worst_case_state():
    """5 players, every board line as long as it gets: pending walk effects, a free Wahlleiter,
    the longest names on the square, four revealed bribes, Nix da!, a roll, nearly every event
    used, 3-digit totals, and a last scoring where every seat has the longest possible row
    (an upper bound: the deck does not hold five such retinues)."""
    st = enlist_scene(
        n=5,
        square="hw ks ks ks hs",
        ret={0: "fa hs hf va", 1: "fa hs hf va"},
        ev={0: ["ig"], 2: ["ib"], 3: ["r6"], 4: ["r6"]},
        wahlleiter="free",
        totals=[-999, 999, 999, 999, 999],
        back=True,
        stand=True,
        target=150,
    )
    used = [c for c, k in EV_COUNT.items() for _ in range(k)]
    for c in ("ig", "ib", "r6", "r6"):
        used.remove(c)
    st["ev_used"], st["ev_aside"] = used, []
    st["enl"] = {
        "pos": 0,
        "card": "hw",
        "bids": None,
        "shown": ["", "db", "ib", "r6", "r6"],
        "top": 4,
        "top_card": None,
        "nixda": True,
        "rolls": [1],
        "need": 2,
        "rerolled": False,
    }
    st["phase"] = "reroll"
    st["last"] = {
        "round": 12,
        "ended_by": 4,
        "cards": [["hw", "ks", "ks", "ks"]] * 5,
        "bonus": [5, 0, 0, 0, 1],
        "totals": [-999, 999, 999, 999, 999],
    }
    st["round"] = 13
    return st


def test_board_fits_discord_in_the_worst_case_with_five_players():
    st = worst_case_state()
    text = board(st)
    assert "- {p4}: Häuptlingswitwe, Keulenschwinger, Keulenschwinger, Keulenschwinger → " in text
    assert "Nix da! played" in text and "Pending: Komm mal zurück!" in text
    assert text.endswith(f"*{render(E.view(st, None)['prompt'])}*")  # nothing was cut off
    assert len(text) <= 4000
    # ...even with the longest Discord display names (32 characters) filled in
    assert len(fill_names(text, ["W" * 32] * 5)) <= 4000


def test_text_is_made_from_the_view_alone():
    """``render`` sees only a view: the same view after a JSON round trip (as stored or sent)
    gives the same text, and its prompt is a message (id and parameters) rendered to English."""
    st = worst_case_state()
    for seat in (None, 0, 3):
        v = E.view(st, seat)
        again = json.loads(json.dumps(v))
        assert view_text.board_text(again) == E.board_text(v)
        assert view_text.hand_text(again) == E.hand_text(v)
    assert again["prompt"] == ["wichtel.prompt.reroll", {"p": 0, "pips": 1, "need": 2}]
    assert E.board_text(again).endswith(
        "*{p0} rolled 1 (needed 2) and decides whether to accept it.*"
    )
    assert "*Your decision:" not in E.hand_text(again)  # seat 3 is not deciding
    assert E.hand_text(E.view(st, 0)).endswith(
        "*Your decision: {p0} rolled 1 (needed 2) and decides whether to accept it.*"
    )


# --- 3. card backs: as many as the retinue holds -----------------------------------------------
def test_seat_rows_show_as_many_backs_as_the_retinue_holds(dice):
    dice(6)
    st = enlist_scene()
    st, _ = play(st, (0, "enlist:0"))
    assert st["phase"] == "fill" and len(st["ret"][0]) == 5
    rows = {int(seat): backs for seat, backs, _, _ in SEAT_ROW.findall(board(st))}
    assert rows == {0: "🂠" * 5, 1: "🂠" * 4, 2: "🂠" * 4}
    st, _ = play(st, (0, "fill:fa"))
    rows = {int(seat): backs for seat, backs, _, _ in SEAT_ROW.findall(board(st))}
    assert rows == {0: "🂠" * 4, 1: "🂠" * 4, 2: "🂠" * 4}


# --- 4. bribes in turn order from the enlister's left -----------------------------------------
def test_bribes_are_listed_in_turn_order_from_the_enlisters_left():
    st = enlist_scene(
        n=4,
        active=2,
        ret={2: "fa hs hf ks"},
        ev={0: ["r4"], 1: ["r4"], 2: ["ig"], 3: ["r2"]},
        bribes="together",
    )
    st, _ = play(st, (2, "enlist:0"), (0, "bribe:r4"))
    # still face down: the board does not tell seat 1's bribe from a pass
    bribed, _ = play(st, (1, "bribe:r4"))
    passed, _ = play(st, (1, "pass"))
    assert board(bribed) == board(passed)
    assert "bribes:" not in board(bribed) and "Rindentaler" not in board(bribed)
    st, ev = play(bribed, (3, "bribe:r2"))
    assert st["phase"] == "respond" and st["enl"]["top"] == 1
    reveal = [t for t in texts(ev) if t.startswith("Bribes revealed")][0]
    assert reveal.startswith(
        "Bribes revealed: {p3}: 2 Rindentaler; {p0}: 4 Rindentaler; {p1}: 4 Rindentaler."
    )
    assert (
        "; bribes: {p3} 2 Rindentaler, {p0} 4 Rindentaler, {p1} 4 Rindentaler; top: {p1}"
        in board(st)
    )


def test_bribes_in_turns_board_shows_who_laid_a_card_never_which():
    st = enlist_scene(
        n=4, active=2, ret={2: "fa hs hf ks"}, ev={0: ["r4"], 1: ["r4", "kh"], 2: ["ig"], 3: ["r2"]}
    )
    st, _ = play(st, (2, "enlist:0"))
    assert "face down so far" not in board(st)
    assert "{p3} may lay a face-down bribe" in board(st)
    st, _ = play(st, (3, "bribe:r2"), (0, "pass"))
    text = board(st)
    assert "; face down so far: {p3} laid a card, {p0} no card" in text
    assert "Rindentaler" not in text and "bribes:" not in text
    assert "{p1} may lay a face-down bribe" in text
    # seat 1, deciding last, sees the same: that {p3} laid a card, not which
    assert "face down so far: {p3} laid a card, {p0} no card" in E.board_text(E.view(st, 1))
    assert "2 Rindentaler" not in E.hand_text(E.view(st, 1))
    assert "Your face-down bribe: 2 Rindentaler" in E.hand_text(E.view(st, 3))


# --- 5. the private panel: score now, special cards, English names ------------------------------
def hand(st, seat=0) -> str:
    return E.hand_text(E.view(st, seat))


def test_panel_shows_what_the_retinue_would_score_now_with_its_title():
    st = scene(ret={0: "sw ks ks fa"}, square="fa hs hf")
    assert "**If the round ended now:** 18 points (cards 8; Sergeant +10)" in hand(st)
    st = scene(ret={0: "hd ww sw ks"}, square="fa hs hf")
    assert (
        "**If the round ended now:** 37 points (cards 22; General +15 (Hexendoktor as "
        "Keulenschwinger))"
    ) in hand(st)
    st = scene(ret={0: "hw ks ks hs"}, square="fa hs hf")
    assert "-5 points (cards 5; no title; Witwe flips 5 to -5)" in hand(st)
    st = scene(ret={0: "me fa hs hf"}, square="fa ks ks")
    assert "11 points (removed Familie, Holzschieber; cards 11; no title)" in hand(st)
    st = scene(ret={0: "hw hd me ge"}, square="fa hs hf")
    assert "99 points (cards 34; Chieftain +65)" in hand(st)
    # the view carries the breakdown, for the seat itself only
    assert E.view(st, 0)["retinue_score"]["score"] == 99
    assert "retinue_score" not in E.view(st, None)
    assert E.view(st, 1)["retinue_score"]["score"] != 99


def test_panel_score_waits_while_five_leprechauns_are_held(dice):
    dice(6)
    st = enlist_scene()
    st, _ = play(st, (0, "enlist:0"))
    assert E.view(st, 0)["retinue_score"] is None
    assert "first put one of your 5 leprechauns into the gap" in hand(st)


def test_panel_reminds_of_special_cards_in_the_retinue_or_on_the_square():
    st = scene(ret={0: "hd ww sw ks"}, square="fa ge hf")
    text = hand(st)
    assert "**Special cards** (in your retinue or on the square):" in text
    assert "- Hexendoktor (Witch doctor): stands in for any card" in text
    assert "- General: every card worth less than 3" in text
    assert "Häuptlingswitwe" not in text and "Meister" not in text
    st = scene(ret={0: "fa hs hf ks"}, square="fa hs hf")
    assert "Special cards" not in hand(st) and E.view(st, 0)["special_cards"] == []


def test_panel_and_labels_give_english_names_beside_german_ones():
    st = scene(ret={0: "hf hw ks ge"}, ev={0: ["kz", "r3"]}, square="fa hs hf")
    text = hand(st)
    assert "- Holzfäller 3 (Wood cutter)" in text
    assert "- Häuptlingswitwe 7 (Chieftain's widow)" in text and "- General 9\n" in text
    assert "**Your events:** Komm mal zurück! (Come back!), 3 Rindentaler (3 bark coins)" in text
    assert (
        E.describe(st, 0, "call:hf") == "Call: discard Holzfäller 3 (Wood cutter), draw a new one"
    )
    assert E.describe(st, 0, "play:kz") == "Play Komm mal zurück! (Come back!)"
    assert E.describe(st, 0, "enlist:1") == "Enlist Holzschieber 1 (Wood hauler), place 2"


def test_every_action_label_fits_a_button():
    from engines.wichtel.data import EVENTS as EV_CODES_ALL
    from engines.wichtel.data import LEP_CODES

    st = scene(n=5, square="hw fa hs hf ks")
    for phase in ("prewalk", "main", "end", "reroll", "respond"):
        st["phase"] = phase
        actions = (
            ["call:" + c for c in LEP_CODES]
            + ["give:" + c for c in LEP_CODES]
            + ["fill:" + c for c in LEP_CODES]
            + ["play:" + c for c in EV_CODES_ALL]
            + ["bribe:" + c for c in EV_CODES_ALL]
            + [f"enlist:{i}" for i in range(5)]
            + [
                "pass",
                "roll",
                "nixda",
                "reroll",
                "endround",
                "continue",
                "done",
                "free",
                "accept",
                "walk",
                "exchange:4",
                "to:4",
            ]
        )
        for action in actions:
            label = E.describe(st, 0, action)
            assert len(fill_names(label, ["W" * 32] * 5)) <= 80, label
