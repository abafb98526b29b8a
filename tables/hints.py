"""Hints at practice tables (issue 26): what the hard bot would do in a player's seat.

A hint is asked from the Hint button of a seat's panel (its DM panel, or "My hand") while the
seat must decide, at a practice table only (``GameRecord.practice``). It is advice, never a
move: nothing is stored, the game's version does not change, and the answer goes to the asker
alone.

It never knows more than the player: the hard bot thinks in a worker thread on ``seat_world``,
the table's position with everything the seat cannot see dealt anew by a fixed generator
(``Engine.determinize``, whose result depends only on what the seat knows), and never sees the
true state. Its generator is seeded from that world and the seat (``hint_seed``), so the same
position gives the same hint (within a process: the hard bot's budget is measured once per
process, ``bots.budget``), and two positions the seat cannot tell apart give the same hint.
The last hint of each game is kept (``HINTS_KEPT`` games), so a second click answers at once;
while a hint is being thought out, another click for the same seat is told to wait.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
from dataclasses import dataclass
from typing import Any

from bots import Weighed, policy_for
from engines import Engine, State

from .base import ANYWHERE, TableBase
from .caches import LRU
from .errors import StaleClick, TableError
from .words import m, t

HINT_LEVEL = "hard"  # the bot that gives hints
HINT_WORLD = 26  # the generator of the one world a hint is thought in (``seat_world``)
HINTS_KEPT = 1000  # games whose latest hint is kept


@dataclass(frozen=True)
class Hint:
    """A hint for one seat at one version of a game: the action and its label, and one line
    why when the search can say (both in the asker's language)."""

    game_id: int
    seat: int
    version: int
    action: str
    label: str
    why: str | None


def seat_world(engine: Engine, state: State, seat: int) -> State:
    """The position as ``seat`` knows it: what it cannot see dealt anew by a fixed generator.
    Two states the seat cannot tell apart give the same world (``Engine.determinize``)."""
    return engine.determinize(state, seat, random.Random(HINT_WORLD))


def hint_seed(engine: Engine, world: State, seat: int) -> int:
    """The seed of a hint's search: from the seat's world and the seat, never the truth."""
    dump = json.dumps(engine.dump(world), sort_keys=True, separators=(",", ":"))
    digest = hashlib.sha256(f"{seat}:{dump}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def advise(engine: Engine, state: State, seat: int, legal: list[str], seconds: float) -> Weighed:
    """The hard bot's decision for ``seat`` with its reasons (runs in a worker thread). The
    policy is given the seat's world only (``seat_world``), never ``state`` itself."""
    world = seat_world(engine, state, seat)
    policy = policy_for(engine.name, HINT_LEVEL, seconds, engine=engine)
    return policy.weigh(engine, world, seat, legal, random.Random(hint_seed(engine, world, seat)))


def why_text(weighed: Weighed, label_of, lang: str) -> str | None:
    """One line why, in ``lang``, when the search can say (``label_of``: an action's label)."""
    if weighed.options <= 1:
        return t(lang, "hint.why_only")
    if weighed.value is None or not weighed.iterations:
        return None
    score = round(100 * weighed.value)
    if weighed.runner_up is None or weighed.runner_value is None:
        return t(lang, "hint.why_alone", n=weighed.iterations, score=score)
    return t(
        lang,
        "hint.why",
        n=weighed.iterations,
        score=score,
        other=label_of(weighed.runner_up),
        other_score=round(100 * weighed.runner_value),
    )


class Hints(TableBase):
    """``service.hints``: the hard bot's advice to a player of a practice table."""

    def __init__(self, core) -> None:
        super().__init__(core)
        # game -> (version, seat, lang, Hint): the latest hint given at each game
        self._kept: LRU[int, tuple[int, int, str, Hint]] = LRU(HINTS_KEPT)
        self._thinking: set[tuple[int, int]] = set()  # (game, seat) being thought out now

    async def hint(
        self,
        game_id: int,
        user_id: int,
        token: int | None = None,
        *,
        guild_id: Any = ANYWHERE,
        lang: str = "en",
    ) -> Hint:
        """What the hard bot would do in ``user_id``'s seat now, from that seat's view only.
        ``token``: the prompt version the Hint button carries (a hint for a decision already
        made is refused as stale). Refused at a table that is not a practice table, to a
        non-player, and when the seat has nothing to decide. Changes nothing."""
        game = await self.table_at(game_id, user_id=user_id, guild_id=guild_id, latest=True)
        seat = self.seat_for(game, user_id)
        if not game.practice:
            raise TableError(m("err.hint_not_practice", kind=game.kind))
        if game.status != "running":
            raise TableError(m("err.not_started" if game.status == "lobby" else "err.over"))
        if seat not in self.to_act(game):
            raise TableError(m("err.hint_not_your_turn"))
        if token is not None and token != game.seats[seat].prompt_version:
            raise StaleClick(m("err.stale_button"))
        kept = self._kept.get(game.id)
        if kept is not None and kept[:3] == (game.version, seat, lang):
            return kept[3]
        if (game.id, seat) in self._thinking:
            raise TableError(m("err.hint_busy"))
        engine = self.engine(game.kind)
        state = self.state(game)
        legal = engine.legal_actions(state, seat)
        self._thinking.add((game.id, seat))
        try:
            weighed = await asyncio.to_thread(
                advise, engine, state, seat, legal, self.core.turns.bot_seconds
            )
        finally:
            self._thinking.discard((game.id, seat))

        def label_of(action: str) -> str:
            return self.fill(game, engine.describe(state, seat, action, lang), lang)

        hint = Hint(
            game.id,
            seat,
            game.version,
            weighed.action,
            label_of(weighed.action),
            why_text(weighed, label_of, lang),
        )
        self._kept[game.id] = (game.version, seat, lang, hint)
        return hint
