"""Issue 22: "decide the obvious for me at the bots' pace". A player's decision with exactly one
legal action, which everybody else knows is their only one (``openly_lone``), is taken by the
table when their setting ``obvious`` is "auto" (the default): no
prompt, no ping, played like a bot's move (``bot_turn``, at ``bot_pace``, published with the
bots' chain); with "ask" they are asked as before; a decision with two legal actions is never
taken for them (``tables/botplay.py``)."""

from __future__ import annotations

import asyncio

import pytest

from cogs.flow import humans_acting
from cogs.settings import settings_text
from tables import TableError

ANN, BOB = 10, 20


async def _toy(service, pile: int):
    """Ann and Bob, no secret numbers: they take 1 or 2 stones in turn from ``pile``."""
    game = await service.lobby.open_table(
        "toy",
        guild_id=1,
        channel_id=2,
        host_id=ANN,
        host_name="ann",
        options={"secrets": False, "pile": pile},
    )
    await service.lobby.join(game.id, BOB, "bob")
    return (await service.lobby.start(game.id, ANN)).game


def _user(game, seat: int) -> int:
    return game.seats[seat].user_id


async def _one_stone_left(service, obvious_for_next: str = "auto"):
    """A game of two stones: the first mover takes one, so the other seat's only legal action
    is "take:1" (an obvious decision). Returns (game after the move, outcome, next seat)."""
    game = await _toy(service, 2)
    first = service.to_act(game)[0]
    other = 1 - first
    await service.players.change(_user(game, other), obvious=obvious_for_next)
    outcome = await service.turns.move(game.id, _user(game, first), "take:1", bots=False)
    assert service.engine("toy").legal_actions(service.state(outcome.game), other) == ["take:1"]
    return outcome.game, outcome, other


async def test_an_obvious_decision_is_taken_by_the_table_with_no_notice(service):
    game, outcome, other = await _one_stone_left(service)
    # no prompt and no "your turn" for it; the table owes the move, like a bot's
    assert not any(n.your_turn for n in outcome.notices)
    assert game.seats[other].prompt_version < game.version  # never prompted for it
    assert service.turns.bots_pending(game.id)
    assert await service.turns.obvious_seats(game) == {other}
    assert await service.turns.table_plays(game) == {other}
    assert await humans_acting(service, game) == set()  # published with the bots' chain
    assert game.deadline_at is None  # nobody to remind
    assert await service.notices.missed_notices() == []  # nothing to catch up on at start-up either
    played = [o async for o in service.turns.bot_turns(game.id)]
    assert len(played) == 1 and not service.turns.bots_pending(game.id)
    done = played[0].game
    assert done.status == "finished"
    moves = await service.store.moves(game.id)
    assert [(m.seat, m.action) for m in moves][-1] == (other, "take:1")  # the seat's own move
    assert not any(n.your_turn for n in played[0].notices)
    # what the table learns is only what the engine's events say
    assert played[0].public == ["bob took 1." if other == 1 else "ann took 1."] + [
        f"{done.seats[other].name} took the last stone."
    ]


async def test_with_ask_the_player_is_prompted_as_before(service):
    game, outcome, other = await _one_stone_left(service, "ask")
    assert [(n.seat, n.your_turn) for n in outcome.notices] == [(other, True)]
    assert game.seats[other].prompt_version == game.version
    assert not service.turns.bots_pending(game.id)
    assert await service.turns.obvious_seats(game) == set()
    assert await humans_acting(service, game) == {other}
    assert await service.turns.bot_turn(game.id) is None  # nobody plays it for them
    assert game.deadline_at is not None
    moved = await service.turns.move(game.id, _user(game, other), "take:1")
    assert moved.game.status == "finished"


async def test_two_legal_actions_are_never_decided_for_a_player(service):
    game = await _toy(service, 3)
    first = service.to_act(game)[0]
    outcome = await service.turns.move(game.id, _user(game, first), "take:1")  # two stones left
    game = outcome.game
    other = 1 - first
    assert service.to_act(game) == [other]
    assert service.engine("toy").legal_actions(service.state(game), other) == ["take:1", "take:2"]
    assert [(n.seat, n.your_turn) for n in outcome.notices] == [(other, True)]
    assert await service.turns.obvious_seats(game) == set()
    assert await service.turns.bot_turn(game.id) is None
    assert game.move_count == 1
    # even asked directly, the table's thinking refuses to choose for a player
    with pytest.raises(RuntimeError):
        await service.turns._think(
            game, service.engine("toy"), service.state(game), other, ["a", "b"], 1
        )


