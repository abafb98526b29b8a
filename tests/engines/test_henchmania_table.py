"""Henchmania end to end through the table service (storage, names, notices), including a duel
in which a player reacts. The Discord cog drives this same service."""

from __future__ import annotations

import random

import pytest

from engines.henchmania import ENGINE
from storage import Store
from tables import TableService

USERS = [(10, "ann"), (20, "bob"), (30, "cat")]
REACTIONS = ("prayer:", "holy:", "prov:", "olprov:", "conf", "olconf", "court:", "apoth")


@pytest.fixture
async def service(tmp_path):
    store = await Store.open(str(tmp_path / "h.db"))
    svc = TableService(store, registry={"henchmania": ENGINE}, seed_source=lambda: 777)
    yield svc
    await store.close()


def _pick(rnd, choices):
    ids = [a for a, _ in choices]
    for wanted in ("play:glove", "weapon:"):
        hits = [a for a in ids if a.startswith(wanted)]
        if hits and rnd.random() < 0.7:
            return rnd.choice(hits)
    reacts = [a for a in ids if a.startswith(REACTIONS)]
    if reacts:
        return rnd.choice(reacts)
    return rnd.choice(ids)


async def test_a_whole_game_with_a_duel_reaction(service):
    game = await service.lobby.open_table(
        "henchmania", guild_id=1, channel_id=2, host_id=10, host_name="ann"
    )
    for uid, name in USERS[1:]:
        await service.lobby.join(game.id, uid, name)
    outcome = await service.lobby.start(game.id, 10)
    rnd = random.Random(5)
    reactions = duels = 0
    for _ in range(5000):
        game = outcome.game
        if outcome.finished:
            break
        seat = service.to_act(game)[0]
        choices = service.choices(game, seat)
        assert choices and all("{p" not in label for _, label in choices)
        board = service.board_text(game)
        assert "{p" not in board and len(board) <= 4000
        assert "{p" not in service.hand_text(game, seat)
        view = service.view(game, None)
        in_duel = view["duel"] is not None
        action = _pick(rnd, choices)
        if in_duel and action.startswith(REACTIONS):
            reactions += 1
            assert "Duel" in board
        outcome = await service.turns.move(game.id, USERS[seat][0], action)
        duels += action == "play:glove"
        for text in outcome.public:
            assert "{p" not in text and not text.startswith("You ")
    assert outcome.finished
    assert duels > 0 and reactions > 0
    assert service.view(outcome.game, None)["winners"]
