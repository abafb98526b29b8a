"""Henchmania: the words players read (board, hand panel, buttons, news, option help)."""

from __future__ import annotations

import re

from engines.henchmania import ENGINE as E
from engines.henchmania.data import ADDITIONAL, CARDS, HOUSE, RESERVE, TEXT, TRUMP, WHEN
from engines.words import render
from tests.engines.test_henchmania_extra import mk
from tests.engines.test_henchmania_helpers import make, play, texts

NO_ARTICLE_CLASH = re.compile(r"\ba [AEIOUaeiou8]")


def _end_day(n=3, **kw):
    hands = kw.pop("hands", {})
    hands.setdefault(0, ["gossip"])
    return play(make(n, hands=hands, **kw), (0, "pass"))


# --- the day on the board -------------------------------------------------------------------
def test_a_tie_break_day_is_named_so_not_day_5_of_4():
    st, ev = _end_day(3, scores=[9, 9, 9], day=4)
    assert st["day"] == 5  # three tied players play on (RULINGS.md)
    assert any(t.startswith("Day 5, a tie-break day, begins.") for t in texts(ev))
    board = E.board_text(E.view(st, None))
    assert "day 5 of 4" not in board
    assert "day 5, tie-break (after day 4)" in board
    assert "day 2 of 4" in E.board_text(E.view(_end_day(3, scores=[1, 2, 3])[0], None))


# --- weapon buttons show the value the duellist really gets -----------------------------------
def _weapon_step(glove="glove", hands=None, res=None, animal="mule"):
    """Seat 0 plays ``glove`` at seat 1; returns the state at the first weapon choice."""
    hands = {s: list((hands or {}).get(s, [])) + ["choir"] for s in range(2)}
    hands[0].append(glove)
    st = mk(2, animal=animal, hands=hands, res=res)
    st, _ = play(st, (0, "play:" + glove), (0, "arg:p1"))
    assert st["step"]["k"] == "weapon"
    return st


def test_bare_hands_button_shows_the_ox_value():
    st = _weapon_step(hands={0: ["dagger"]}, res={0: ["ox"]}, animal="ox")
    assert E.describe(st, 0, "bare") == "Fight bare-handed (hits on 5+, Ox)"
    st = _weapon_step(hands={0: ["dagger"]}, animal="ox")
    assert E.describe(st, 0, "bare") == "Fight bare-handed (hits on 6+)"
    # The Defender with the Ox parries on 5+ (the Attacker has no weapon: bare, no question).
    st = _weapon_step(hands={1: ["dagger"]}, res={1: ["ox"]}, animal="ox")
    assert E.to_act(st) == [1]
    assert E.describe(st, 1, "bare") == "Fight bare-handed (parries on 5+, Ox)"
    assert E.describe(st, 1, "weapon:dagger") == "Fight with Dagger (parries on 5+)"


def test_gauntlet_weapon_buttons_show_the_better_attack():
    st = _weapon_step("gauntlet", hands={0: ["dagger"]})
    assert E.describe(st, 0, "bare") == "Fight bare-handed (hits on 5+)"
    assert E.describe(st, 0, "weapon:dagger") == "Fight with Dagger (hits on 4+)"


# --- articles -----------------------------------------------------------------------------
def test_an_armory_card_in_trick_drunkard_and_nosy_parker_texts():
    st = make(3, hands={0: ["trick"], 1: ["dagger", "axe", "jester"]})
    st, _ = play(st, (0, "play:trick"), (0, "arg:p1"))
    labels = {a: E.describe(st, 0, a) for a in E.legal_actions(st, 0)}
    assert labels["arg:armory"] == "Trick: an Armory card"
    assert labels["arg:castle"] == "Trick: a Castle card"
    st, ev = play(st, (0, "arg:armory"))
    assert "{p0} takes an Armory card from {p1}." in texts(ev)
    st = make(2, hands={0: ["drunk"], 1: ["dagger"]})
    _, ev = play(st, (0, "play:drunk"), (0, "arg:p1"), (0, "arg:armory"))
    assert any("choosing an Armory card" in t for t in texts(ev))
    st, _ = _end_day(2, hands={0: ["gossip", "dagger"]}, res={0: ["nosy"]}, passed=[1])
    _, ev = play(st, (0, "keep:dagger"))
    assert "{p0} keeps an Armory card with the Nosy parker." in texts(ev)
    assert not any(NO_ARTICLE_CLASH.search(t) for t in texts(ev))


