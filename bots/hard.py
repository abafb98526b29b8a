"""``hard``: Information Set Monte Carlo Tree Search (single observer) over determinized worlds.

Each iteration draws a world with ``engine.determinize`` (the only look at hidden things),
walks the shared tree choosing among the actions legal in that world by UCB with availability
counts (so an action seen in few worlds is not over-rated), adds one node, plays on with a
light rollout policy for at most ``rollout`` steps and scores the cut-off position with the
game's value (``common.rewards``: 1 shared by the winners at the end, else a smooth function
of how much each seat's lead grew since the start of the walk). Every node keeps the reward of
the seat that moved into it.

Before the first iteration, each root action may get a few virtual visits worth its value
``prior_depth`` own steps ahead (``seed_root``). ``by_players`` changes settings at one player
count (a game's ``HARD`` says which).

``weigh`` is ``choose`` with the search's reasons (``Weighed``: the share of the search the
chosen action drew and its mean reward, beside the runner-up's): the hints of a practice table.

Budget: ``iterations`` (a number, never a clock; from ``seconds`` it is measured once per game,
player count and process, see ``budget``), so the same position and ``rnd`` give the same
choice. Each iteration takes at most ``max_steps`` steps, tree and rollout together, and undo
steps are pruned (``common.pruned``), so no walk can cycle through steps that undo each other.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from engines import Engine, State

from .common import actor, best_after, child_rng, margins, pruned, rewards, world
from .games import knowledge


class Node:
    __slots__ = ("mover", "visits", "avail", "total", "children")

    def __init__(self, mover: int):
        self.mover = mover  # the seat whose action led here
        self.visits = 0
        self.avail = 1
        self.total = 0.0
        self.children: dict[tuple[int, str], Node] = {}


def rollout_action(
    engine: Engine, state: State, seat: int, legal: list[str], rnd: random.Random
) -> str:
    """A light rollout step: the game's ``rollout_action`` if it has one, else random among
    the pruned actions, as the game's ``rollout_options`` narrows them (``bots.games``)."""
    options = pruned(legal)
    game = knowledge(engine.name)
    own = getattr(game, "rollout_action", None)
    if own:
        return own(engine, state, seat, options, rnd)
    narrow = getattr(game, "rollout_options", None)
    return rnd.choice(narrow(options, rnd) if narrow else options)


@dataclass(frozen=True)
class Weighed:
    """One decision as the search weighed it: the action chosen and, when there was a search,
    why. ``share`` is the part of the root's visits (search iterations, plus the prior's) the
    action drew, ``value`` its mean reward in [0, 1] for the deciding seat (``common.rewards``:
    0.5 keeps the seat's lead as it is, more gains on the others or wins); ``runner_up`` and
    its ``runner_value``: the action with the next most visits. ``options``: the sensible
    actions weighed (1: nothing to weigh, no search); ``iterations``: the imagined playouts."""

    action: str
    options: int
    iterations: int = 0
    share: float | None = None
    value: float | None = None
    runner_up: str | None = None
    runner_value: float | None = None