async def test_a_move_played_with_bots_takes_the_obvious_answer_at_once(service):
    """``move(..., bots=True)`` (the default: undo, /away, tests) plays it in the same request."""
    game = await _toy(service, 2)
    first = service.to_act(game)[0]
    outcome = await service.turns.move(game.id, _user(game, first), "take:1")
    assert outcome.game.status == "finished" and outcome.game.move_count == 2
    assert not any(n.your_turn for n in outcome.notices)


async def test_at_the_bots_pace(service):
    """An obvious decision needs no thinking, but is stored ``bot_pace`` after its turn began,
    like any bot move: its timing says nothing the bots' would not."""
    service.turns.bot_pace = 0.3
    game, _, _ = await _one_stone_left(service)
    loop = asyncio.get_running_loop()
    began = loop.time()
    assert await service.turns.bot_turn(game.id) is not None
    assert loop.time() - began >= 0.3


async def test_start_up_resumes_a_game_waiting_on_an_obvious_decision(open_service):
    service = await open_service("r.db")
    game, _, _ = await _one_stone_left(service)
    waiting = (await _toy(service, 5)).id  # a human decides here: nothing owed
    again = await open_service("r.db")  # a restart: the chain was cut before the table played
    assert await again.turns.games_owing_bot_moves() == [game.id]
    assert waiting != game.id
    played = [o async for o in again.turns.bot_turns(game.id)]
    assert played[-1].game.status == "finished"
    assert await again.turns.games_owing_bot_moves() == []


async def test_start_up_owes_nothing_to_a_player_who_asks(open_service):
    service = await open_service("a.db")
    game, _, other = await _one_stone_left(service, "ask")
    again = await open_service("a.db")
    assert await again.turns.games_owing_bot_moves() == []
    missed = await again.notices.missed_notices()  # the turn DM, if it was lost, is sent again
    assert [(g.id, n.seat) for g, n in missed] in ([], [(game.id, other)])


async def test_the_setting_is_checked_kept_and_shown(open_service, clock):
    service = await open_service("s.db")
    assert (await service.players.settings(ANN)).obvious == "auto"
    with pytest.raises(TableError, match="auto, ask"):
        await service.players.change(ANN, obvious="sometimes")
    prefs = await service.players.change(ANN, obvious="ask", notify="both")
    assert (prefs.obvious, prefs.notify) == ("ask", "both")
    assert (await service.players.change(ANN, remind_hours=5)).obvious == "ask"  # kept
    again = await open_service("s.db")
    assert (await again.players.settings(ANN)).obvious == "ask"
    text = settings_text(prefs, clock.now, 24)
    assert "only one possible move: you are asked" in text
    auto = await again.players.change(ANN, obvious="auto")
    assert "made for you at the bots' pace" in settings_text(auto, clock.now, 24)
    assert "Tempo der Bots" in settings_text(auto, clock.now, 24, "de")
    assert "ritmo de los bots" in settings_text(auto, clock.now, 24, "es")


async def test_an_away_player_with_a_bot_sitting_in_is_played_by_the_bot(service):
    """A bot sitting in plays every decision of the seat (obvious ones too), as before."""
    game, _, other = await _one_stone_left(service)
    await service.away.go_away(_user(game, other), 3, bot_sit=True, bots=False)
    game = await service.game(game.id)
    assert await service.turns.obvious_seats(game) == set()  # the sitter's, not the table's
    assert await service.turns.table_plays(game) == {other}
    played = [o async for o in service.turns.bot_turns(game.id)]
    assert played[-1].game.status == "finished"


def _lone_positions(kind: str, games: int = 4):
    """(engine, state, seat, players, seed) of every lone decision in random playouts."""
    import random

    import engines

    engine = engines.REGISTRY[kind]
    for seed in range(games):
        n = max(3, engine.min_players)
        state, rnd = engine.new_game(n, seed, {}), random.Random(seed)
        for _ in range(300):
            if engine.is_over(state):
                break
            for seat in engine.to_act(state):
                if len(engine.legal_actions(state, seat)) == 1:
                    yield engine, state, seat, n, seed
            seat = rnd.choice(engine.to_act(state))
            state, _ = engine.apply(state, seat, rnd.choice(engine.legal_actions(state, seat)))


