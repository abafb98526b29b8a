"""Henchmania: the Additional Cards module (table options; the effects are project rulings,
see the package docstring): set-ups, one test per new card effect, random playouts."""

from __future__ import annotations

import pytest

from engines import GameError
from engines.henchmania import ENGINE as E
from engines.henchmania.data import ALT_GLOVES, ALT_HENCHMEN, ANIMALS, CARDS, SITES, TEXT, full_deck
from tests.engines.contract import play_and_check
from tests.engines.test_henchmania_helpers import make, news, play

ALL = {"animals": True, "alt_gloves": "all", "alt_henchmen": "all"}
RANDOM = {"animals": True, "alt_gloves": "random", "alt_henchmen": "random"}


def seed_with(card, n=2):
    """A game seed whose Additional Cards (all options on) include ``card`` (Mule or Ox)."""
    return next(s for s in range(100) if card in E.new_game(n, s, ALL)["extra"])


def mk(n=2, seed=None, animal="mule", **kw):
    """A hand-built state (see ``make``) with every Additional Card in the decks."""
    return make(n, seed=seed_with(animal, n) if seed is None else seed, options=ALL, **kw)


def duel(glove="glove", n=2, hands=None, res=None, scores=None, animal="mule"):
    """Seat 0 holds ``glove`` and has the turn (the tests fix the duel's dice with the ``dice``
    fixture)."""
    hands = {s: list((hands or {}).get(s, [])) + ["choir"] for s in range(n)}
    hands[0].append(glove)
    return mk(n, animal=animal, hands=hands, res=res, scores=scores)


def _counts(st):
    inv = E.inventory(st)
    return {k: v for k, v in inv.items() if not k.startswith("pawn")}


# --- data and set-ups -------------------------------------------------------------------
def test_every_additional_card_is_data_with_a_text():
    for key in ANIMALS + ALT_GLOVES + tuple(ALT_HENCHMEN):
        name, site, count, kind, maximum, attack, defence = CARDS[key]
        assert site in SITES and count == 1 and key in TEXT
        assert maximum == (1 if kind == "reserve" else 0)
        assert (attack > 0) == (kind == "armory")
    assert [CARDS[a][1] for a in ANIMALS] == [
        "tavern",
        "castle",
        "square",
        "church",
        "armory",
        "armory",
    ]


def test_default_game_is_the_base_game():
    st = E.new_game(3, 5)
    assert st["extra"] == [] and st["opt"]["animals"] is False
    assert st["opt"]["alt_gloves"] == "none" and st["opt"]["alt_henchmen"] == "none"
    counts = _counts(st)
    assert sum(counts.values()) == 130 and counts["glove"] == 12
    assert all(counts[k] == 0 for k in ANIMALS + ALT_GLOVES + tuple(ALT_HENCHMEN))
    # Same seed, options spelled out as their defaults: the very same game.
    same = E.new_game(3, 5, {"animals": False, "alt_gloves": "none", "alt_henchmen": "none"})
    assert same == st
    assert "additional_cards" in E.view(st, None) and E.view(st, None)["additional_cards"] == []


def test_animals_put_one_animal_in_every_site_pile_27_cards_each():
    seen = set()
    for seed in range(12):
        st = E.new_game(2, seed, {"animals": True})
        extra = st["extra"]
        assert len(extra) == 5 and len({CARDS[a][1] for a in extra}) == 5
        assert ("mule" in extra) != ("ox" in extra)
        seen.update(extra)
        decks = full_deck(tuple(extra))
        assert all(len(decks[s]) == 27 for s in SITES)
        assert sum(_counts(st).values()) == 135
    assert {"mule", "ox"} <= seen


def test_all_alternative_gloves_keep_twelve_gloves():
    st = E.new_game(2, 1, {"alt_gloves": "all"})
    counts = _counts(st)
    assert counts["glove"] == 7 and all(counts[g] == 1 for g in ALT_GLOVES)
    assert counts["glove"] + sum(counts[g] for g in ALT_GLOVES) == 12
    assert sum(counts.values()) == 130
    assert len(full_deck(tuple(ALT_GLOVES))["square"]) == 26


