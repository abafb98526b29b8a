"""Undo and confirmations through the table service, on a real SQLite file (``tables/undo.py``).

Whole games of every engine with random undos: an undo restores exactly the stored state
before the decision; the log keeps both; the replay from the seed equals the stored snapshot;
the export of a finished game with undos passes the fair-play verifier; a refused undo changes
nothing; an undo and a move racing each other cannot both apply.
"""

from __future__ import annotations

import asyncio
import random

import pytest

import engines
from engines.undo import UNDO
from fairplay import verify
from tables import StaleClick, TableError
from tests.history.helpers import GUILD

USERS = [(101, "ann"), (102, "bob"), (103, "cyd")]


async def _start(svc, kind: str, humans: int, bots: int = 0, obvious: str | None = None):
    """A started game; ``obvious``: the players' setting for lone decisions (default "auto")."""
    (host, name), *others = USERS[:humans]
    if obvious is not None:
        for user, _ in USERS[:humans]:
            await svc.players.change(user, obvious=obvious)
    game = await svc.lobby.open_table(
        kind, guild_id=GUILD, channel_id=5, host_id=host, host_name=name
    )
    for user, other in others:
        await svc.lobby.join(game.id, user, other)
    for _ in range(bots):
        await svc.lobby.add_bot(game.id, host)
    return (await svc.lobby.start(game.id, host)).game


async def _state_of(svc, game_id):
    return (await svc.game(game_id)).state


@pytest.mark.parametrize("kind", sorted(engines.REGISTRY))
async def test_whole_games_with_undos_replay_and_verify(open_service, kind):
    svc = await open_service(registry=engines.REGISTRY)
    rnd = random.Random(kind)
    engine = svc.engine(kind)
    n = max(2, engine.min_players)
    game = await _start(svc, kind, n)
    undos = refused = struck = 0
    history: list[dict] = []  # the stored state before each standing decision
    said: list[list[str]] = []  # the public news of each standing decision
    while game.status == "running":
        users = [s.user_id for s in game.seats]
        undoers = [s for s in range(n) if await svc.undo.can_undo(game, s)]
        assert len(undoers) <= 1
        if undoers and rnd.random() < 0.4:
            seat = undoers[0]
            outcome = await svc.undo.undo(game.id, users[seat], game.version)
            game = outcome.game
            assert game.state == history.pop(), "the undo did not restore the state before"
            # what the decision said in public stays readable, struck through, before the
            # line that says it was taken back (issue 22)
            news = said.pop()
            assert outcome.public == [f"~~{line}~~" for line in news] + outcome.public[len(news) :]
            assert "took back" in outcome.public[len(news)]
            struck += len(news)
            undos += 1
            continue
        if not undoers and rnd.random() < 0.05:
            seat = rnd.randrange(n)
            with pytest.raises(TableError):
                await svc.undo.undo(game.id, users[seat])
            assert (await svc.game(game.id)).version == game.version  # nothing changed
            refused += 1
        seat = rnd.choice(svc.to_act(game))
        action = rnd.choice(engine.legal_actions(svc.state(game), seat))
        before = game.state
        outcome = await svc.turns.move(game.id, users[seat], action)
        game = outcome.game
        history.append(before)
        said.append(outcome.public)
    assert game.status == "finished"
    moves = await svc.store.moves(game.id)
    assert sum(m.action == UNDO for m in moves) == undos
    assert await svc.history.replay(game.id) == game.state
    assert (await svc.history.replay(game.id)) == (await svc._reread(game.id)).state
    if kind != "korrigans":
        assert undos, "no undo happened in a whole game"
    if kind in ("wichtel", "henchmania"):
        assert struck, "no decision taken back had public news"
    export = await svc.history.export(game.id)
    report = verify(export)
    assert any("replayed from the seed" in line for line in report.lines)
    log = await svc.history.move_log(game.id)
    assert sum("Take back my last decision" in line for line in log) == undos
    step = await svc.history.replay_step(game.id, len(moves))
    assert step.view == engine.view(engine.load(game.state), None)


async def test_an_undo_leaves_the_log_a_fresh_service_replays(open_service):
    """A restart (a new service on the same file) replays the log with its undo and can take
    back the next decision as well."""
    svc = await open_service(registry=engines.REGISTRY)
    game = await _start(svc, "ziegen", 2, obvious="ask")  # both decide their mulligan
    mulligan_seats = svc.to_act(game)
    assert mulligan_seats == [0, 1]  # the secret mulligan: both decide at once
    before = game.state
    game = (await svc.turns.move(game.id, 101, "mull:0")).game
    assert await svc.undo.can_undo(game, 0) and not await svc.undo.can_undo(game, 1)
    game = (await svc.undo.undo(game.id, 101)).game
    assert game.state == before and svc.to_act(game) == [0, 1]
    game = (await svc.turns.move(game.id, 101, "mull:0")).game
    other = await open_service("t.db", registry=engines.REGISTRY)
    again = await other.game(game.id)
    assert await other.undo.can_undo(again, 0)
    again = (await other.undo.undo(again.id, 101)).game
    assert again.state == before
    assert await other.history.replay(game.id) == again.state
    # the last mulligan choice deals the new cards: that cannot be taken back
    again = (await other.turns.move(game.id, 101, "mull:0")).game
    again = (await other.turns.move(game.id, 102, "mull:0")).game
    assert not await other.undo.can_undo(again, 0) and not await other.undo.can_undo(again, 1)
    with pytest.raises(TableError, match="showed something new|nothing you can take back"):
        await other.undo.undo(game.id, 102)


