"""Several bot processes on one PostgreSQL database (``worker.py`` is a bot process without
Discord). Any process may handle any game: a move is applied exactly once whichever process
gets it, a killed process loses no move it acknowledged, and each reminder and each start-up
catch-up notice is sent by exactly one process. Each test runs twice: on the server directly,
and through a PgBouncer in transaction pooling mode (``pgbouncer_url``)."""

from __future__ import annotations

import asyncio
import collections
import random

import pytest

from storage import Store
from tables import StaleClick, TableService
from tests.jsonproc import JsonProcess
from tests.toy import TOY

T0 = 1000.0


class Worker(JsonProcess):
    """One worker process (``worker.py``), spoken to over its stdin and stdout."""

    died = "worker died"

    @classmethod
    async def start(cls, target: str) -> Worker:  # store opened, migrations applied
        return await super().start("tests.storage.worker", target)


@pytest.fixture(params=["postgresql", "pgbouncer"])
async def two(request):
    """The test's own service (to set up games and check them) and two worker processes, on
    PostgreSQL directly and through PgBouncer in transaction pooling mode."""
    pg_url = request.getfixturevalue("pg_url" if request.param == "postgresql" else "pgbouncer_url")
    store = await Store.open(pg_url)
    service = TableService(
        store,
        registry={"toy": TOY},
        clock=lambda: T0,
        remind_after=3600,
        seed_source=iter(range(1, 10**6)).__next__,
    )
    workers = await asyncio.gather(Worker.start(pg_url), Worker.start(pg_url))
    yield service, workers
    for worker in workers:
        await worker.stop()
    await store.close()


async def _games(service: TableService, count: int, pile: int) -> list:
    """Games whose players decide even a lone "take:1" themselves (``obvious`` "ask"): every
    move of these tests is one the test sends."""
    games = []
    for i in range(count):
        for user in (100 + 2 * i, 101 + 2 * i):
            await service.players.change(user, obvious="ask")
        game = await service.lobby.open_table(
            "toy",
            guild_id=1,
            channel_id=2,
            host_id=100 + 2 * i,
            host_name="ann",
            options={"pile": pile, "secrets": False},
        )
        await service.lobby.join(game.id, 101 + 2 * i, "bob")
        games.append((await service.lobby.start(game.id, 100 + 2 * i)).game)
    return games


async def _check_log_replays(service: TableService, game_id: int) -> list:
    stored = await service.store.get_game(game_id)
    log = await service.store.moves(game_id)
    assert [m.n for m in log] == list(range(1, stored.move_count + 1))
    assert await service.history.replay(game_id) == stored.state  # snapshot and log agree
    return log


async def test_identical_moves_sent_to_both_processes_are_applied_once(two):
    """1,000 moves, each delivered to both processes at the same moment (a double click, a
    retried interaction): every one is applied exactly once, none is lost."""
    service, workers = two
    games = await _games(service, 20, 50)  # 20 games x 50 moves of "take:1"
    tally = collections.Counter()

    async def play(game) -> None:
        seat = service.to_act(game)[0]
        user, token = game.seats[seat].user_id, game.seats[seat].prompt_version
        for _ in range(50):
            replies = await asyncio.gather(
                *(
                    w.ask(op="move", game=game.id, user=user, action="take:1", token=token)
                    for w in workers
                )
            )
            done = [r for r in replies if r["ok"]]
            tally["applied"] += len(done)
            tally.update(r["error"] for r in replies if not r["ok"])
            assert len(done) == 1, replies
            seat = (done[0]["to_act"] or [None])[0]
            if seat is not None:
                user, token = done[0]["users"][seat], done[0]["tokens"][seat]

    await asyncio.gather(*(play(game) for game in games))
    assert tally["applied"] == 1000
    assert sum(tally.values()) == 2000
    assert set(tally) <= {"applied", StaleClick.__name__, "TableError"}, tally
    for game in games:
        log = await _check_log_replays(service, game.id)
        assert len(log) == 50 and {m.action for m in log} == {"take:1"}  # 0 doubles, 0 lost
        assert [m.seat for m in log[:2]] != [log[0].seat] * 2  # turns alternate
        assert (await service.store.get_game(game.id)).status == "finished"