def test_all_alternative_henchmen_replace_their_base_cards():
    st = E.new_game(2, 1, {"alt_henchmen": "all"})
    counts = _counts(st)
    base = _counts(E.new_game(2, 1))
    for alt, orig in ALT_HENCHMEN.items():
        assert counts[alt] == 1 and counts[orig] == base[orig] - 1
    assert counts["armor"] == 0 and counts["helm"] == 1
    decks = full_deck(tuple(ALT_HENCHMEN))
    assert all(len(decks[s]) == 26 for s in SITES)


def test_everything_on_gives_27_cards_a_site():
    st = E.new_game(4, 3, ALL)
    assert len(st["extra"]) == 5 + 5 + 8
    assert sum(_counts(st).values()) == 135
    assert all(len(full_deck(tuple(st["extra"]))[s]) == 27 for s in SITES)
    assert "Additional Cards:" in E.board_text(E.view(st, None))


def test_random_choices_are_seeded_non_empty_subsets():
    picks = set()
    for seed in range(15):
        st = E.new_game(3, seed, RANDOM)
        assert st == E.new_game(3, seed, RANDOM)  # deterministic
        gloves = [c for c in st["extra"] if c in ALT_GLOVES]
        hench = [c for c in st["extra"] if c in ALT_HENCHMEN]
        assert gloves and hench
        counts = _counts(st)
        assert counts["glove"] + len(gloves) == 12 and sum(counts.values()) == 135
        picks.add((tuple(gloves), tuple(hench)))
    assert len(picks) > 5


def test_option_values_are_checked():
    for bad, why in (
        ({"alt_gloves": "some"}, "'alt_gloves' must be one of"),
        ({"alt_henchmen": "falconer"}, "'alt_henchmen' must be one of"),
        ({"animals": "yes"}, "'animals' is on or off"),
    ):
        with pytest.raises(GameError, match=why):
            E.new_game(2, 1, bad)
    assert E.option_choices["alt_gloves"][:3] == ["none", "all", "random"]
    assert set(E.option_choices["alt_gloves"][3:]) == {
        "falconer",
        "gauntlet",
        "silk",
        "velvet",
        "hunting",
    }
    assert all(k in E.option_help for k in ("animals", "alt_gloves", "alt_henchmen"))


# --- animals ----------------------------------------------------------------------------
def test_vermin_discards_a_random_card_from_the_targets_hand():
    st = mk(3, hands={0: ["vermin"], 1: ["dagger", "gossip"]})
    assert E.legal_actions(st, 0) == ["pass", "play:vermin"]
    st, _ = play(st, (0, "play:vermin"))
    assert E.legal_actions(st, 0) == ["arg:p1", "back"]  # seat 2 has no hand
    st, ev = play(st, (0, "arg:p1"))
    assert len(st["hand"][1]) == 1
    gone = ({"dagger", "gossip"} - set(st["hand"][1])).pop()
    assert gone in st["disc"][CARDS[gone][1]] and "vermin" in st["disc"]["tavern"]
    assert ("vermin", {"seat": 1, "card": gone}) in news(ev)


def test_vermin_is_cancelled_by_a_penitent():
    st = mk(2, hands={0: ["vermin"], 1: ["dagger"]}, res={1: ["penitent"]})
    st, _ = play(st, (0, "play:vermin"), (0, "arg:p1"))
    assert E.legal_actions(st, 1) == ["accept", "counter:penitent"]
    st, _ = play(st, (1, "counter:penitent"))
    assert st["hand"][1] == ["dagger"]


def test_torecat_adds_one_point_with_a_performance():
    st = mk(3, hands={0: ["gossip"]}, res={0: ["torecat", "minstrel"], 1: ["minstrel"]})
    st, ev = play(st, (0, "pass"))
    assert st["score"] == [5 + 1 + 1, 6, 5]
    assert (
        "scores_day",
        {
            "seat": 0,
            "n": 2,
            "parts": [
                ["henchmania.part.performances", {"n": 1}],
                ["henchmania.part.torecat", {"n": 1}],
            ],
        },
    ) in news(ev)
    st = mk(2, hands={0: ["gossip"]}, res={0: ["torecat"]})
    st, _ = play(st, (0, "pass"))
    assert st["score"] == [5, 5]


