"""Generic checks every engine must pass, over random legal playouts.

Use ``play_and_check(engine, num_players, seed)`` from a game's own tests before the engine is
registered; ``test_property.py`` runs it over every engine in ``engines.REGISTRY``.
"""

from __future__ import annotations

import json
import random

from engines import ACTION_ID_RE, GameError, IllegalAction, clone

MAX_STEPS = 20_000


def check_determinize(engine, state, seat: int, salt: int = 0) -> dict:
    """``determinize`` for ``seat`` keeps that seat's view, the spectator's view, the inventory,
    who acts and the seat's legal actions (so a bot may ``simulate`` them there); it depends
    only on what the seat knows (applied to its own result it gives the same world as applied
    to the true state), and the world plays on (``simulate`` agreeing with ``apply``). Returns
    the determinized world."""
    view, spectator = engine.view(state, seat), engine.view(state, None)
    world = engine.determinize(state, seat, random.Random(salt * 31 + seat))
    assert engine.view(world, seat) == view, f"determinize changed seat {seat}'s view"
    assert engine.view(world, None) == spectator, "determinize changed the spectator view"
    assert engine.inventory(world) == engine.inventory(state), "determinize changed components"
    assert engine.to_act(world) == engine.to_act(state)
    assert engine.legal_actions(world, seat) == engine.legal_actions(state, seat)
    again = engine.determinize(world, seat, random.Random(salt * 31 + seat + 1))
    direct = engine.determinize(state, seat, random.Random(salt * 31 + seat + 1))
    assert engine.dump(again) == engine.dump(direct), "determinize depends on hidden info"
    json.dumps(engine.dump(world))
    for actor in engine.to_act(world):
        legal = engine.legal_actions(world, actor)
        assert legal, f"seat {actor} must act in a determinized world but cannot"
        for action in legal[:3] + legal[-2:]:
            after, _ = engine.apply(world, actor, action)
            assert engine.simulate(world, actor, action) == after, "simulate differs from apply"
    return world


VIEW_KEYS = ("game", "seat", "to_act", "phase", "prompt", "scores", "last")


def check_view(engine, state, seat: int | None, num_players: int) -> dict:
    """The keys every view carries (``Engine.view``), with the types the platform reads."""
    view = engine.view(state, seat)
    missing = [key for key in VIEW_KEYS if key not in view]
    assert not missing, f"{engine.name} view for seat {seat} lacks {missing}"
    assert view["game"] == engine.name
    assert view["seat"] == seat, f"view['seat'] is {view['seat']!r}, not {seat!r}"
    assert view["to_act"] == engine.to_act(state)
    assert isinstance(view["phase"], str)
    prompt = view["prompt"]
    assert prompt is None or isinstance(prompt, (str, list)), f"prompt {prompt!r}"
    scores = view["scores"]
    assert isinstance(scores, list) and len(scores) == num_players, f"scores {scores!r}"
    assert all(isinstance(x, (int, float)) for x in scores), f"scores {scores!r}"
    last = view["last"]
    assert last is None or (isinstance(last, dict) and {"seat", "news"} <= set(last))
    return view


def _hidden_leak_check(engine, state, num_players, salt: int = 0):
    """Views are JSON-able, and hide what they must: ``determinize`` for a seat re-deals every
    hidden thing, and neither that seat's view nor the spectator's view may change (else a view
    shows something the seat should not know); see ``check_determinize``.
    """
    json.dumps(check_view(engine, state, None, num_players))
    for seat in range(num_players):
        json.dumps(check_view(engine, state, seat, num_players))
        check_determinize(engine, state, seat, salt)


def play_on(engine, state: dict, num_players: int, rnd: random.Random) -> dict:
    """Play a (loaded) state on to the end with random legal moves, checking the basics."""
    inventory = engine.inventory(state)
    for _step in range(MAX_STEPS):
        if engine.is_over(state):
            break
        acting = engine.to_act(state)
        assert acting, "the game is not over but nobody has to act"
        seat = rnd.choice(acting)
        legal = engine.legal_actions(state, seat)
        assert legal, f"seat {seat} must act but has no legal action"
        state, _ = engine.apply(state, seat, rnd.choice(legal))
        assert engine.inventory(state) == inventory
    else:
        raise AssertionError(f"game did not end within {MAX_STEPS} moves")
    assert len(engine.scores(state)) == num_players and engine.winners(state)
    return state


def play_and_check(
    engine, num_players: int, seed: int, options: dict | None = None, policy_seed: int | None = None
) -> tuple[dict, list[tuple[int, str]]]:
    """Play one random legal game, checking the contract at every step.

    Returns the final state and the list of (seat, action) moves.
    """
    rnd = random.Random(seed if policy_seed is None else policy_seed)
    state = engine.new_game(num_players, seed, options)
    inventory = engine.inventory(state)
    moves: list[tuple[int, str]] = []
    for _step in range(MAX_STEPS):
        if engine.is_over(state):
            break
        acting = engine.to_act(state)
        assert acting, "the game is not over but nobody has to act"
        for seat in range(num_players):
            legal = engine.legal_actions(state, seat)
            if seat in acting:
                assert legal, f"seat {seat} must act but has no legal action"
                assert legal == sorted(legal), "legal actions must be sorted"
                assert len(set(legal)) == len(legal), "legal actions must be unique"
                for action in legal:
                    assert ACTION_ID_RE.match(action), f"bad action id {action!r}"
            else:
                assert legal == [], f"seat {seat} does not act but has actions {legal[:3]}"
        seat = rnd.choice(acting)
        legal = engine.legal_actions(state, seat)
        action = rnd.choice(legal)
        assert isinstance(engine.describe(state, seat, action), str)
        before = json.dumps(engine.dump(state), sort_keys=True)
        # A bad id is refused and changes nothing.
        try:
            engine.apply(state, seat, "no-such-action")
        except IllegalAction:
            pass
        else:
            raise AssertionError("apply accepted a made-up action id")
        new_state, events = engine.apply(state, seat, action)
        assert json.dumps(engine.dump(state), sort_keys=True) == before, "apply mutated its input"
        for event in events:
            assert isinstance(event.text, str)
            assert event.audience is None or all(0 <= s < num_players for s in event.audience)
        state = new_state
        moves.append((seat, action))
        assert engine.inventory(state) == inventory, f"components changed after {action!r}"
        if len(moves) % 7 == 0:
            _hidden_leak_check(engine, state, num_players, len(moves))
            dumped = engine.dump(state)
            assert engine.dump(engine.load(json.loads(json.dumps(dumped)))) == dumped
    else:
        raise AssertionError(f"game did not end within {MAX_STEPS} moves")
    assert engine.to_act(state) == []
    for seat in range(num_players):
        assert engine.legal_actions(state, seat) == []
    scores = engine.scores(state)
    assert len(scores) == num_players
    winners = engine.winners(state)
    assert winners and all(0 <= w < num_players for w in winners)
    _hidden_leak_check(engine, state, num_players)
    # Determinism: replaying the same moves from the same seed gives the same dump.
    replay = engine.new_game(num_players, seed, options)
    for seat, action in moves:
        replay, _ = engine.apply(replay, seat, action)
    assert engine.dump(replay) == engine.dump(state)
    # A finished game refuses every move.
    try:
        engine.apply(state, 0, moves[-1][1])
    except GameError:
        pass
    else:
        raise AssertionError("a finished game accepted a move")
    return clone(state), moves
