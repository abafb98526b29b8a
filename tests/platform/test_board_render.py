"""The board picture is drawn in a worker thread, from the spectator view, with public names;
a drawing that fails leaves the board in words."""

from __future__ import annotations

import threading
from types import SimpleNamespace

import pictures
from cogs import board
from engines import REGISTRY
from pictures.samples import sample_state


class Service:
    """Just what cogs/board.py asks of the table service."""

    def __init__(self, kind: str, state) -> None:
        self.kind, self._state, self.views = kind, state, []

    def view(self, game, seat):
        self.views.append(seat)
        return REGISTRY[self.kind].view(self._state, seat)

    def names(self, game):
        return ["Ann", "Bo", "Cy"]


async def test_drawn_off_the_event_loop_from_the_spectator_view(monkeypatch):
    seen = {}
    real = pictures.picture

    def spy(kind, view, names=None, lang="en"):
        seen.update(
            thread=threading.current_thread(), seat=view.get("seat"), names=names, lang=lang
        )
        return real(kind, view, names, lang)

    monkeypatch.setattr(pictures, "picture", spy)
    service = Service("ziegen", sample_state("ziegen", 3, 5))
    game = SimpleNamespace(id=1, kind="ziegen", state={"stored": True})
    view, png = await board.render_picture(service, game)
    assert seen["thread"] is not threading.main_thread()
    assert service.views == [None] and seen["seat"] is None and view["seat"] is None
    assert seen["names"] == ["Ann", "Bo", "Cy"]
    assert png == real("ziegen", view, ["Ann", "Bo", "Cy"])
    # the table's language goes to the picture: its words are drawn in it
    view, png = await board.render_picture(service, game, "de")
    assert seen["lang"] == "de" and png == real("ziegen", view, ["Ann", "Bo", "Cy"], "de")
    assert png != real("ziegen", view, ["Ann", "Bo", "Cy"])


async def test_a_failed_drawing_gives_no_picture(monkeypatch, caplog):
    def broken(kind, view, names=None):
        raise RuntimeError("no ink")

    monkeypatch.setattr(pictures, "picture", broken)
    service = Service("wichtel", sample_state("wichtel", 3, 5))
    game = SimpleNamespace(id=2, kind="wichtel", state={"stored": True})
    assert await board.render_picture(service, game) is None
    assert "could not draw the board of table 2" in caplog.text
    # a game not started, or a kind without pictures: no picture, no drawing
    assert (
        await board.render_picture(service, SimpleNamespace(id=3, kind="wichtel", state=None))
        is None
    )
    assert (
        await board.render_picture(service, SimpleNamespace(id=4, kind="chess", state={})) is None
    )
