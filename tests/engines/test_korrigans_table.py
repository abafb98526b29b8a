"""Korrigans end to end through the table service (storage, names, notices), to the Cauldron.

The Discord cog (/korrigans) is not part of the engine; this drives the same service it uses.
"""

from __future__ import annotations

import random

import pytest

from engines.korrigans import ENGINE
from storage import Store
from tables import TableService

USERS = [(10, "ann"), (20, "bob"), (30, "cat")]


@pytest.fixture
async def service(tmp_path):
    store = await Store.open(str(tmp_path / "k.db"))
    svc = TableService(store, registry={"korrigans": ENGINE}, seed_source=lambda: 4242)
    yield svc
    await store.close()


async def test_a_whole_game_through_the_table_service(service):
    game = await service.lobby.open_table(
        "korrigans", guild_id=1, channel_id=2, host_id=10, host_name="ann"
    )
    for uid, name in USERS[1:]:
        await service.lobby.join(game.id, uid, name)
    outcome = await service.lobby.start(game.id, 10)
    rnd = random.Random(3)
    saw_cauldron = False
    moves = 0
    private_picks = 0
    for _ in range(2000):
        game = outcome.game
        if outcome.finished:
            break
        seat = service.to_act(game)[0]
        uid = USERS[seat][0]
        choices = service.choices(game, seat)
        assert choices and all("{p" not in label for _, label in choices)
        board = service.board_text(game)
        assert "{p" not in board and len(board) <= 4000
        hand = service.hand_text(game, seat)
        assert "ann" in board or "bob" in board or "cat" in board
        assert "{p" not in hand
        action = rnd.choice(choices)[0]
        outcome = await service.turns.move(game.id, uid, action)
        moves += 1
        private_picks += sum("You keep" in t for t in outcome.mover_private)
        for text in outcome.public:
            assert "{p" not in text
            # a secret pick is never named in public news while the picker has a screen
            assert "You keep" not in text and "You sacrificed" not in text
            saw_cauldron = (
                saw_cauldron or "Cauldron of Gold on" in text or "puts the Cauldron of Gold" in text
            )
    assert outcome.finished and saw_cauldron and moves > 30 and private_picks > 5
    state = service.state(outcome.game)
    assert state["cauldron"] is not None
    assert "Winner" in service.board_text(outcome.game)


def test_final_scores_message_explains_a_tie_on_gold():
    """The "Final scores" message (cogs/render.py) carries the engine's result note."""
    from types import SimpleNamespace

    from cogs import render
    from tables import fill_names
    from tests.engines.test_korrigans import F, scenario

    st = scenario(
        n=3,
        phase="over",
        pos=("A", "B", "C", "D", "E", "F"),
        hidden=[["g4"], ["g4"], ["g1"]],
        shown=[["hare", "bird"], ["mole"], ["frog"]],
        cauldron=F["V"],
    )
    st["stack"] = []
    seats = [SimpleNamespace(name=name, user_id=uid, is_bot=False) for uid, name in USERS]
    game = SimpleNamespace(kind="korrigans", seats=seats, practice=False)
    svc = SimpleNamespace(
        engine=lambda kind: ENGINE,
        state=lambda g: st,
        fill=lambda g, text, lang="en": fill_names(text, [s.name for s in seats]),
    )
    text = render.results_text(svc, game)
    assert text.splitlines()[1:5] == [
        "🏆 ann: 4",
        "bob: 4",
        "cat: 1",
        "Tied on 4 gold: most Companions left wins (ann 2, bob 1).",
    ]
    st["hidden"][1] = ["g3"]
    assert "Tied" not in render.results_text(svc, game)
