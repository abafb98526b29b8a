"""The table service is named services over one core, not a stack of mixins: each service is
its own class (``service.lobby``, ``service.turns`` ...), none overrides or wraps another
through a base class, and each call from one to another names the service it asks."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import tables.away
import tables.clocks
import tables.hints
import tables.history
import tables.lists
import tables.lobby
import tables.notices
import tables.rematch
import tables.reminders
import tables.turns
import tables.undo
import tables.votes
import tables.watching
from tables import TableService
from tables.base import TableBase
from tables.botplay import BotPlay
from tables.players import Players

SERVICES = {
    "lobby": tables.lobby.Lobby,
    "turns": tables.turns.Turns,
    "undo": tables.undo.Undo,
    "notices": tables.notices.Notices,
    "reminders": tables.reminders.Reminders,
    "history": tables.history.History,
    "away": tables.away.Away,
    "clocks": tables.clocks.Clocks,
    "votes": tables.votes.Votes,
    "hints": tables.hints.Hints,
    "rematch": tables.rematch.Rematches,
    "watching": tables.watching.Watching,
    "lists": tables.lists.Lists,
}
TABLES = Path(tables.__file__).parent


async def test_each_service_is_reached_by_its_name_over_one_core(open_service):
    service = await open_service()
    for name, cls in SERVICES.items():
        part = getattr(service, name)
        assert (
            type(part) is cls and part.core is service.core and getattr(service.core, name) is part
        )
    assert isinstance(service.players, Players) and service.players is service.core.players


def test_no_service_builds_on_another():
    """Each service derives from the shared lookups only (turns from its bot play), so no
    behaviour depends on the order of base classes."""
    for cls in SERVICES.values():
        bases = [b for b in cls.__mro__[1:] if b not in (TableBase, object)]
        assert bases == ([BotPlay] if cls is tables.turns.Turns else []), cls
    assert TableService.__mro__[1:] == (TableBase, object)


def test_no_service_wraps_another_with_super():
    """A call to ``super()`` outside ``__init__`` would be a wrapped method again."""
    for path in TABLES.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name != "__init__":
                calls = [
                    n
                    for n in ast.walk(node)
                    if isinstance(n, ast.Call)
                    and isinstance(n.func, ast.Name)
                    and n.func.id == "super"
                ]
                assert not calls, f"{path.name}: {node.name} calls super()"


def test_no_public_method_is_defined_twice():
    """Every request has one home: a method name belongs to one service."""
    homes: dict[str, list[str]] = {}
    for name, cls in SERVICES.items():
        for attr, value in vars(cls).items():
            if not attr.startswith("_") and inspect.isfunction(value):
                homes.setdefault(attr, []).append(name)
    for attr, value in vars(BotPlay).items():
        if not attr.startswith("_") and inspect.isfunction(value):
            homes.setdefault(attr, []).append("turns")
    assert {a: h for a, h in homes.items() if len(h) > 1} == {}
    assert not set(homes) & {a for a in vars(TableBase) if not a.startswith("_")}


async def test_the_services_call_each_other_by_name(open_service):
    """Starting a table commits its seed first (``history.commit_seed``, asked by the lobby);
    a move that ends the game records its results (``history.finished``, asked by turns)."""
    service = await open_service(seed_source=lambda: 7)
    asked = []
    commit, finished = service.history.commit_seed, service.history.finished

    async def commit_seed(*args, **kwargs):
        asked.append("commit_seed")
        return await commit(*args, **kwargs)

    async def finish(game_id):
        asked.append("finished")
        return await finished(game_id)

    service.history.commit_seed = commit_seed
    service.history.finished = finish
    game = await service.lobby.open_table(
        "toy", guild_id=1, channel_id=2, host_id=10, host_name="ann"
    )
    await service.lobby.add_bot(game.id, 10)
    outcome = await service.lobby.start(game.id, 10)
    assert asked == ["commit_seed"]
    while outcome.game.status == "running":
        seat = service.to_act(outcome.game)[0]
        outcome = await service.turns.move(game.id, 10, service.choices(outcome.game, seat)[0][0])
    assert asked == ["commit_seed", "finished"]
    assert await service.store.fairness(game.id) is not None
