"""Henchmania's board draws only what moved (``pictures/tiles.py``): after a move, with the board
before it drawn, the sites, panels and piles the move left as they were are pasted, not drawn;
what it changed is drawn; and a board too tall for the short canvas it is first drawn on is the
same board all the same."""

from __future__ import annotations

import copy
import io

from PIL import Image

import pictures
from engines.henchmania.data import CARDS
from pictures import draw, henchmania, tiles
from tests.pictures import played

NAMES = ["Ann", "Bérénice", "Çağrı", "Dmitri Dmitrievich", "Eve"]


def _played(players: int, seed: int, moves: int) -> list[dict]:
    return played("henchmania", players, seed, moves)


def _counting(monkeypatch) -> tuple[list, list]:
    """(the tiles asked for, the tiles drawn: not kept), each as (key, box), in order."""
    asked: list = []
    drawn: list = []
    tile = tiles.tile

    def counting(cv, key, box, paint):
        asked.append((key, box))

        def painting(cv):
            drawn.append((key, box))
            return paint(cv)

        return tile(cv, key, box, painting)

    monkeypatch.setattr(tiles, "tile", counting)  # the game looks it up each time
    return asked, drawn


def _parts(found: list, kind: str) -> list:
    return [key for key, _box in found if key[0] == f"henchmania.{kind}"]


def test_after_a_move_only_what_it_changed_is_drawn(monkeypatch):
    draw.clear_caches()
    asked, drawn = _counting(monkeypatch)
    names = NAMES[:4]
    shown = draw.names_for(names, 4)  # as the board writes them (cut short)
    views = _played(4, seed=5, moves=40)
    pictures.picture("henchmania", views[0], names)
    shown_before = list(asked)
    total = redrawn = 0
    counts = []
    for before, after in zip(views, views[1:]):
        asked.clear()
        drawn.clear()
        pictures.picture("henchmania", after, names)
        # every site and panel is a tile, keyed by what it shows
        height = henchmania._site_height(after)
        sites = [
            ("henchmania.site", henchmania._site_part(s, shown), height) for s in after["sites"]
        ]
        assert _parts(asked, "site") == sites
        panels = [henchmania._player_part(after, p, shown) for p in after["players"]]
        assert [key[1] for key in _parts(asked, "player")] == panels
        # a part shown on the board before, the same at the same place, is pasted, not drawn
        assert not set(drawn) & set(shown_before), set(drawn) & set(shown_before)
        # ... and a move changes a few of them: a site, the panels of who moved and who is next
        top = [key for key, _box in drawn if key[0] in ("henchmania.site", "henchmania.player")]
        counts.append(len(top))
        changed = {s["site"] for s in after["sites"]} - {
            s["site"] for s in after["sites"] if s in before["sites"]
        }
        assert {key[1][0] for key in _parts(drawn, "site")} <= changed | {
            s["site"] for s in after["sites"] if height != henchmania._site_height(before)
        }
        total += 5 + 4
        redrawn += len(top)
        shown_before = list(asked)
    assert sorted(counts)[len(counts) // 2] <= 3  # of 5 sites and 4 panels, after most moves
    assert redrawn <= 0.4 * total  # most of every board is pasted


def test_the_same_board_again_is_pasted_whole(monkeypatch):
    draw.clear_caches()
    asked, drawn = _counting(monkeypatch)
    view = _played(3, seed=2, moves=25)[-1]
    first = pictures.picture("henchmania", view, NAMES[:3], "es")
    assert drawn and set(drawn) == set(asked)  # nothing kept yet: every part drawn
    asked.clear()
    drawn.clear()
    assert pictures.picture("henchmania", view, NAMES[:3], "es") == first
    assert len(asked) >= 1 + 5 + 1 + 3 + 1  # the heading, sites, duel, panels, piles
    assert drawn == []


def _rgb(png: bytes) -> tuple:
    img = Image.open(io.BytesIO(png))
    return img.size, img.convert("RGB").tobytes()


def test_a_board_taller_than_the_short_canvas_is_drawn_whole(monkeypatch):
    view = copy.deepcopy(_played(5, seed=9, moves=30)[-1])
    cards = sorted(CARDS)
    for i, site in enumerate(view["sites"]):  # every card discarded: long piles
        site["discard"] = cards[i::2] + cards[: 6 + i]
    draw.clear_caches()
    with tiles.checking():
        tall = pictures.picture("henchmania", view, NAMES)
    size, pixels = _rgb(tall)
    assert size[1] > henchmania.SHORT
    monkeypatch.setattr(henchmania, "SHORT", henchmania.HEIGHT)  # drawn on the tall one at once
    draw.clear_caches()
    assert _rgb(pictures.picture("henchmania", view, NAMES)) == (size, pixels)