def test_mutt_spares_the_losing_defender_a_point(dice):
    st = duel(res={1: ["mutt"]})
    dice(6, 6, 6, 1, 1, 1)
    st, ev = play(st, (0, "play:glove"), (0, "arg:p1"))
    assert st["lastduel"]["wounds"] == 3 and st["score"] == [10, 5 - 2]
    assert ("mutt", {"seat": 1, "n": 1}) in news(ev)
    # Not as the Attacker: a losing attacker still loses 1.
    st = duel(res={0: ["mutt"]})
    dice(1, 1, 1)
    st, _ = play(st, (0, "play:glove"), (0, "arg:p1"))
    assert st["score"] == [4, 7]


def test_pigeon_draws_at_a_site_with_your_henchman():
    st = mk(2, hands={0: ["pigeon"]}, board={"castle": [0], "church": [1]})
    st, _ = play(st, (0, "play:pigeon"))
    assert E.legal_actions(st, 0) == ["arg:castle", "back"]
    st, _ = play(st, (0, "arg:castle"))
    assert len(st["hand"][0]) == 1 and CARDS[st["hand"][0][0]][1] == "castle"
    assert "pigeon" in st["disc"]["church"]
    # Without a Henchman on the board it cannot be played.
    assert "play:pigeon" not in E.legal_actions(mk(2, hands={0: ["pigeon"]}), 0)


def test_mule_rotates_to_draw_at_the_armory_once_a_day():
    st = mk(2, animal="mule", hands={0: ["gossip"], 1: ["gossip"]}, res={0: ["mule"]})
    assert "use:mule" in E.legal_actions(st, 0)
    assert E.describe(st, 0, "use:mule") == "Mule (house rule): draw at the Armory"
    st, _ = play(st, (0, "use:mule"))
    assert "mule" in st["rot"][0] and len(st["hand"][0]) == 2
    assert any(CARDS[c][1] == "armory" for c in st["hand"][0])
    st, _ = play(st, (1, "pass"))
    assert "use:mule" not in E.legal_actions(st, 0)


def test_ox_makes_bare_hands_five(dice):
    st = duel(animal="ox", res={0: ["ox"]})
    dice(5, 5, 4, 5, 4)
    st, ev = play(st, (0, "play:glove"), (0, "arg:p1"))
    d = st["lastduel"]
    assert E.view(st, None)["last_duel"]["attack_value"] == 5
    assert d["hits"] == 2 and d["dd"] == [5, 4] and d["wounds"] == 2
    assert st["score"] == [10, 3]
    assert ("bare_ox", {"seat": 0, "n": 5}) in news(ev) and ("bare", {"seat": 1}) in news(ev)
    st = duel(animal="ox", res={1: ["ox"]})
    dice(6, 6, 1, 5, 4)
    st, _ = play(st, (0, "play:glove"), (0, "arg:p1"))
    assert E.view(st, None)["last_duel"]["defence_value"] == 5
    assert st["lastduel"]["wounds"] == 1 and st["score"] == [10, 4]


# --- alternative Gloves -----------------------------------------------------------------
def test_falconer_glove_rolls_four_attack_dice(dice):
    st = duel("falconer")
    dice(1, 1, 1, 6, 2)
    st, _ = play(st, (0, "play:falconer"), (0, "arg:p1"))
    assert st["lastduel"]["ad"] == [1, 1, 1, 6] and st["lastduel"]["hits"] == 1
    assert st["score"] == [10, 4] and "falconer" in st["disc"]["square"]


def test_gauntlet_improves_the_attack_value_by_one(dice):
    st = duel("gauntlet")
    dice(5, 5, 1, 1, 1)
    st, _ = play(st, (0, "play:gauntlet"), (0, "arg:p1"))
    assert st["lastduel"]["hits"] == 2 and st["score"] == [10, 3]
    st = duel("gauntlet", hands={0: ["sword"]})
    dice(1, 1, 1, 6, 6, 6)
    st, _ = play(st, (0, "play:gauntlet"), (0, "arg:p1"), (0, "weapon:sword"))
    assert E.view(st, None)["last_duel"]["attack_value"] == 1