async def test_stale_undo_button_and_racing_move(open_service):
    svc = await open_service(registry=engines.REGISTRY)
    game = await _start(svc, "ziegen", 2, obvious="ask")  # both decide their mulligan
    old = game.version
    game = (await svc.turns.move(game.id, 101, "mull:0")).game
    with pytest.raises(StaleClick):
        await svc.undo.undo(game.id, 101, old)
    assert (await svc.game(game.id)).version == game.version
    # a secret simultaneous choice: ann's undo and bob's own choice are independent, both apply
    token = (await svc.game(game.id)).seats[1].prompt_version
    results = await asyncio.gather(
        svc.undo.undo(game.id, 101, game.version),
        svc.turns.move(game.id, 102, "mull:0", token),
        return_exceptions=True,
    )
    assert not any(isinstance(r, BaseException) for r in results), results
    assert [m.action for m in await svc.store.moves(game.id)] == ["mull:0", UNDO, "mull:0"]
    assert await svc.history.replay(game.id) == (await svc._reread(game.id)).state


async def _passed_to_the_next(svc, rnd):
    """A Henchmania game where ann (seat 0) has just passed and bob must decide."""
    engine = svc.engine("henchmania")
    game = await _start(svc, "henchmania", 2)
    while True:
        seat = svc.to_act(game)[0]
        legal = engine.legal_actions(svc.state(game), seat)
        state = svc.state(game)
        if (
            seat == 0
            and "pass" in legal
            and state["step"]["k"] == "turn"
            and not state["passed"][1]
        ):
            game = (await svc.turns.move(game.id, 101, "pass")).game
            assert svc.to_act(game) == [1] and await svc.undo.can_undo(game, 0)
            return game
        game = (await svc.turns.move(game.id, game.seats[seat].user_id, rnd.choice(legal))).game
        assert game.status == "running"


@pytest.mark.parametrize("undo_first", [True, False])
async def test_an_undo_and_a_racing_move_never_both_apply(open_service, undo_first):
    svc = await open_service(registry=engines.REGISTRY)
    game = await _passed_to_the_next(svc, random.Random(5))
    token = game.seats[1].prompt_version
    bob = svc.engine("henchmania").legal_actions(svc.state(game), 1)[0]
    calls = [svc.undo.undo(game.id, 101, game.version), svc.turns.move(game.id, 102, bob, token)]
    results = await asyncio.gather(*(calls if undo_first else calls[::-1]), return_exceptions=True)
    applied = [r for r in results if not isinstance(r, BaseException)]
    assert len(applied) == 1, results
    assert isinstance([r for r in results if isinstance(r, BaseException)][0], TableError)
    last = (await svc.store.moves(game.id))[-1]
    assert (last.action == UNDO) == undo_first
    assert await svc.history.replay(game.id) == (await svc._reread(game.id)).state


async def test_nobody_undoes_after_a_bot_or_another_player_decided(open_service):
    svc = await open_service(registry=engines.REGISTRY)
    game = await _start(svc, "ziegen", 1, bots=1)
    # the bot made its secret mulligan choice at the start; ann's choice ends the mulligan
    game = (await svc.turns.move(game.id, 101, "mull:0")).game
    assert not await svc.undo.can_undo(game, 0)
    with pytest.raises(TableError):
        await svc.undo.undo(game.id, 101)
    with pytest.raises(TableError, match="not playing"):
        await svc.undo.undo(game.id, 999)


async def test_confirmation_questions_come_from_the_engine(open_service):
    svc = await open_service(registry=engines.REGISTRY)
    game = await _start(svc, "henchmania", 2)
    rnd = random.Random(4)
    while game.status == "running":
        seat = svc.to_act(game)[0]
        legal = svc.engine("henchmania").legal_actions(svc.state(game), seat)
        if "pass" in legal and any(a.startswith("play:") for a in legal):
            break
        game = (await svc.turns.move(game.id, game.seats[seat].user_id, rnd.choice(legal))).game
    question = svc.undo.confirmation(game, seat, "pass")
    assert question and "Pass for the rest of the day?" in question
    play = next(a for a in legal if a.startswith("play:"))
    assert svc.undo.confirmation(game, seat, play) is None
    assert svc.undo.confirmation(game, seat, "no-such-move") is None


async def test_one_decision_is_taken_back_at_most_max_undos_times(open_service):
    """Deciding and taking back without end would keep the table busy: after ``MAX_UNDOS``
    undos of one decision the choice made there stands (the button goes, the command says
    why), also after a restart; another decision point has its own count."""
    from tables.undo import MAX_UNDOS

    svc = await open_service(registry=engines.REGISTRY)
    game = await _start(svc, "ziegen", 2, obvious="ask")
    before = game.state
    for _ in range(MAX_UNDOS):
        game = (await svc.turns.move(game.id, 101, "mull:0")).game
        assert await svc.undo.can_undo(game, 0)
        game = (await svc.undo.undo(game.id, 101)).game
        assert game.state == before
    game = (await svc.turns.move(game.id, 101, "mull:1")).game
    assert not await svc.undo.can_undo(game, 0)
    with pytest.raises(TableError, match=f"{MAX_UNDOS} times"):
        await svc.undo.undo(game.id, 101)
    assert (await svc.game(game.id)).version == game.version  # the refusal changed nothing
    other = await open_service("t.db", registry=engines.REGISTRY)  # the count is in the log
    again = await other.game(game.id)
    assert not await other.undo.can_undo(again, 0)
    with pytest.raises(TableError, match=f"{MAX_UNDOS} times"):
        await other.undo.undo(game.id, 101)
    # bob's own decision at his own point: his count starts at zero
    game = (await other.turns.move(game.id, 102, "mull:0")).game
    assert game.status == "running"
