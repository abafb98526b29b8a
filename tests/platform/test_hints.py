"""Practice tables (issue 26) in the table service: the hard bot's hint sees only the seat's
view (it does not change when another seat's hidden cards do), changes nothing, is refused
where it does not belong; a practice table opens with its bots, and rates nobody."""

from __future__ import annotations

import random

import pytest

from bots import HardPolicy, Weighed
from engines import REGISTRY
from storage import counting, written
from tables import StaleClick, TableError
from tables.hints import advise, hint_seed, seat_world, why_text
from tests.toy import TOY

ANN, BOB = 10, 20
SECONDS = 0.05  # a short search: the tests ask many hints


def _position(engine, n: int, seed: int):
    """A decision of a random game where the deciding seat has a real choice and the others
    hold something it cannot see: (state, seat)."""
    rnd = random.Random(seed)
    state = engine.new_game(n, seed)
    for _ in range(2000):
        assert not engine.is_over(state), "no position found"
        seat = engine.to_act(state)[0]
        legal = engine.legal_actions(state, seat)
        world = engine.determinize(state, seat, random.Random(1))
        if len({a for a in legal if not a.endswith("back")}) > 2 and engine.dump(
            world
        ) != engine.dump(state):
            if rnd.random() < 0.2:
                return state, seat
        state, _ = engine.apply(state, seat, rnd.choice(legal))
    raise AssertionError("no position found")


@pytest.mark.parametrize("kind", sorted(REGISTRY))
def test_a_hint_does_not_change_when_another_seats_hidden_cards_differ(kind):
    """Worlds the seat cannot tell from the true position (the others' hands, the decks, the
    dice to come dealt anew) give the very same hint, reasons included."""
    engine = REGISTRY[kind]
    state, seat = _position(engine, 3, 5)
    legal = engine.legal_actions(state, seat)
    hint = advise(engine, state, seat, legal, SECONDS)
    assert hint.action in legal and hint.options > 1 and hint.share is not None
    differ = 0
    for k in range(3):
        other = engine.determinize(state, seat, random.Random(100 + k))
        assert engine.view(other, seat) == engine.view(state, seat)  # the seat sees no change
        assert engine.legal_actions(other, seat) == legal
        differ += engine.dump(other) != engine.dump(state)  # but the hidden things moved
        assert advise(engine, other, seat, legal, SECONDS) == hint
    assert differ
    # the check can fail: a search seeded from the true state would see the difference
    world = seat_world(engine, state, seat)
    assert hint_seed(engine, state, seat) != hint_seed(engine, world, seat)


def test_the_policy_is_given_the_seats_world_never_the_state(monkeypatch):
    engine = REGISTRY["wichtel"]
    state, seat = _position(engine, 3, 8)
    seen = []

    def weigh(self, engine, position, seat, legal, rnd):
        seen.append(position)
        return Weighed(legal[0], len(legal))

    monkeypatch.setattr(HardPolicy, "weigh", weigh)
    advise(engine, state, seat, engine.legal_actions(state, seat), SECONDS)
    assert seen == [seat_world(engine, state, seat)] and seen[0] is not state
    assert engine.dump(seen[0]) != engine.dump(state)


def test_weigh_chooses_as_choose_does():
    """The hint is the hard bot's own choice: ``weigh`` and ``choose`` agree for a generator."""
    engine = REGISTRY["ziegen"]
    state, seat = _position(engine, 3, 2)
    legal = engine.legal_actions(state, seat)
    policy = HardPolicy(iterations=40)
    weighed = policy.weigh(engine, state, seat, legal, random.Random(9))
    assert weighed.action == policy.choose(engine, state, seat, legal, random.Random(9))
    assert 0 < weighed.share <= 1 and 0 <= weighed.value <= 1 and weighed.iterations == 40
    assert weighed.runner_up in legal and weighed.runner_up != weighed.action


def test_why_says_what_the_search_found():
    def label(action):
        return action.upper()

    only = why_text(Weighed("a", 1), label, "en")
    assert only == "Why: it is the only sensible move here."
    assert why_text(Weighed("a", 3, 0), label, "en") is None  # no search: nothing to say
    line = why_text(Weighed("a", 3, 120, 0.6, 0.734, "b", 0.5), label, "en")
    assert "120 games" in line and "73 of 100" in line and "(B) 50" in line
    assert "73 von 100" in why_text(Weighed("a", 3, 120, 0.6, 0.734, "b", 0.5), label, "de")
    assert "(73 of 100)" in why_text(Weighed("a", 3, 120, 1.0, 0.734), label, "en")