def test_silk_glove_loser_loses_nothing(dice):
    st = duel("silk")
    dice(6, 6, 6, 1, 1, 1)
    st, _ = play(st, (0, "play:silk"), (0, "arg:p1"))
    assert st["score"] == [10, 5]
    st = duel("silk")
    dice(1, 1, 1)
    st, _ = play(st, (0, "play:silk"), (0, "arg:p1"))
    assert st["score"] == [5, 7]


def test_velvet_glove_cannot_be_guarded(dice):
    st = duel("velvet", hands={1: ["guard"]})
    dice(1, 1, 1)
    st, _ = play(st, (0, "play:velvet"), (0, "arg:p1"))
    assert st["lastduel"]["st"] == "done" and "guard" in st["hand"][1]
    st = duel("hunting", hands={1: ["guard"]})
    st, _ = play(st, (0, "play:hunting"), (0, "arg:p1"))
    assert E.legal_actions(st, 1) == ["accept", "guard"]  # the other Gloves can be


def test_hunting_glove_only_at_the_leading_opponent_and_pays_more(dice):
    st = duel("hunting", n=3, scores=[5, 9, 7])
    dice(6, 1, 1, 1)
    st, _ = play(st, (0, "play:hunting"))
    assert E.legal_actions(st, 0) == ["arg:p1", "back"]
    st, _ = play(st, (0, "arg:p1"))
    assert st["score"] == [5 + 5 + 2, 8, 7]
    tied = duel("hunting", n=3, scores=[5, 9, 9])
    tied, _ = play(tied, (0, "play:hunting"))
    assert E.legal_actions(tied, 0) == ["arg:p1", "arg:p2", "back"]


# --- alternative Henchmen ---------------------------------------------------------------
def test_porter_alt_rotates_to_place_on_a_full_site_once_a_day():
    st = mk(
        2,
        phase="place",
        board={"tavern": [1, 1, 1, 1], "castle": [1, 1, 1, 1]},
        res={0: ["porter2"]},
    )
    legal = E.legal_actions(st, 0)
    assert "porter2:tavern" in legal and "porter:tavern" not in legal
    st, _ = play(st, (0, "porter2:tavern"))
    assert st["board"]["tavern"] == [1, 1, 1, 1, 0] and "porter2" in st["res"][0]
    assert "porter2" in st["rot"][0]
    assert E.to_act(st) == [0]  # seat 1 has set all its Henchmen
    assert not any(a.startswith("porter2") for a in E.legal_actions(st, 0))


def test_gossip_alt_only_at_a_richer_opponent_two_and_two_boss_adds_two():
    st = mk(3, hands={0: ["gossip2"]}, scores=[5, 9, 5])
    st, _ = play(st, (0, "play:gossip2"))
    assert E.legal_actions(st, 0) == ["arg:p1", "back"]
    st, _ = play(st, (0, "arg:p1"))
    assert st["score"] == [7, 7, 5]
    st = mk(2, hands={0: ["gossip2"]}, res={0: ["boss"]}, scores=[5, 9])
    st, _ = play(st, (0, "play:gossip2"), (0, "arg:p1"))
    assert E.describe(st, 0, "arg:boss") == "Rotate Boss Lady: Gossip worth 4"
    st, _ = play(st, (0, "arg:boss"))
    assert st["score"] == [9, 5]
    assert "play:gossip2" not in E.legal_actions(mk(2, hands={0: ["gossip2"]}), 0)


def test_traitor_alt_moves_an_opponents_henchman_now():
    st = mk(
        2, hands={0: ["traitor2", "traitor"]}, board={"tavern": [1, 1, 0], "castle": [0, 0, 0, 0]}
    )
    st, _ = play(st, (0, "play:traitor2"), (0, "arg:p1"))
    assert E.legal_actions(st, 0) == ["arg:tavern", "back"]
    st, _ = play(st, (0, "arg:tavern"))
    legal = E.legal_actions(st, 0)
    assert "arg:castle" not in legal and "arg:tavern" not in legal and "arg:church" in legal
    st, ev = play(st, (0, "arg:church"))
    assert st["board"]["tavern"] == [1, 0] and st["board"]["church"] == [1]
    assert st["traitor"][0] and "traitor2" in st["disc"]["tavern"]
    assert "play:traitor" not in E.legal_actions(st, 0)  # one Traitor a day, either kind


