"""Tiles (``pictures/tiles.py``): a part drawn before is pasted again only where drawing it now
would give the same pixels; every game's board, move after move, in three languages, is the
same whether its tiles were kept or drawn (``tiles.checking`` draws each afresh and compares)."""

from __future__ import annotations

import pytest

import pictures
from engines import REGISTRY
from pictures import draw, tiles
from tests.pictures import played

NAMES = ["Ann", "Bérénice", "Çağrı", "Dmitri Dmitrievich", "Eve"]


@pytest.mark.parametrize("kind", pictures.kinds())
def test_every_tile_kept_is_the_tile_drawn_now_move_after_move(kind):
    engine = REGISTRY[kind]
    draw.clear_caches()
    for players in range(engine.min_players, engine.max_players + 1):
        for seed in (players, 10 + players):
            views = played(kind, players, seed, moves=60)
            for lang in ("en", "de", "es"):
                with tiles.checking():
                    for view in views:
                        pictures.picture(kind, view, NAMES[:players], lang)


@pytest.mark.parametrize("kind", pictures.kinds())
def test_a_board_with_kept_tiles_is_the_board_drawn_afresh(kind):
    engine = REGISTRY[kind]
    players = engine.max_players
    views = played(kind, players, seed=3, moves=40)
    draw.clear_caches()
    kept = [pictures.picture(kind, v, NAMES[:players], "de") for v in views]
    for view, drawn in zip(views, kept):
        draw.clear_caches()
        assert pictures.picture(kind, view, NAMES[:players], "de") == drawn


def _cell(label: str):
    def paint(cv):
        cv.rect((10, 10, 60, 40), (250, 245, 190), (28, 28, 28), 2, radius=6)
        cv.text((35, 25), label, 22, (0, 90, 140), bold=True, anchor="mm")
        return label

    return paint


def test_a_tile_is_pasted_with_its_colours_and_result():
    tiles.clear()
    first = draw.Canvas(80, 50)
    assert tiles.tile(first, ("cell", "7"), (8, 8, 62, 42), _cell("7")) == "7"
    again = draw.Canvas(80, 50)
    assert (
        tiles.tile(again, ("cell", "7"), (8, 8, 62, 42), lambda cv: 1 / 0) == "7"
    )  # kept: not drawn
    assert again.png() == first.png()  # the same pixels and the same palette (its new colour)
    other = draw.Canvas(80, 50)
    assert tiles.tile(other, ("cell", "8"), (8, 8, 62, 42), _cell("8")) == "8"
    assert other.png() != first.png()


def test_a_tile_is_kept_per_palette_and_language():
    tiles.clear()
    plain = draw.Canvas(80, 50)
    tiles.tile(plain, "cell", (8, 8, 62, 42), _cell("7"))
    reordered = draw.Canvas(80, 50)
    reordered.ink((1, 2, 3))  # another colour first: the tile's colour gets another index
    assert tiles.tile(reordered, "cell", (8, 8, 62, 42), _cell("x")) == "x"  # drawn, not pasted
    with pictures.words.drawing_in("de"):
        german = draw.Canvas(80, 50)
        assert tiles.tile(german, "cell", (8, 8, 62, 42), _cell("y")) == "y"


def test_checking_catches_a_tile_that_draws_outside_its_box_or_reads_more_than_its_key():
    tiles.clear()
    with tiles.checking(), pytest.raises(AssertionError, match="outside its box"):
        tiles.tile(draw.Canvas(80, 50), "spill", (8, 8, 30, 30), _cell("7"))
    with tiles.checking():
        tiles.tile(draw.Canvas(80, 50), "cell", (8, 8, 62, 42), _cell("7"))
        with pytest.raises(AssertionError, match="differs"):
            tiles.tile(draw.Canvas(80, 50), "cell", (8, 8, 62, 42), _cell("8"))


def test_tiles_are_bounded(monkeypatch):
    monkeypatch.setattr(tiles, "KEPT_BYTES", 54 * 34 * 3)
    tiles.clear()
    for n in range(10):
        tiles.tile(draw.Canvas(80, 50), ("cell", n), (8, 8, 62, 42), _cell(str(n)))
    assert len(tiles._KEPT) == 3
    assert tiles._KEPT_SIZE <= tiles.KEPT_BYTES


def _race(label: str):
    def paint(cv):
        cv.rect((4, 24, 76, 70), (250, 245, 190), (28, 28, 28), 1, radius=6)
        cv.text((40, 40), label, 22, (0, 90, 140), bold=True, anchor="mm")
        return 70

    return paint


def _board(strip_key: str, label: str, paint=None) -> tuple[draw.Canvas, bytes]:
    cv = draw.Canvas(80, 120)
    cv.rect((10, 4, 70, 16), (213, 94, 0))  # above the strip: drawn every time
    bottom = tiles.strip(cv, (strip_key, label), 24, paint or _race(label))
    cv.text((10, bottom + 4), "under", 18, (28, 28, 28))
    return cv, cv.png()


def test_a_strip_kept_is_put_in_the_png_as_it_was_deflated_without_drawing_it():
    tiles.clear()
    _, first = _board("race", "7")
    cv, again = _board("race", "7", lambda cv: 1 / 0)  # kept: not drawn
    assert again == first  # the same bytes: the strip's rows neither drawn nor encoded again
    assert cv.img.crop((0, 24, 80, 71)).getbbox() is None  # (its rows were left blank)
    _, other = _board("race", "8")
    assert other != first
    draw.clear_caches()
    assert _board("race", "7")[1] == first  # and drawn afresh: the same bytes


def test_checking_catches_a_strip_that_draws_outside_its_rows_or_under_something_else():
    tiles.clear()
    with tiles.checking(), pytest.raises(AssertionError, match="outside its rows"):
        _board("spill", "7", lambda cv: _race("7")(cv) - 20)  # says 50: its box reaches 70
    with tiles.checking():
        _board("race", "7")
        _board("race", "7")  # drawn afresh and the same
        cv = draw.Canvas(80, 120)
        tiles.strip(cv, ("race", "7"), 24, _race("7"))
        cv.rect((30, 30, 50, 50), (0, 0, 0))  # something else on its rows
        with pytest.raises(AssertionError, match="differs"):
            cv.png()
