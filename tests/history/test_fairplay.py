"""Provably fair games: commitment, export, verifier (accepts every finished game, rejects a
tampered export), and no seed material visible before the end."""

from __future__ import annotations

import copy
import hashlib
import json
import pathlib
import random
import subprocess
import sys

import pytest

import engines
from fairplay import VerifyError, commitment, verify
from fairplay.__main__ import main as verify_main
from fairplay.verify import MISMATCH, UNREADABLE, USAGE
from storage import Store
from tables import TableError, TableService
from tests.history.helpers import play_game

ROOT = pathlib.Path(__file__).resolve().parents[2]
SEED = 3_141_592_653_589_793_238 % (1 << 62)
HUMANS = [(101, "ann"), (102, "ben")]


class Clock:
    def __init__(self):
        self.now = 1_700_000_000.0

    def __call__(self):
        self.now += 1.5
        return self.now


@pytest.fixture
async def service(tmp_path):
    store = await Store.open(str(tmp_path / "h.db"))
    svc = TableService(store, seed_source=lambda: SEED, clock=Clock())
    yield svc
    await store.close()


def test_commitment_encoding_is_sha256_of_seed_colon_salt():
    salt = "ab" * 32
    expected = hashlib.sha256(f"1234:{salt}".encode()).hexdigest()
    assert commitment(1234, salt) == expected
    assert commitment(1234, salt) != commitment(1235, salt)
    with pytest.raises(ValueError):
        commitment(-1, salt)
    with pytest.raises(ValueError):
        commitment(1, "AB" * 32)  # upper case is not the encoding


@pytest.mark.parametrize("kind", sorted(engines.REGISTRY))
async def test_verifier_accepts_finished_games_and_rejects_tampering(service, kind, tmp_path):
    rnd = random.Random(kind)
    game_id = await play_game(service, kind, HUMANS, bots=1, rnd=rnd)
    game = await service.game(game_id)
    assert game.status == "finished"
    export = await service.history.export(game_id)
    report = verify(export)
    assert "final scores confirmed" in report.lines[-2]
    assert export["seed"] == SEED and len(export["moves"]) == game.move_count > 0
    fair = await service.history.fairness(game_id)
    assert fair.seed == SEED and fair.salt == export["salt"]
    assert fair.commitment == export["commitment"] == commitment(SEED, fair.salt)

    def tampered(change):
        bad = copy.deepcopy(export)
        change(bad)
        with pytest.raises(VerifyError) as info:
            verify(bad)
        assert info.value.code == MISMATCH
        return str(info.value)

    engine = engines.REGISTRY[kind]
    # A changed move: some other legal action at that moment (or an illegal one).
    index = len(export["moves"]) // 2
    state = engine.new_game(len(export["seats"]), SEED, export["options"])
    for move in export["moves"][:index]:
        state, _ = engine.apply(state, move["seat"], move["action"])
    move = export["moves"][index]
    others = [a for a in engine.legal_actions(state, move["seat"]) if a != move["action"]]
    other = others[0] if others else "no-such-move"

    def change_move(bad):
        bad["moves"][index]["action"] = other

    tampered(change_move)
    assert "Commitment mismatch" in tampered(lambda bad: bad.update(seed=bad["seed"] + 1))
    flipped = ("0" if export["salt"][0] != "0" else "1") + export["salt"][1:]
    assert "Commitment mismatch" in tampered(lambda bad: bad.update(salt=flipped))
    assert "scores differ" in tampered(
        lambda bad: bad["scores"].__setitem__(0, bad["scores"][0] + 1)
    )
    assert "Winners differ" in tampered(
        lambda bad: bad.update(
            winners=[s for s in range(len(bad["seats"])) if s not in bad["winners"]][:1]
        )
    )
    tampered(lambda bad: bad["moves"].pop())  # a truncated log: not over, or scores differ
    tampered(lambda bad: bad.update(commitment="0" * 64))
    older = dict(export, state_version=export["state_version"] - 1)
    assert "state version" in verify(older).lines[0]  # told, still checked

    # The command line, on files: exit 0 verified, 1 tampered, 2 usage, 3 unreadable.
    good = tmp_path / "good.json"
    good.write_text(json.dumps(export))
    bad = copy.deepcopy(export)
    bad["seed"] += 1
    bad_path = tmp_path / "bad.json"
    bad_path.write_text(json.dumps(bad))
    junk = tmp_path / "junk.json"
    junk.write_text("{not json")
    assert verify_main(["verify", str(good)]) == 0
    assert verify_main(["verify", str(good), str(bad_path)]) == MISMATCH
    assert verify_main(["verify", str(junk)]) == UNREADABLE
    assert verify_main(["verify", str(tmp_path / "missing.json")]) == UNREADABLE
    assert verify_main([]) == USAGE
    assert verify_main(["--help"]) == 0 and verify_main(["-h"]) == 0