async def test_a_move_reaching_a_process_with_a_stale_record_is_applied(two):
    """Moves alternate between the processes, so each one reaches a process whose cached
    record is one move old: the stale record is refused, read again, and the move applied."""
    service, workers = two
    (game,) = await _games(service, 1, 40)
    for worker in workers:  # both cache the game as it starts
        assert (await worker.ask(op="state", game=game.id))["ok"]
    info = {
        "to_act": service.to_act(game),
        "tokens": [s.prompt_version for s in game.seats],
        "users": [s.user_id for s in game.seats],
    }
    for n in range(40):
        seat = info["to_act"][0]
        info = await workers[n % 2].ask(
            op="move",
            game=game.id,
            user=info["users"][seat],
            action="take:1",
            token=info["tokens"][seat],
        )
        assert info["ok"] and info["move_count"] == n + 1, info
    assert len(await _check_log_replays(service, game.id)) == 40
    # an old button is still refused once the record is read again: nothing is written
    stale = await workers[0].ask(
        op="move", game=game.id, user=info["users"][0], action="take:1", token=0
    )
    assert not stale["ok"] and stale["error"] in ("StaleClick", "TableError")


async def test_a_killed_process_loses_no_acknowledged_move(two):
    """A move storm over both processes; one of them is killed (SIGKILL) in the middle of it.
    Every move a process acknowledged is in the log at its place, every game's snapshot still
    matches its log, and the other process plays every game on (its cached records of games
    the dead process moved are stale: refused and read again)."""
    service, (one, other) = two
    games = await _games(service, 12, 10_000)
    acked: list[tuple[int, int, int, str]] = []  # (game, move number, seat, action)
    rnd = random.Random(7)
    killed = asyncio.Event()
    after_kill = collections.Counter()

    async def storm(game) -> None:
        info = {
            "to_act": service.to_act(game),
            "tokens": [s.prompt_version for s in game.seats],
            "users": [s.user_id for s in game.seats],
        }
        while after_kill[game.id] < 15:
            worker = other if killed.is_set() or rnd.random() < 0.5 else one
            seat = info["to_act"][0]
            action = rnd.choice(("take:1", "take:2"))
            try:
                reply = await worker.ask(
                    op="move",
                    game=game.id,
                    user=info["users"][seat],
                    action=action,
                    token=info["tokens"][seat],
                )
            except ConnectionError:  # its process died: did the move land? ask the other one
                info = await other.ask(op="state", game=game.id)
                continue
            assert reply["ok"], reply
            acked.append((game.id, reply["move_count"], seat, action))
            info = reply
            if killed.is_set():
                after_kill[game.id] += 1

    async def kill_midway() -> None:
        while len(acked) < 400:
            await asyncio.sleep(0.005)
        one.proc.kill()  # SIGKILL: no clean-up of any kind
        killed.set()

    await asyncio.gather(kill_midway(), *(storm(game) for game in games))
    assert await one.proc.wait() == -9
    assert len(acked) >= 400 + 12 * 15
    logs = {game.id: await _check_log_replays(service, game.id) for game in games}
    for game_id, n, seat, action in acked:
        move = logs[game_id][n - 1]
        assert (move.seat, move.action) == (seat, action)


async def test_each_reminder_and_catch_up_notice_is_sent_by_one_process(two):
    service, workers = two
    games = await _games(service, 30, 20)  # everyone must act; nobody has been told yet
    owed = {(g.id, s) for g in games for s in service.to_act(g)}
    # start-up catch-up, both processes at once (sending is slow: the claim is held meanwhile)
    replies = await asyncio.gather(
        *(w.ask(op="catch_up", now=T0 + 10, delay=0.002) for w in workers)
    )
    sent = [tuple(n) for r in replies for n in r["sent"]]
    assert sorted(sent) == sorted(owed)  # each once, none missing
    assert [bool(r["sent"]) for r in replies].count(True) == 1
    # reminders: every game is overdue; both processes run their reminder pass, three times
    replies = await asyncio.gather(
        *(w.ask(op="reminders", now=T0 + 3601) for _ in range(3) for w in workers)
    )
    reminded = collections.Counter(g for r in replies for g in r["games"])
    assert reminded == collections.Counter({g.id: 1 for g in games})
    replies = await asyncio.gather(*(w.ask(op="reminders", now=T0 + 3 * 3600) for w in workers))
    assert sorted(g for r in replies for g in r["games"]) == sorted(g.id for g in games)