async def _practice(service, *, practice=True, humans=((BOB, "bob"),), bots=()):
    game = await service.lobby.open_table(
        "toy", guild_id=1, channel_id=2, host_id=ANN, host_name="ann", practice=practice, bots=bots
    )
    for user, name in humans:
        await service.lobby.join(game.id, user, name)
    return (await service.lobby.start(game.id, ANN)).game


async def test_a_hint_changes_nothing_and_comes_again_the_same(service):
    service.turns.bot_seconds = SECONDS
    game = await _practice(service)
    seat = service.to_act(game)[0]
    user = game.seats[seat].user_id
    with counting():
        hint = await service.hints.hint(game.id, user, game.seats[seat].prompt_version)
        assert written() == 0
    assert hint.action in dict(service.choices(game, seat)) and hint.label
    again = await service.store.get_game(game.id)
    assert (again.version, again.move_count, again.state) == (
        game.version,
        game.move_count,
        game.state,
    )
    service.hints._kept.pop(game.id, None)  # thought out anew: the same hint
    assert await service.hints.hint(game.id, user) == hint


async def test_hints_are_refused_where_they_do_not_belong(service):
    service.turns.bot_seconds = SECONDS
    game = await _practice(service, practice=False)
    seat = service.to_act(game)[0]
    with pytest.raises(TableError, match="practice tables only"):
        await service.hints.hint(game.id, game.seats[seat].user_id)
    game = await _practice(service)  # both pick a secret number: ann first
    game = (await service.turns.move(game.id, ANN, "secret:1")).game
    with pytest.raises(TableError, match="nothing to decide"):
        await service.hints.hint(game.id, ANN)
    seat = service.to_act(game)[0]
    with pytest.raises(TableError, match="not playing"):
        await service.hints.hint(game.id, 999)
    user, token = game.seats[seat].user_id, game.seats[seat].prompt_version
    with pytest.raises(StaleClick):
        await service.hints.hint(game.id, user, token - 1)
    with pytest.raises(TableError, match="no table"):
        await service.hints.hint(game.id + 50, user)


async def test_a_practice_table_opens_with_its_bots(service):
    game = await service.lobby.open_practice(
        "toy", guild_id=1, channel_id=2, host_id=ANN, host_name="ann"
    )
    assert game.practice and game.status == "lobby"
    assert [s.bot for s in game.seats] == [None, "normal", "normal"]  # 3 seats by default
    assert (await service.store.get_game(game.id)).practice
    game = await service.lobby.open_practice(
        "toy", guild_id=1, channel_id=2, host_id=ANN, host_name="ann", players=2, level="hard"
    )
    assert [s.bot for s in game.seats] == [None, "hard"]
    for players in (1, 5):
        with pytest.raises(TableError, match="2 to 4 players"):
            await service.lobby.open_practice(
                "toy", guild_id=1, channel_id=2, host_id=ANN, host_name="ann", players=players
            )
    with pytest.raises(TableError, match="levels"):
        await service.lobby.open_practice(
            "toy", guild_id=1, channel_id=2, host_id=ANN, host_name="ann", level="grandmaster"
        )
    outcome = await service.lobby.start(game.id, ANN)
    assert outcome.game.status == "running" and outcome.game.practice


async def _play_out(service, game):
    rnd = random.Random(3)
    while game.status == "running":
        seat = rnd.choice(service.to_act(game))
        action = rnd.choice(TOY.legal_actions(service.state(game), seat))
        game = (await service.turns.move(game.id, game.seats[seat].user_id, action)).game
    return game


async def test_a_practice_game_rates_nobody_and_counts_in_no_statistics(service):
    practice = await _play_out(service, await _practice(service))
    assert practice.status == "finished"
    assert await service.store.ratings_in_guild(1) == []
    assert (await service.history.server_stats(1)).games == {}
    assert (await service.history.player_stats(1, ANN)).played == 0
    assert (await service.history.recompute_results(1)) == ([], {})
    assert await service.store.finished_without_results() == []  # its results are kept
    # the same game at a normal table counts
    normal = await _play_out(service, await _practice(service, practice=False))
    assert normal.status == "finished"
    assert {r.user_id for r in await service.store.ratings_in_guild(1)} == {ANN, BOB}
    assert (await service.history.server_stats(1)).games == {"toy": 1}
    assert (await service.history.player_stats(1, ANN)).played == 1
    rows, ratings = await service.history.recompute_results(1)
    assert {r.game_id for r in rows} == {normal.id}