async def test_verify_command_runs_without_discord(service, tmp_path):
    game_id = await play_game(service, "ziegen", HUMANS, bots=0, rnd=random.Random(3))
    path = tmp_path / "export.json"
    path.write_text(json.dumps(await service.history.export(game_id)))
    code = (
        "import sys, runpy; sys.modules['discord'] = None; sys.modules['aiosqlite'] = None; "
        "sys.argv = ['fairplay', 'verify', sys.argv[1]]; "
        "runpy.run_module('fairplay', run_name='__main__')"
    )
    res = subprocess.run(
        [sys.executable, "-c", code, str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert res.returncode == 0, res.stdout + res.stderr
    assert "OK" in res.stdout and "final scores confirmed" in res.stdout


async def test_abandoned_games_verify_without_scores(service):
    game_id = await play_game(
        service, "henchmania", HUMANS, bots=1, rnd=random.Random(4), stop_after=5
    )
    for early in (
        service.history.export(game_id),
        service.history.move_log(game_id),
        service.history.revealed_hands(game_id),
        service.history.revealed_hands(game_id, 2),
    ):
        with pytest.raises(TableError, match="revealed when the game has ended"):
            await early
    await service.lobby.abandon(game_id, HUMANS[0][0])
    export = await service.history.export(game_id)
    assert export["status"] == "abandoned" and export["scores"] is None
    assert "abandoned" in verify(export).lines[-1]


def _secrets_of(state: dict, seed: int, salt: str) -> set[str]:
    rng = state["rng"]
    return {str(seed), f"{seed:x}", f"{seed:X}", salt, salt.upper(), str(rng), f"{rng:x}"}


@pytest.mark.parametrize("kind", sorted(engines.REGISTRY))
async def test_no_seed_material_before_the_end(service, kind):
    """Every view, board text and hand text of every seat, at every step before the end, is
    free of the seed, the salt and the RNG word; the service reveals nothing before the end."""
    engine = engines.REGISTRY[kind]
    seen = {"steps": 0}

    async def check(game):
        state = service.state(game)
        fair = await service.history.fairness(game.id)
        assert fair.seed is None and fair.salt is None
        stored_salt = (await service.store.fairness(game.id))[0]
        texts = [service.board_text(game)]
        for seat in [None, *range(len(game.seats))]:
            view = engine.view(state, seat)
            assert "rng" not in view and "seed" not in view
            texts.append(json.dumps(view))
            if seat is not None:
                texts.extend(service.seat_texts(game, seat))
                texts.extend(label for _a, label in service.choices(game, seat))
        step = await service.history.replay_step(game.id, game.move_count)
        texts += [step.board, step.move, *step.news]
        blob = "\n".join(texts)
        for secret in _secrets_of(state, game.seed, stored_salt):
            assert secret not in blob, f"seed material {secret} visible at move {game.move_count}"
        seen["steps"] += 1

    game_id = await play_game(service, kind, HUMANS, bots=1, rnd=random.Random(9), on_move=check)
    assert seen["steps"] > 3
    fair = await service.history.fairness(
        game_id
    )  # at the end, and only then, the seed is revealed
    assert fair.seed == SEED and commitment(fair.seed, fair.salt) == fair.commitment
    assert len(await service.history.move_log(game_id)) == (await service.game(game_id)).move_count


def test_engine_views_never_mention_the_rng():
    """The views modules build every view a player or spectator sees: none reads the RNG."""
    for path in sorted((ROOT / "engines").glob("*/views.py")):
        source = path.read_text()
        assert "rng" not in source and "seed" not in source, path


async def test_replay_steps_match_the_live_board(service):
    game_id = await play_game(
        service,
        "wichtel",
        [(101, "ann"), (102, "ben"), (103, "cy")],
        bots=0,
        rnd=random.Random(2),
        stop_after=12,
    )
    game = await service.game(game_id)
    step = await service.history.replay_step(game_id, 10_000)
    assert step.n == step.total == game.move_count and not step.revealed
    assert step.board == service.board_text(game)
    assert ":" not in step.move  # who moved, never what while the game runs
    first = await service.history.replay_step(game_id, -3)
    assert first.n == 0 and first.move == "" and first.news == []
    # Private news of any step stays out of a running game's replay.
    engine = engines.REGISTRY["wichtel"]
    state = engine.new_game(3, game.seed, game.options)
    moves = await service.store.moves(game_id)
    for n, move in enumerate(moves, start=1):
        state, events = engine.apply(state, move.seat, move.action)
        public = [service.fill(game, e.text) for e in events if e.audience is None]
        assert (await service.history.replay_step(game_id, n)).news == public


def test_readme_commitment_example_is_right():
    """The players' guide shows how to check a commitment by hand: its numbers must be true."""
    import re

    readme = (ROOT / "docs" / "players.md").read_text(encoding="utf-8")
    m = re.search(r"printf '%s' '(\d+):([0-9a-f]{64})' \| sha256sum\n([0-9a-f]{64})  -", readme)
    assert m, "the players' guide's sha256sum example is missing"
    assert commitment(int(m.group(1)), m.group(2)) == m.group(3)
    assert f"commitment {m.group(3)} matches" in readme


async def test_a_game_without_commitment_cannot_be_proven_fair(service):
    """A game started before commitments existed (no fairness row): history says so, and the
    verifier refuses its export instead of calling it fair."""
    game_id = await play_game(service, "ziegen", HUMANS, bots=0, rnd=random.Random(6))
    await service.store._db.execute("DELETE FROM fairness WHERE game_id = ?", (game_id,))
    assert await service.history.fairness(game_id) is None
    export = await service.history.export(game_id)
    assert export["commitment"] is None and export["salt"] is None
    with pytest.raises(VerifyError, match="no commitment"):
        verify(export)


async def test_each_game_gets_its_own_salt_drawn_once(service):
    """Salts come from ``secrets`` in the table service: two games with the same seed get
    different salts (so different commitments), and starting never redraws one."""
    first = await play_game(service, "ziegen", HUMANS, bots=0, rnd=random.Random(1), stop_after=1)
    second = await play_game(service, "ziegen", HUMANS, bots=0, rnd=random.Random(1), stop_after=1)
    a, b = await service.store.fairness(first), await service.store.fairness(second)
    assert a[0] != b[0] and a[1] != b[1]
    await service.history.commit_seed(first)  # a second call (a double start) keeps the first salt
    await service.store.add_fairness(first, "0" * 64, "1" * 64)  # so does a racing writer
    assert await service.store.fairness(first) == a
    for path in (ROOT / "engines").rglob("*.py"):
        assert "secrets" not in path.read_text(), path


async def test_verify_says_what_it_cannot_check_and_prints_nothing_raw(service, tmp_path, capsys):
    """Names, table number and times are not bound by the commitment: the report names the
    winner by seat and says the names are unchecked, so a renamed seat cannot borrow a win;
    whatever an export holds is printed escaped; nesting too deep is unreadable (3), not
    tampered; times out of order are inconsistent (1)."""
    game_id = await play_game(service, "ziegen", HUMANS, bots=0, rnd=random.Random(5))
    export = await service.history.export(game_id)
    winner = export["winners"][0]
    renamed = copy.deepcopy(export)
    loser = next(i for i in range(len(renamed["seats"])) if i not in renamed["winners"])
    renamed["seats"][winner]["name"], renamed["seats"][loser]["name"] = (
        renamed["seats"][loser]["name"],
        "mallory\x1b[2J\nOK: mallory won",
    )
    path = tmp_path / "renamed.json"
    path.write_text(json.dumps(renamed))
    assert verify_main(["verify", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"won by seat {winner + 1}" in out
    assert "not checked" in out and "named" in out
    assert "\x1b" not in out and "\nOK: mallory" not in out and "\\u001b" in out
    assert out.count("\n") == 5  # the verdict and its four lines, nothing forged

    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    assert verify_main(["verify", str(deep)]) == UNREADABLE
    nested = json.dumps(dict(export, options="DEEP")).replace('"DEEP"', "[" * 990 + "]" * 990)
    deep.write_text(nested)  # parses, but deeper than any export: refused, no traceback
    assert verify_main(["verify", str(deep)]) in (UNREADABLE, MISMATCH)

    late = copy.deepcopy(export)
    late["moves"][0]["at"], late["moves"][1]["at"] = late["moves"][1]["at"], "2000-01-01T00:00:00"
    with pytest.raises(VerifyError, match="time"):
        verify(late)
    late["moves"][1]["at"] = "2999-01-01T00:00:00+00:00"
    with pytest.raises(VerifyError, match="before"):
        verify(late)
    capsys.readouterr()