@pytest.mark.parametrize("kind", ["henchmania", "korrigans", "wichtel", "ziegen"])
def test_only_a_decision_everybody_knows_is_lone_is_taken_for_a_player(kind):
    """A lone decision is taken without asking only when every other seat knows it is lone
    (``openly_lone``): checked against many more worlds than the table samples. One that is
    lone because of what the seat hides (Wichtel's roll without a card to play on it) is asked,
    so that the bots' pace of the answer gives nothing away."""
    import random

    from tables.botplay import openly_lone

    hidden = 0
    for engine, state, seat, n, seed in _lone_positions(kind):
        if not openly_lone(engine, state, seat, n, seed):
            hidden += 1
            continue
        rnd = random.Random(99)
        for other in range(n):
            if other != seat:
                for _ in range(30):
                    world = engine.determinize(state, other, rnd)
                    assert len(engine.legal_actions(world, seat)) == 1
    if kind in ("wichtel", "ziegen", "henchmania"):
        assert hidden, "no lone decision that depends on hidden cards was found"


async def test_a_lone_decision_that_hides_something_is_asked(open_service):
    """The table's own choice of seats (``obvious_seats``) leaves out a lone decision whose
    loneness is secret, even for a player who lets the table decide the obvious."""
    from types import SimpleNamespace

    import engines

    svc = await open_service(registry=engines.REGISTRY)
    for engine, state, seat, n, seed in _lone_positions("wichtel"):
        from tables.botplay import openly_lone

        if openly_lone(engine, state, seat, n, seed):
            continue
        seats = [SimpleNamespace(is_bot=False, seat=s) for s in range(n)]
        game = SimpleNamespace(seats=seats, seed=seed, kind="wichtel", status="running")
        chosen = await svc.turns.obvious_seats(game, engine, state, set(), set(range(n)))
        assert seat not in chosen
        return
    raise AssertionError("no secret lone decision found")


def test_a_position_is_sampled_once_whoever_asks(monkeypatch):
    """``openly_lone`` costs up to 128 determinized worlds; a move's position is asked about by
    the move, the bots' turns and the notices: it is sampled once, and a position equal to it
    (loaded again, say) is not sampled again."""
    import copy

    from tables import botplay

    engine, state, seat, n, seed = next(iter(_lone_positions("henchmania")))
    sampled = []
    real = engine.determinize

    class Counting:  # the engine, its determinize counted
        def __getattr__(self, name):
            return getattr(engine, name)

        def determinize(self, *args):
            sampled.append(1)
            return real(*args)

    counting = Counting()
    first = botplay.openly_lone(counting, state, seat, n, seed)
    worlds = len(sampled)
    assert worlds
    assert botplay.openly_lone(counting, copy.deepcopy(state), seat, n, seed) == first
    assert len(sampled) == worlds  # remembered
    assert botplay.openly_lone(engine, state, seat, n, seed) == first  # another engine: sampled


async def test_a_position_not_seen_before_is_sampled_off_the_event_loop(open_service, monkeypatch):
    """Sampling a lone decision's worlds (up to 16 ms) runs in a worker thread, so the event
    loop answers other tables meanwhile; asked again, the answer is remembered."""
    import threading
    from types import SimpleNamespace

    import engines
    from tables import botplay

    threads = []
    real = botplay._openly_lone

    def sampling(*args):
        threads.append(threading.current_thread())
        return real(*args)

    monkeypatch.setattr(botplay, "_openly_lone", sampling)
    svc = await open_service(registry=engines.REGISTRY)
    engine, state, seat, n, seed = next(iter(_lone_positions("ziegen")))
    seats = [SimpleNamespace(is_bot=False, seat=s) for s in range(n)]
    game = SimpleNamespace(seats=seats, seed=seed + 1000, kind="ziegen", status="running")
    first = await svc.turns.obvious_seats(game, engine, state, set(), set(range(n)))
    sampled = len(threads)  # (a sample per seat with a lone decision)
    assert sampled and threading.main_thread() not in threads
    assert await svc.turns.obvious_seats(game, engine, state, set(), set(range(n))) == first
    assert len(threads) == sampled  # remembered: not sampled again
