"""Der Herr der Wichtel: the Markdown board and hand panels, on hand-built states."""
from __future__ import annotations

import re

from engines.wichtel import ENGINE
from engines.wichtel.data import EV_COUNT, LEP_NAME
from tables.service import fill_names
from tests.engines.test_wichtel import enlist_scene, play, scene, texts

E = ENGINE
SEAT_ROW = re.compile(r"^[▶ ] \{p(\d)\}: (🂠+) · (\d+) events · (-?\d+) pts$", re.M)


def board(st) -> str:
    return E.board_text(E.view(st, None))


# --- 1. the enlister's hand panel during the bribe phase ------------------------------------
def test_enlister_is_not_told_he_offers_no_bribe():
    st = enlist_scene(n=4, ev={0: ["ig"], 1: ["r3"], 2: ["kh"]})
    st, _ = play(st, (0, "enlist:0"))
    hand = E.hand_text(E.view(st, 0))
    assert "You offer no bribe" not in hand
    assert ("The others are deciding on bribes for your enlistment (waiting for {p1}, {p2})."
            in hand)
    # seat 3 holds no event card and is not asked: for him "no bribe" is accurate
    assert "You offer no bribe." in E.hand_text(E.view(st, 3))
    # whether seat 1 bribed or passed, the enlister's panel reads the same
    bribed, _ = play(st, (1, "bribe:r3"))
    passed, _ = play(st, (1, "pass"))
    assert E.hand_text(E.view(bribed, 0)) == E.hand_text(E.view(passed, 0))
    assert "(waiting for {p2})." in E.hand_text(E.view(bribed, 0))
    assert "You offer no bribe." in E.hand_text(E.view(passed, 1))
    assert "Your face-down bribe: 3 Rindentaler" in E.hand_text(E.view(bribed, 1))
