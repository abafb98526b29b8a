"""Korrigans' board after a move draws only what moved: the map's boxes, the panel's seats and
the facts whose pieces and words stayed the same are pasted (``pictures/tiles.py``), and the
board is the one drawn from nothing."""

from __future__ import annotations

import pytest

import pictures
from pictures import draw, korrigans, tiles
from tests.pictures import played

NAMES = ["Ann", "Bérénice", "Çağrı", "Dmitri Dmitrievich", "Eve"]


def _played(players: int, seed: int, moves: int) -> list[dict]:
    return played("korrigans", players, seed, moves)


@pytest.fixture
def counted(monkeypatch):
    """Counts of tiles asked for, tiles drawn (not pasted) and map pieces drawn."""
    counts = {"tiles": 0, "drawn": 0, "pieces": 0}

    def counting(name, real):
        def wrapper(*args, **kwargs):
            counts[name] += 1
            return real(*args, **kwargs)

        return wrapper

    monkeypatch.setattr(tiles, "tile", counting("tiles", tiles.tile))
    monkeypatch.setattr(tiles, "_draw", counting("drawn", tiles._draw))
    monkeypatch.setattr(korrigans, "_draw_element", counting("pieces", korrigans._draw_element))
    return counts


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_board_after_a_move_pastes_what_did_not_move(players, counted):
    views = _played(players, seed=7, moves=60)
    moves = [k for k in (5, 10, 20, 30, 40, 50, 60) if k < len(views)]
    asked = drawn = pieces = shown = 0
    for k in moves:
        draw.clear_caches()
        pictures.picture("korrigans", views[k - 1], NAMES[:players], "de")  # the board before
        for name in counted:
            counted[name] = 0
        after = pictures.picture("korrigans", views[k], NAMES[:players], "de")
        view = views[k]
        # the map (14 boxes, those with pieces), the rainbow, facts, the panel's head, each
        # seat and the bottom: a move (a round's end too) draws at most half of them again
        assert counted["tiles"] >= 12 + players
        assert counted["drawn"] <= counted["tiles"] // 2, (k, counted)
        asked, drawn = asked + counted["tiles"], drawn + counted["drawn"]
        pieces += counted["pieces"]
        shown += len(korrigans._elements(view, korrigans._grid(view["map"]["grid"])))
        draw.clear_caches()
        assert pictures.picture("korrigans", views[k], NAMES[:players], "de") == after
    assert drawn <= asked * 0.3  # most moves change a box or two and a seat or two
    assert pieces <= shown * 0.4  # of the map's pieces, those around what moved are drawn


def test_without_tiles_every_piece_is_drawn(counted, monkeypatch):
    """The counts above mean something: a board drawn with nothing kept draws every tile and
    every piece of the map (each at least once: a piece reaching into two boxes twice)."""
    view = _played(4, seed=7, moves=10)[-1]
    draw.clear_caches()
    pictures.picture("korrigans", view, NAMES[:4])
    assert counted["drawn"] == counted["tiles"] >= 16
    assert counted["pieces"] >= len(korrigans._elements(view, korrigans._grid(view["map"]["grid"])))


def test_a_piece_reaching_past_the_boxes_has_its_map_drawn_as_it_is(monkeypatch):
    """The boxes reach MARGIN past the map, as far as a piece at its edge does; a piece that
    reached further (none does) would have the map's pieces drawn without tiles: the same
    board all the same."""
    views = _played(5, seed=3, moves=40)
    draw.clear_caches()
    boards = [pictures.picture("korrigans", v, NAMES[:5]) for v in views]
    monkeypatch.setattr(korrigans, "MARGIN", 0)  # every piece at the map's edge reaches past
    draw.clear_caches()
    plain = []
    monkeypatch.setattr(korrigans, "_draw_plain", _counting(plain, korrigans._draw_plain))
    assert [pictures.picture("korrigans", v, NAMES[:5]) for v in views] == boards
    assert plain  # (the boards above had pieces at the map's edge)


def _counting(calls: list, real):
    def wrapper(*args):
        calls.append(args)
        return real(*args)

    return wrapper
