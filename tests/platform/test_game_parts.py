"""A game's parts are found from the registry by its name (``Engine.part``); a registered game
missing one is refused at start-up with a clear error, never silently shown without it."""

from __future__ import annotations

import pytest

import bot as tavern
import bots.games
import guides
import pictures
from engines import REGISTRY
from tests.toy import ToyEngine, registered


def test_every_registered_game_has_every_part():
    tavern.check_games()
    for kind, engine in REGISTRY.items():
        assert pictures.supports(kind) and pictures.module(kind)
        assert bots.games.knowledge(kind) is not None
        assert guides.guide(kind) and guides.cards(kind) and guides.facts(kind)
        assert engine.part("cog") == f"cogs.{kind}"


class Partless(ToyEngine):
    name = "partless"  # its parts would be pictures/partless.py, bots/games/partless.py ...
    parts = {}


def test_a_registered_game_without_its_picture_is_refused_at_start_up():
    with registered(Partless()):
        assert pictures.supports("partless")  # no silent text-only board
        with pytest.raises(LookupError, match="no picture module pictures.partless"):
            pictures.module("partless")
        with pytest.raises(tavern.SettingError, match="partless"):
            tavern.check_games()
        with pytest.raises(tavern.SettingError, match="partless"):
            tavern.create_bot(":memory:")
    tavern.check_games()  # unregistered: the real games are whole again


def test_a_game_may_declare_that_it_has_no_picture_or_bot():
    class TextOnly(ToyEngine):
        name = "textonly"
        parts = {**ToyEngine.parts, "picture": None, "bot": None}

    with registered(TextOnly()):
        assert not pictures.supports("textonly") and "textonly" not in pictures.kinds()
        assert bots.games.knowledge("textonly") is None
        with pytest.raises(LookupError, match="no guide"):
            guides.check()  # its guides are still required: toy.md is not textonly.md


@pytest.mark.parametrize("engine", [*REGISTRY.values(), ToyEngine()], ids=lambda e: e.name)
def test_every_game_speaks_the_readers_language(engine):
    """The table service calls a game's text methods with the reader's language: each takes
    ``lang`` (the toy game too, since it is registered the same way)."""
    n = max(2, engine.min_players)
    state = engine.new_game(n, 1, {})
    seat = engine.to_act(state)[0]
    action = engine.legal_actions(state, seat)[0]
    for lang in ("en", "de", "es"):
        assert isinstance(engine.describe(state, seat, action, lang), str)
        assert isinstance(engine.board_text(engine.view(state, None), lang), str)
        assert isinstance(engine.hand_text(engine.view(state, seat), lang), str)


def test_a_game_package_dropped_into_engines_registers_itself(tmp_path, monkeypatch):
    """The registry is found, not written: a package beside the games that exports ``ENGINE``
    is registered by ``engines._load_all`` with no existing file changed; a package without
    ``ENGINE`` is not a game."""
    import engines

    assert list(engines.REGISTRY) == sorted(engines.REGISTRY)  # name order, not the disk's
    game = tmp_path / "dropin"
    game.mkdir()
    (game / "__init__.py").write_text(
        "from tests.toy import ToyEngine\n\n\nclass DropIn(ToyEngine):\n    name = 'dropin'\n\n"
        "\nENGINE = DropIn()\n"
    )
    (tmp_path / "helpers").mkdir()
    (tmp_path / "helpers" / "__init__.py").write_text("VALUE = 1\n")
    monkeypatch.setattr(engines, "__path__", [*engines.__path__, str(tmp_path)])
    try:
        engines._load_all()
        assert "dropin" in engines.REGISTRY and "helpers" not in engines.REGISTRY
    finally:
        engines.unregister("dropin")
        for name in ("engines.dropin", "engines.helpers"):
            __import__("sys").modules.pop(name, None)
