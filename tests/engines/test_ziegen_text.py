"""Herr der Ziegen: the words players read (scoring news, goat positions, the dog's consent
prompt, the text grid and its size)."""

from __future__ import annotations

import re

import pytest

from engines.words import render
from engines.ziegen import ENGINE as E
from engines.ziegen import data, geometry
from tables.base import fill_names
from tests.engines.test_ziegen import DOGS, MILK1, MILK2, G, cell, public_text, run, scene

DOUBLED = re.compile(r"\b(\w+)\s+\1\b", re.IGNORECASE)


# --- scoring news, for every set name -----------------------------------------------------
@pytest.mark.parametrize("name", data.SET_NAMES.values())
def test_scoring_news_reads_well_for_every_set(name):
    # B: the 4th card of the set is played (Red 2+3, Yellow 5, Blue 4): Red wins the last one.
    st = scene(
        3,
        cells={(4, 4): G(name, 1), (0, 1): MILK2[0], (2, 1): MILK2[1]},
        hands={0: [G(name, 3), MILK1[0]]},
        played={0: [G(name, 2)], 1: [G(name, 5)], 2: [G(name, 4)]},
        goats={0: 26},
    )
    _, ev = run(st, (0, f"play:{G(name, 3)}"), (0, f"take:{cell(st, 0, 1)}"))
    news = public_text(ev)
    assert f"The 4th {name} card is played" in news
    assert f"wins the last {name} card" in news
    # A: Red's cards of the set total 8+ (5 + 4), one more still in the draw pile.
    st = scene(
        3,
        cells={(0, 1): MILK2[0], (2, 1): MILK2[1]},
        draw=[G(name, 1), MILK1[2]],
        hands={0: [G(name, 4), MILK1[0]]},
        played={0: [G(name, 5)]},
        goats={0: 25},
    )
    _, ev2 = run(st, (0, f"play:{G(name, 4)}"), (0, f"take:{cell(st, 0, 1)}"))
    news2 = public_text(ev2)
    assert f"{name} cards total 9" in news2 and f"for {name} cards still in the draw" in news2
    for text in (news, news2):
        assert not DOUBLED.search(text), DOUBLED.search(text).group(0)
        assert "Goat goat" not in text and "goat goat" not in text.lower()


# --- where the large goats stand ------------------------------------------------------------
@pytest.mark.parametrize("size", [6, 7])
def test_every_goat_spot_names_its_edge_and_line(size):
    labels = [geometry.spot_label(size, p) for p in range(4 * size)]
    assert len(set(labels)) == 4 * size  # the two spots beside a corner differ
    for p, label in enumerate(labels):
        side, idx, _ = geometry.edge_info(size)[p]
        line = "column" if side in ("top", "bottom") else "row"
        assert label == f"the {side} edge, {line} {idx + 1}"


def test_board_hand_and_news_name_the_edge_of_the_large_goat():
    # Seat 2 stands on the left edge at row 6 (7x7, left side is counted bottom to top).
    left_row_6 = next(
        p for p, (side, idx, _) in enumerate(geometry.edge_info(7)) if side == "left" and idx == 5
    )
    right_row_6 = next(
        p for p, (side, idx, _) in enumerate(geometry.edge_info(7)) if side == "right" and idx == 5
    )
    st = scene(3, cells={(5, 1): MILK1[1]}, hands={2: [MILK1[0]]}, goats={2: left_row_6}, turn=2)
    board = E.board_text(E.view(st, None))
    assert "large goat at the left edge, row 6" in board
    assert "the left edge, row 6: you take from row 6" in E.hand_text(E.view(st, 2))
    st2 = scene(
        3, cells={(5, 1): MILK1[1]}, hands={2: [MILK1[0]]}, goats={2: right_row_6 - 1}, turn=2
    )
    _, ev = run(st2, (2, f"play:{MILK1[0]}"))
    assert "{p2}'s large goat moves 1 space to the right edge, row 6." in public_text(ev)