def test_random_games_never_write_a_before_a_vowel():
    """Every event and button label of a few random games with every card in them."""
    import random

    for seed in range(6):
        chooser = random.Random(seed)
        st = E.new_game(3, seed, {"animals": True, "alt_gloves": "all", "alt_henchmen": "all"})
        for _ in range(400):
            if E.is_over(st):
                break
            seat = E.to_act(st)[0]
            acts = E.legal_actions(st, seat)
            for a in acts:
                assert not NO_ARTICLE_CLASH.search(E.describe(st, seat, a)), a
            st, ev = E.apply(st, seat, chooser.choice(acts))
            for t in texts(ev, seat):
                assert not NO_ARTICLE_CLASH.search(t), t


# --- Reserve reminders ----------------------------------------------------------------------
def test_every_card_says_when_it_is_played_in_one_short_line():
    assert set(WHEN) == set(CARDS) == set(TEXT)
    assert all(0 < len(line) <= 80 and "\n" not in line for line in WHEN.values())
    for key, row in CARDS.items():
        if row[3] == RESERVE:
            assert WHEN[key].startswith("From your Reserve"), key
        if row[3] == TRUMP:
            assert WHEN[key].startswith("Trump"), key


def test_hand_panel_reminds_what_each_reserve_card_does_and_when():
    st = make(
        2,
        hands={0: ["gossip"]},
        res={0: ["prayer", "prayer", "nosy", "boss"]},
        trumps={0: "providence"},
    )
    hand = E.hand_text(E.view(st, 0))
    for card in ("prayer", "nosy", "boss"):
        line = f"- {CARDS[card][0]}: {TEXT[card]} *{WHEN[card]}*"
        assert hand.count(line) == 1, card
    assert WHEN["providence"] in hand
    assert len(hand) <= 4000


def test_full_hand_and_reserve_panel_fits_discord():
    hand = [
        "gossip",
        "trick",
        "bella",
        "drunk",
        "traitor",
        "brawl",
        "beartamer",
        "guard",
        "glove",
        "bawler",
        "pillory",
        "grave",
        "dagger",
        "cudgel",
        "axe",
        "sword",
    ]
    res = ["minstrel", "troubadour", "jester", "intrigue", "courtesan", "porter", "nosy", "apoth"]
    st = make(2, hands={0: hand}, res={0: res}, trumps={0: "eloquence"})
    text = E.hand_text(E.view(st, 0))
    assert len(text) < 4000  # not clipped: the Trump's reminder, last, is whole
    assert all(WHEN[c] in text for c in res) and text.endswith(f"*{WHEN['eloquence']}*")


# --- the Additional Cards are house rules -------------------------------------------------
def test_additional_cards_are_marked_as_house_rules_wherever_read():
    for key in ("animals", "alt_gloves", "alt_henchmen"):
        assert "house rule" in E.option_help[key]
    assert "house rule" not in E.option_help["days"]
    for key in CARDS:
        assert TEXT[key].startswith(HOUSE) == (key in ADDITIONAL), key
    st = mk(2, animal="ox", hands={0: ["vermin", "helm", "gossip"]}, res={0: ["ox"]})
    assert E.describe(st, 0, "play:vermin") == "Play Vermin (house rule)"
    assert E.describe(st, 0, "play:gossip") == "Play Gossip"
    assert E.describe(st, 0, "play:helm") == "Play Helm (house rule) (A 5+ / D 3+)"
    hand = E.hand_text(E.view(st, 0))
    assert f"**Vermin** (Tavern): {HOUSE}" in hand and f"- Ox: {HOUSE}" in hand
    board = E.board_text(E.view(st, None))
    assert "(house rules: our effects, not the printed cards)" in board
    assert "house rule" not in E.board_text(E.view(make(2), None))


def test_buttons_that_use_an_additional_card_say_house_rule():
    """In random games with every Additional Card: a button that plays or uses one says so."""
    import random

    seen = 0
    for seed in range(8):
        chooser = random.Random(seed)
        st = E.new_game(3, seed, {"animals": True, "alt_gloves": "all", "alt_henchmen": "all"})
        for _ in range(300):
            if E.is_over(st):
                break
            seat = E.to_act(st)[0]
            acts = E.legal_actions(st, seat)
            for a in acts:
                head, _, rest = a.partition(":")
                card = {"play": rest, "use": rest, "weapon": rest}.get(head, "")
                if head in ("porter2",) or card in ADDITIONAL:
                    seen += 1
                    assert "house rule" in E.describe(st, seat, a), a
            st, _ = E.apply(st, seat, chooser.choice(acts))
    assert seen > 20


def test_every_button_label_is_short():
    for seed in range(4):
        st = E.new_game(4, seed, {"animals": True, "alt_gloves": "all", "alt_henchmen": "all"})
        for _ in range(300):
            if E.is_over(st):
                break
            seat = E.to_act(st)[0]
            acts = E.legal_actions(st, seat)
            for a in acts:
                label = render(E.label(st, seat, a))  # before describe() cuts it
                assert len(label) <= 80, label
            st, _ = E.apply(st, seat, acts[(seed + len(acts)) % len(acts)])