class HardPolicy:
    level = "hard"

    def __init__(
        self,
        iterations: int | None = 200,
        rollout: int = 12,
        max_steps: int = 60,
        explore: float = 0.7,
        prior_worlds: int = 0,
        prior_weight: int = 3,
        top: int = 0,
        prior_depth: int = 1,
        seconds: float = 1.0,
        by_players: dict[int, dict] | None = None,
    ):
        # ``iterations`` None: as many as fit in ``seconds`` (``budget``, measured once).
        self.iterations, self.rollout, self.seconds = iterations, rollout, seconds
        self.top = top
        self.max_steps, self.explore = max_steps, explore
        self.prior_worlds, self.prior_weight = prior_worlds, prior_weight
        self.prior_depth = prior_depth
        # Settings that differ at a player count: {players: {setting: value}}.
        self.by_players = by_players or {}
        self._variants: dict[int, HardPolicy] = {}

    def budget(self, engine: Engine, players: int) -> int:
        """The iterations of one decision: fixed, or calibrated for the game and count."""
        if players in self.by_players:
            return self.for_players(players).budget(engine, players)
        if self.iterations is not None:
            return self.iterations
        from .budget import iterations_for

        probe = HardPolicy(**{**self.settings(), "iterations": 1})
        return iterations_for(engine.name, self.seconds, players, engine, probe)

    def settings(self) -> dict:
        return {
            "iterations": self.iterations,
            "rollout": self.rollout,
            "max_steps": self.max_steps,
            "explore": self.explore,
            "prior_worlds": self.prior_worlds,
            "prior_weight": self.prior_weight,
            "top": self.top,
            "prior_depth": self.prior_depth,
            "seconds": self.seconds,
        }

    def for_players(self, players: int) -> HardPolicy:
        """This policy with the settings of ``by_players`` for that count, if any."""
        if players not in self.by_players:
            return self
        if players not in self._variants:
            self._variants[players] = HardPolicy(**{**self.settings(), **self.by_players[players]})
        return self._variants[players]

    def choose(
        self, engine: Engine, state: State, seat: int, legal: list[str], rnd: random.Random
    ) -> str:
        return self.weigh(engine, state, seat, legal, rnd).action

    def weigh(
        self, engine: Engine, state: State, seat: int, legal: list[str], rnd: random.Random
    ) -> Weighed:
        """``choose``, with what the search made of the decision (``Weighed``)."""
        players = len(engine.scores(state))
        policy = self.for_players(players)
        return policy.weighed(engine, state, seat, legal, rnd, policy.budget(engine, players))

    def search(
        self,
        engine: Engine,
        state: State,
        seat: int,
        legal: list[str],
        rnd: random.Random,
        iterations: int,
    ) -> str:
        return self.weighed(engine, state, seat, legal, rnd, iterations).action

    def weighed(
        self,
        engine: Engine,
        state: State,
        seat: int,
        legal: list[str],
        rnd: random.Random,
        iterations: int,
    ) -> Weighed:
        options = pruned(legal)
        if len(options) == 1:
            return Weighed(options[0], 1)
        if self.top and len(options) > self.top:
            options = self.candidates(engine, state, seat, options, rnd)
        root = Node(-1)
        self.seed_root(engine, state, seat, options, root, rnd)
        for _ in range(iterations):
            self.iterate(engine, state, seat, options, root, child_rng(rnd))
        ranked = sorted(
            (
                (child.visits, child.total, action)
                for (who, action), child in root.children.items()
                if who == seat and action in options
            ),
            reverse=True,
        )
        if not ranked:
            return Weighed(rnd.choice(options), len(options), iterations)
        visits, total, action = ranked[0]
        runner = ranked[1] if len(ranked) > 1 else None
        return Weighed(
            action,
            len(options),
            iterations,
            share=visits / sum(r[0] for r in ranked),
            value=total / visits if visits else None,
            runner_up=runner[2] if runner else None,
            runner_value=runner[1] / runner[0] if runner and runner[0] else None,
        )

    def candidates(
        self, engine: Engine, state: State, seat: int, options: list[str], rnd: random.Random
    ) -> list[str]:
        """With many choices, the search looks only at the ``top`` best by the one-step
        look-ahead of ``normal`` (so a short search spreads over fewer actions)."""
        from .normal import NormalPolicy

        scores = NormalPolicy(worlds=2).scores(engine, state, seat, options, rnd)
        ranked = sorted(options, key=lambda a: -scores[a])
        return sorted(ranked[: self.top])

    def seed_root(
        self,
        engine: Engine,
        state: State,
        seat: int,
        options: list[str],
        root: Node,
        rnd: random.Random,
    ) -> None:
        """Progressive bias: each root action starts with ``prior_weight`` virtual visits
        worth its one-step value (the ``normal`` look-ahead) in a few worlds, so a short search
        never does worse than that look-ahead and a long one soon outweighs it."""
        if not self.prior_worlds or not self.prior_weight:
            return
        totals = {a: 0.0 for a in options}
        for _ in range(self.prior_worlds):
            w = world(engine, state, seat, rnd)
            base = margins(engine, w)
            for a in options:
                after = engine.simulate(w, seat, a)
                totals[a] += best_after(
                    engine,
                    after,
                    seat,
                    self.prior_depth - 1,
                    lambda position, base=base: rewards(engine, position, base)[seat],
                )
        for a in options:
            child = root.children[(seat, a)] = Node(seat)
            child.visits = self.prior_weight
            child.total = self.prior_weight * totals[a] / self.prior_worlds

    def iterate(
        self,
        engine: Engine,
        state: State,
        seat: int,
        options: list[str],
        root: Node,
        rnd: random.Random,
    ) -> None:
        w = world(engine, state, seat, rnd)
        base = margins(engine, w)
        node, path, steps = root, [root], 0
        while not engine.is_over(w) and steps < self.max_steps:
            who = actor(engine, w, seat if node is root else None)
            legal = options if node is root else pruned(engine.legal_actions(w, who))
            untried = [a for a in legal if (who, a) not in node.children]
            if untried:
                action = rnd.choice(untried)
                child = node.children[(who, action)] = Node(who)
                for a in legal:
                    if (who, a) in node.children and a != action:
                        node.children[(who, a)].avail += 1
                w = engine.simulate(w, who, action)
                path.append(child)
                steps += 1
                break
            log_n, best, best_score = None, None, -1.0
            for a in legal:
                child = node.children[(who, a)]
                child.avail += 1
                log_n = math.log(child.avail)
                score = child.total / child.visits + self.explore * math.sqrt(log_n / child.visits)
                if score > best_score:
                    best, best_score = a, score
            node = node.children[(who, best)]
            w = engine.simulate(w, who, best)
            path.append(node)
            steps += 1
        depth = 0
        while not engine.is_over(w) and depth < self.rollout and steps < self.max_steps:
            who = actor(engine, w)
            w = engine.simulate(
                w, who, rollout_action(engine, w, who, engine.legal_actions(w, who), rnd)
            )
            depth += 1
            steps += 1
        result = rewards(engine, w, base)
        for n in path:
            n.visits += 1
            if n.mover >= 0:
                n.total += result[n.mover]