# --- the dog's consent prompt says where the cards are --------------------------------------
def test_consent_prompt_and_buttons_give_both_positions():
    st = scene(
        3,
        cells={(3, 3): G("Elvis", 5), (3, 5): G("Heidi", 4), (0, 1): MILK1[1], (5, 1): MILK1[2]},
        marks={(3, 3): 0, (3, 5): 1},
        owner={"Elvis": 0, "Heidi": 1},
        hands={0: [DOGS[0], MILK1[0]]},
    )
    st, _ = run(
        st, (0, f"play:{DOGS[0]}"), (0, f"dog:{cell(st, 3, 3)}"), (0, f"swap:{cell(st, 3, 5)}")
    )
    assert st["phase"] == "consent"
    prompt = render(E.view(st, 1)["prompt"])
    assert prompt == (
        "{p1} decides whether {p0} may swap Elvis 5 (row 4, col 4) with Heidi 4 (row 4, col 6)."
    )
    assert E.describe(st, 1, "consent:yes") == "Allow the swap (r4 c4 with r4 c6)"
    assert E.describe(st, 1, "consent:no") == "Refuse the swap (r4 c4 with r4 c6)"
    assert "row 4, col 4" in E.hand_text(E.view(st, 1))


# --- the text grid --------------------------------------------------------------------------
CELL_RE = re.compile(r"^(\[[RYBGP]\] | \.\. | [A-Z][1-5][rybgp ]| dog| m[12] )$")


def test_set_letters_never_clash_with_colours_dogs_or_milk():
    letters = set(data.SET_LETTERS.values())
    assert len(letters) == data.NUM_SETS == len(data.SET_LETTERS)
    assert not letters & set(data.COLOUR_LETTERS.upper() + data.COLOUR_LETTERS.lower())
    assert not letters & set("IOM")  # read as 1, 0, or as a milk shake
    assert all(c.isupper() for c in letters)


def _worst_scene():
    """5 players, 7x7, the longest board: every set in the pasture (all 18 in the legend), every
    cell a marked goat, the other goats spread over the played areas so that each player lists
    as many sets as possible, every milk shake and dog played, goats reserved in the draw pile
    and revealed in hands, every set scored."""
    size = 7
    pens = [geometry.border_cells(size)[i] for i in data.PEN_BORDER_CELLS[5]]
    free = [c for c in range(size * size) if c not in pens]
    longest = sorted(
        data.GOAT_IDS, key=lambda c: (-len(data.SET_NAMES[data.GOAT_SET[c]]), data.ORDER[c])
    )
    first = [data.SET_CARDS[s][0] for s in data.SET_KEYS]  # one of every set
    goats = first + [c for c in longest if c not in first]
    pasture, rest = goats[: len(free)], goats[len(free) :]
    draw, hands_goats, rest = rest[:6], rest[6:16], rest[16:]
    cells = {divmod(c, size): card for c, card in zip(free, pasture)}
    marks = {divmod(c, size): k % 5 for k, c in enumerate(free)}
    played = {s: [] for s in range(5)}
    for k, c in enumerate(sorted(rest, key=lambda c: (data.VALUE[c], data.ORDER[c]))):
        played[k % 5].append(c)
    for k, c in enumerate(list(data.MILK_IDS) + list(data.DOG_IDS)):
        played[k % 5].append(c)
    hands = {s: hands_goats[2 * s : 2 * s + 2] for s in range(5)}
    owner = {name: i % 5 for i, name in enumerate(data.SET_NAMES.values())}
    return scene(
        5,
        cells=cells,
        marks=marks,
        played=played,
        hands=hands,
        owner=owner,
        draw=draw,
        revealed=data.sorted_cards(hands_goats),
        phase="mulligan",
    )


def test_grid_is_unambiguous_and_worst_board_fits_discord():
    st = _worst_scene()
    view = E.view(st, None)
    grid = E.board_text(view)
    assert len(grid) <= 4000 and not grid.endswith("...")
    assert grid.rstrip().endswith("*")  # the prompt, last, is whole: nothing was clipped
    # Still within Discord's 4000 once the seats' names (32 characters at most) are filled in.
    assert len(fill_names(grid, ["N" * 32] * 5)) <= 4000
    assert len(view["reserved"]) and len(view["revealed"]) == 10
    assert all(f"{data.SET_LETTERS[s]} {data.SET_NAMES[s]}" in grid for s in data.SET_KEYS)
    from engines.ziegen.render import CELL_W, _cell

    for c in range(49):
        assert CELL_RE.match(_cell(view, c)), repr(_cell(view, c))
        assert len(_cell(view, c)) == CELL_W
    # Every set shown in the pasture is in the legend; every colour too.
    for s in {data.GOAT_SET[c] for c in view["grid"] if data.is_card(c) and data.KIND[c] == "g"}:
        assert f"{data.SET_LETTERS[s]} {data.SET_NAMES[s]}" in grid
    for s in range(5):
        assert f"{data.COLOUR_LETTERS[s]} {data.COLOURS[s]}" in grid
