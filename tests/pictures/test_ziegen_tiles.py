"""Herr der Ziegen's board after a move: only what moved is drawn (``pictures/tiles.py``). With
the board before it drawn, a cell is drawn again only if the move changed it, a player's panel
only if what it shows changed, and most of the board's parts are pasted."""

from __future__ import annotations

import pictures
from pictures import draw, tiles, ziegen
from tests.pictures import played

NAMES = ["Ann", "Bérénice", "Çağrı", "Dmitri Dmitrievich", "Eve"]


def _played(players: int, seed: int, moves: int) -> list[dict]:
    return played("ziegen", players, seed, moves)


def _seat(view: dict, seat: int) -> tuple:
    """What a player's panel shows (its frame's top row: the panel above it framed or not)."""
    acting = view.get("to_act", [])
    return (
        view["scores"][seat],
        tuple(view["breakdown"][seat].values()),
        view["hand_counts"][seat],
        seat in acting,
        seat - 1 in acting,
    )


def _race(view: dict, names: list[str]) -> tuple:
    """What the race table shows: each set's row, and the milk shakes played."""
    milk = [[c for c in played if ziegen.data.KIND[c] == "m"] for played in view["played"]]
    return ziegen._race_rows(view, names, ziegen._race_sets(view)), milk


def _lines(rows: tuple) -> list[tuple]:
    """The race table's lines: a set's row in each column."""
    half = (len(rows) + 1) // 2
    return [(rows[i], rows[half + i] if half + i < len(rows) else None) for i in range(half)]


def test_after_a_move_only_the_cells_and_panels_it_changed_are_drawn(monkeypatch):
    players = 5
    views = _played(players, seed=4, moves=40)
    names = NAMES[:players]
    draw.clear_caches()
    for view in views[:10]:
        pictures.picture("ziegen", view, names)

    cells: list[int] = []
    seats: list[int] = []
    calls: list[str] = []
    drawn: list[str] = []
    real_cell, real_seat = ziegen._draw_cell, ziegen._draw_seat
    real_tile, real_draw, real_strip = tiles.tile, tiles._draw, tiles.strip
    race_rows: list[tuple] = []  # the race table's rows drawn (each a set's, in a column)
    frames: list[tuple] = []  # where the race table stood on each board

    def cell(cv, size, cell, shows):
        cells.append(cell)
        return real_cell(cv, size, cell, shows)

    def seat(cv, shows, box):
        seats.append(shows[0])
        return real_seat(cv, shows, box)

    def tile(cv, key, box, paint):
        calls.append(key[0])
        if key[0] == "ziegen.race_row":
            race_rows.append(key[1])
        return real_tile(cv, key, box, paint)

    def strip(cv, key, top, paint):
        if key[0] == "ziegen.race_head":
            frames.append(key[2])
        return real_strip(cv, key, top, paint)

    def drawing(cv, box, paint):
        drawn.append(paint.func.__name__)
        return real_draw(cv, box, paint)

    monkeypatch.setattr(ziegen, "_draw_cell", cell)
    monkeypatch.setattr(ziegen, "_draw_seat", seat)
    monkeypatch.setattr(tiles, "tile", tile)
    monkeypatch.setattr(tiles, "_draw", drawing)
    monkeypatch.setattr(tiles, "strip", strip)
    moved_cells = moved_seats = parts_drawn = parts = races_kept = lines_kept = 0
    races = [_race(view, names) for view in views[:10]]
    pictures.picture("ziegen", views[9], names)
    for before, view in zip(views[9:], views[10:]):
        cells.clear(), seats.clear(), calls.clear(), drawn.clear(), race_rows.clear()
        pictures.picture("ziegen", view, names)
        changed = {
            c
            for c in range(len(view["grid"]))
            if (view["grid"][c], view["mark"][c]) != (before["grid"][c], before["mark"][c])
        }
        assert set(cells) <= changed, (cells, changed)
        assert set(seats) <= {s for s in range(players) if _seat(view, s) != _seat(before, s)}
        assert {"ziegen.row", "ziegen.seat"} <= set(calls)
        race = _race(view, names)
        if not race_rows and "ziegen.milk" not in calls:  # kept whole (``tiles.strip``)
            assert race in races, "a race table not drawn that was not seen before"
            races_kept += 1
        races.append(race)
        lines, lines_before = _lines(race[0]), _lines(_race(before, names)[0])
        if frames[-1] == frames[-2]:  # the table where it was: only its lines that changed
            moved = {r for line in lines if line not in lines_before for r in line if r}
            assert set(race_rows) <= moved, (race_rows, moved)
            if race_rows:  # drawn: a changed line's two rows, not the whole table
                lines_kept += len(set(race_rows)) < len(race[0])
        moved_cells += len(changed)
        moved_seats += len(seats)
        parts_drawn += len(drawn)
        parts += len(view["grid"]) + players + 1 + len(ziegen._race_sets(view)) + 1
    assert moved_cells and moved_seats  # moves that changed cells and panels were drawn
    assert races_kept  # moves that changed no goat race left the table as it was
    assert lines_kept  # and moves that changed one left its other lines as they were
    # the cells, the panels, the race table's head, rows and milk line: nearly all pasted
    assert parts_drawn <= parts // 10, (parts_drawn, parts)


def test_a_board_drawn_again_is_pasted_whole(monkeypatch):
    view = _played(4, seed=2, moves=12)[-1]
    draw.clear_caches()
    first = pictures.picture("ziegen", view, NAMES[:4])
    drawn: list[str] = []
    real_draw, real_cell = tiles._draw, ziegen._draw_cell

    def drawing(cv, box, paint):
        drawn.append(paint.func.__name__)
        return real_draw(cv, box, paint)

    def cell(cv, size, cell, shows):
        drawn.append(f"cell {cell}")
        return real_cell(cv, size, cell, shows)

    monkeypatch.setattr(tiles, "_draw", drawing)
    monkeypatch.setattr(ziegen, "_draw_cell", cell)
    assert pictures.picture("ziegen", view, NAMES[:4]) == first
    assert drawn == []


def test_a_board_taller_than_the_first_canvas_is_drawn_whole_on_the_tall_one(monkeypatch):
    views = _played(5, seed=4, moves=40)[::8]
    draw.clear_caches()
    boards = [pictures.picture("ziegen", view, NAMES) for view in views]
    monkeypatch.setattr(ziegen, "FIRST_HEIGHT", 700)  # every board is taller than that
    draw.clear_caches()
    with tiles.checking():
        assert [pictures.picture("ziegen", view, NAMES) for view in views] == boards