def test_drunkard_alt_discards_two_cards_by_their_backs():
    st = mk(2, hands={0: ["drunk2"], 1: ["dagger", "gossip", "prayer"]})
    st, _ = play(st, (0, "play:drunk2"), (0, "arg:p1"))
    assert E.legal_actions(st, 0) == ["arg:armory", "arg:church", "arg:tavern", "back"]
    st, _ = play(st, (0, "arg:armory"))
    assert E.legal_actions(st, 0) == ["arg:church", "arg:tavern", "back"]
    st, _ = play(st, (0, "arg:tavern"))
    assert st["hand"][1] == ["prayer"] and "dagger" in st["disc"]["armory"]
    # Only one card in hand: only one to discard.
    st = mk(2, hands={0: ["drunk2"], 1: ["dagger"]})
    st, _ = play(st, (0, "play:drunk2"), (0, "arg:p1"), (0, "arg:armory"))
    assert st["hand"][1] == [] and "dagger" in st["disc"]["armory"]


def test_helm_cancels_one_unparried_hit_for_its_defender(dice):
    st = duel(hands={1: ["helm"]})
    dice(6, 6, 1, 1, 1)
    st, _ = play(st, (0, "play:glove"), (0, "arg:p1"), (1, "weapon:helm"))
    d = st["lastduel"]
    assert d["hits"] == 2 and d["wounds"] == 1 and st["score"] == [10, 4]
    st = duel(hands={1: ["helm"]})
    dice(6, 1, 1, 1)
    st, _ = play(st, (0, "play:glove"), (0, "arg:p1"), (1, "weapon:helm"))
    assert st["lastduel"]["wounds"] == 0 and st["score"] == [4, 7]


@pytest.mark.parametrize(
    "card,attack,defence", [("mace", 3, 5), ("rshield", 3, 3), ("mail2", 4, 3), ("helm", 5, 3)]
)
def test_alternative_armory_values(card, attack, defence, dice):
    st = duel(hands={0: [card]})
    dice(1, 1, 1)
    st, _ = play(st, (0, "play:glove"), (0, "arg:p1"), (0, "weapon:" + card))
    last = E.view(st, None)["last_duel"]
    assert (last["attack_value"], last["attack_weapon"]) == (attack, card)
    assert CARDS[card][6] == defence
    assert card in st["disc"]["armory"]


# --- random playouts with the module on -------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_playouts_with_every_additional_card(n, seed):
    state, moves = play_and_check(E, n, seed, ALL)
    assert E.is_over(state) and moves


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_random_playouts_with_random_choices(n):
    for seed in (7, 8):
        state, _ = play_and_check(E, n, seed, RANDOM)
        assert E.is_over(state)


def test_players_may_hand_pick_the_alternative_cards():
    import pytest

    from engines import GameError
    from engines.henchmania import ENGINE
    from engines.henchmania.setup import additional_cards

    opts = ENGINE.check_setup(3, {"alt_gloves": "velvet+silk", "alt_henchmen": "helm"})
    assert opts["alt_gloves"] == "silk+velvet" and opts["alt_henchmen"] == "helm"
    state = ENGINE.new_game(3, 4, {"alt_gloves": "velvet+silk", "alt_henchmen": "helm"})
    assert sorted(additional_cards({"rng": 1}, opts)) == ["helm", "silk", "velvet"]
    assert (
        sum(1 for deck in state["deck"].values() for c in deck if c in ("silk", "velvet"))
        + sum(1 for hand in state["hand"] for c in hand if c in ("silk", "velvet"))
        == 2
    )
    for bad in ("silk+nope", "silk+silk", "porter2+silk"):
        with pytest.raises(GameError, match="pick cards from falconer, gauntlet"):
            ENGINE.check_setup(3, {"alt_gloves": bad})
    with pytest.raises(GameError, match="'alt_gloves' must be one of"):
        ENGINE.check_setup(3, {"alt_gloves": "nope"})
