"""Der Herr der Wichtel's board draws only what moved (``pictures/wichtel.py``, ``tiles``): after
a move the header, the seats' panels, the square's ground, its cards, the walk and the
Wahlleiter that stayed the same are pasted, not drawn; a part that changed is drawn again, and
only that part. (That a kept part is the part drawn now: ``test_tiles.py``.)"""

from __future__ import annotations

import copy

import pytest

import pictures
from pictures import draw, tiles
from tests.pictures import played

NAMES = ["Ann", "Bérénice", "Çağrı", "Dmitri", "Eve"]


def _played(players: int, seed: int, moves: int) -> list[dict]:
    return played("wichtel", players, seed, moves)


@pytest.fixture
def counted(monkeypatch):
    """The tiles of the boards drawn: ``keys`` (every tile, drawn or pasted) and ``drawn`` (the
    keys of those drawn afresh), emptied with ``clear()``."""

    class Count:
        keys: list = []
        drawn: list = []

        def clear(self):
            self.keys, self.drawn = [], []

    count = Count()
    count.clear()
    tile, draw_tile = tiles.tile, tiles._draw

    def counting_tile(cv, key, box, paint):
        count.keys.append(key)
        return tile(cv, key, box, paint)

    def counting_draw(cv, box, paint):
        count.drawn.append(count.keys[-1])
        return draw_tile(cv, box, paint)

    monkeypatch.setattr(tiles, "tile", counting_tile)
    monkeypatch.setattr(tiles, "_draw", counting_draw)
    draw.clear_caches()
    return count


def _board(view: dict, players: int) -> bytes:
    return pictures.picture("wichtel", view, NAMES[:players])


@pytest.mark.parametrize("players", [3, 4, 5])
def test_after_a_move_most_of_the_board_is_pasted(counted, players):
    views = _played(players, seed=7 + players, moves=50)
    _board(views[0], players)
    parts = 1 + players + 1 + len(views[0]["square"]) + 2  # head, seats, ground, cards, walk...
    assert len(counted.keys) == parts
    assert len(counted.drawn) == parts  # the first board: every part drawn
    kept = total = 0
    for view in views[1:]:
        counted.clear()
        _board(view, players)
        assert len(counted.keys) == parts
        total += len(counted.keys)
        kept += len(counted.keys) - len(counted.drawn)
    assert kept >= 0.7 * total  # a move changes a part or two: most of the board is pasted


def test_the_same_board_again_is_all_pasted_and_the_last_moves_marks_lie_over_it(counted):
    view = next(v for v in _played(4, seed=3, moves=30) if (v.get("last") or {}).get("square"))
    first = _board(view, 4)
    counted.clear()
    assert _board(view, 4) == first
    assert counted.keys and counted.drawn == []
    unmarked = copy.deepcopy(view)
    unmarked["last"] = {"news": []}  # no ring, no star, no caption: the same tiles under them
    counted.clear()
    assert _board(unmarked, 4) != first
    assert counted.drawn == []


def test_only_the_part_that_changed_is_drawn(counted):
    view = _played(4, seed=5, moves=3)[-1]
    _board(view, 4)
    card = copy.deepcopy(view)  # another card in place 3: that card alone is drawn again
    card["square"][2] = "hw" if view["square"][2] != "hw" else "fa"
    counted.clear()
    _board(card, 4)
    assert [(key[0], key[1], key[2]) for key in counted.drawn] == [("card", 2, card["square"][2])]
    total = copy.deepcopy(view)  # seat 1's total changes: its panel alone is drawn again
    total["totals"][1] += 5
    counted.clear()
    _board(total, 4)
    assert [key[0] for key in counted.drawn] == ["seat"]
    assert counted.drawn[0][2][0] == 1  # seat 1's panel
    stack = copy.deepcopy(view)  # one card fewer to draw: the walk alone is drawn again
    pile = "left_stack" if view["left_stack"]["role"] == "draw" else "right_stack"
    stack[pile]["count"] -= 1
    counted.clear()
    _board(stack, 4)
    assert [key[0] for key in counted.drawn] == ["walk"]


def test_a_row_of_backs_wider_than_its_panel_is_drawn_not_kept(counted):
    view = copy.deepcopy(_played(5, seed=2, moves=5)[-1])
    view["retinue_sizes"][0] = 14  # more backs than the panel holds: they run over its edge
    with tiles.checking():  # nothing a tile drew reached outside it
        first = _board(view, 5)
        assert _board(view, 5) == first
    assert not any(key[0] == "seat" and key[2][0] == 0 for key in counted.keys)
    assert any(key[0] == "seat" and key[2][0] == 1 for key in counted.keys)


def test_a_board_taller_than_the_first_canvas_is_drawn_whole_on_the_tall_one(monkeypatch):
    from pictures import wichtel

    views = _played(5, seed=4, moves=40)[::8]
    draw.clear_caches()
    boards = [_board(view, 5) for view in views]
    monkeypatch.setattr(wichtel, "FIRST_HEIGHT", 600)  # every board is taller than that
    draw.clear_caches()
    assert [_board(view, 5) for view in views] == boards
