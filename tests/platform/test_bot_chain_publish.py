"""``cogs.flow``: a human move only bots answer and the bots' chain are published together,
each bot move stored as it is made; a failing publish is logged and stores everything."""

from __future__ import annotations

import logging
import time
from types import SimpleNamespace

import pytest

from cogs import flow

ANN = 10


class Recorder:
    """A messenger that records what would be published."""

    def __init__(self, fail: bool = False) -> None:
        self.published: list = []
        self.refreshed: list = []
        self.fail = fail

    async def publish(self, outcome, *, shown_in=None) -> None:
        self.published.append(outcome)
        if self.fail:
            raise RuntimeError("Discord is down")

    async def refresh_panels(self, game, *, mover=None, news=None, shown_in=None) -> None:
        self.refreshed.append((game.move_count, mover, shown_in))

    def decided(self, game_id, seat, panel) -> None:
        pass


@pytest.fixture
async def service(open_service):
    """The toy table service (``conftest.open_service``) on the real clock: bots keep their pace."""
    return await open_service(clock=time.time)


async def _started(service, messenger, bots: int = 3, pile: int = 30):
    game = await service.lobby.open_table(
        "toy", guild_id=1, channel_id=2, host_id=ANN, host_name="ann", options={"pile": pile}
    )
    for _ in range(bots):
        game = await service.lobby.add_bot(game.id, ANN, "easy")
    await service.lobby.start(game.id, ANN, bots=False)
    client = SimpleNamespace(tables=service, messenger=messenger)
    await flow.play_bots(client, game.id)  # the bots pick their secrets; ann still must
    return client, game.id


async def _human_moves(service, client, game_id, rounds: int):
    """Ann's moves, each published through ``publish_then_bots``; yields per move the new
    publishes and how many moves were stored."""
    post = client.messenger
    for _ in range(rounds):
        game = await service.game(game_id)
        if game.status != "running":
            return
        assert service.to_act(game) == [0]
        before, seen = game.move_count, len(post.published)
        outcome = await service.turns.move(game_id, ANN, service.choices(game, 0)[0][0], bots=False)
        await flow.publish_then_bots(client, outcome, shown_in=555)
        stored = (await service.game(game_id)).move_count - before
        yield post.published[seen:], stored, outcome


async def test_a_human_move_and_the_bots_answer_are_published_once(service):
    post = Recorder()
    client, game_id = await _started(service, post)
    assert [o.game.move_count for o in post.published] == [3]  # three secrets, one publish
    chains = 0
    async for published, stored, outcome in _human_moves(service, client, game_id, 40):
        assert len(published) == 1
        (merged,) = published
        final = await service.game(game_id)
        assert merged.game.move_count == final.move_count
        assert merged.public[: len(outcome.public)] == outcome.public  # the human's news first
        if stored > 1 and final.status == "running":
            chains += 1
            assert len(merged.public) > len(outcome.public)
            assert merged.mover_seat is None  # ann's panel was settled at once instead
            assert post.refreshed[-1] == (outcome.game.move_count, 0, 555)
    assert chains >= 3
    assert not service.turns.bots_pending(game_id)


async def test_a_long_chain_is_published_as_it_goes(service, monkeypatch):
    monkeypatch.setattr(flow, "CHAIN_FLUSH_SECONDS", 0.0)
    post = Recorder()
    client, game_id = await _started(service, post)
    assert [o.game.move_count for o in post.published] == [1, 2, 3]
    async for published, stored, _ in _human_moves(service, client, game_id, 5):
        if stored > 1:  # the human's move goes out with the first bot move, then one by one
            assert len(published) == stored - 1


async def test_a_failing_publish_is_logged_and_the_bots_play_on(service, caplog):
    post = Recorder(fail=True)
    with caplog.at_level(logging.ERROR, logger="tavern.flow"):
        client, game_id = await _started(service, post)
        async for _published, stored, _ in _human_moves(service, client, game_id, 3):
            assert stored >= 1
    assert (await service.game(game_id)).move_count >= 6
    assert len(await service.store.moves(game_id)) == (await service.game(game_id)).move_count
    assert "publishing moves at table" in caplog.text
