"""Turn flow as data: every game is a table of steps and one shared loop.

A *step* is one kind of decision ("bribe", "weapon", "consent") or an automatic stage
("walk", "gather"). The state names its current step (``StepEngine.step_of``); the game's
``STEPS`` table says, for each step:

- ``actors(state)``: the seats that must decide now (several seats may decide at once);
- ``legal(state, seat)``: the sorted legal action ids of an acting seat;
- ``apply(state, seat, action, events)``: what a choice does (mutates the private copy made by
  ``Engine.apply``; it moves the state to the next step by setting what ``step_of`` reads);
- ``label(state, seat, action)``: the button text of an action, a ``Msg`` (or plain string);
- ``prompt(state, seat)``: what the seat is deciding, a ``Msg`` or None;
- ``auto(state, events)``: for an automatic step, what happens when it is reached (no actors).

``StepEngine.advance`` is the one loop: after every applied action it runs automatic steps
until somebody must decide or the game is over. A phase module defines its steps and never
imports another phase module: a step hands over by naming the next step's key in the state.

A new game copies this shape: ``data.py`` (rules as data), ``setup.py`` (``new_state``),
one module per phase with its steps, ``steps.py`` (the ``STEPS`` table), ``words.py`` (the
English catalog), ``views.py`` (what a seat may see), ``render.py`` (board and hand text from a
view), ``determinize.py`` and ``engine.py`` (the Engine subclass, mostly declarations).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .base import Engine, Event, GameError, State
from .words import Msg, render

Label = Msg | str


def _nobody(state: State) -> list[int]:
    return []


def _no_actions(state: State, seat: int) -> list[str]:
    return []


def _no_prompt(state: State, seat: int) -> Msg | None:
    return None


@dataclass(frozen=True, slots=True)
class Step:
    """One row of a game's step table (see the module docstring)."""

    actors: Callable[[State], list[int]] = _nobody
    legal: Callable[[State, int], list[str]] = _no_actions
    apply: Callable[[State, int, str, list[Event]], None] | None = None
    label: Callable[[State, int, str], Label] | None = None
    prompt: Callable[[State, int], Msg | None] = _no_prompt
    auto: Callable[[State, list[Event]], None] | None = None


# A bound on automatic steps in a row: a table whose automatic steps loop is a bug.
MAX_AUTO_STEPS = 10_000


class StepEngine(Engine):
    """An Engine whose turn flow is its ``STEPS`` table. Subclasses set ``STEPS`` and may
    override ``step_of`` (default: ``state["phase"]``; "over" or None means the game is over)."""

    STEPS: dict[str, Step] = {}

    def step_of(self, state: State) -> str | None:
        return state.get("phase")

    def _step(self, state: State) -> Step | None:
        key = self.step_of(state)
        if key is None or key == "over":
            return None
        try:
            return self.STEPS[key]
        except KeyError:
            raise GameError(f"{self.title}: unknown step {key!r}") from None

    def to_act(self, state: State) -> list[int]:
        step = self._step(state)
        return [] if step is None else list(step.actors(state))

    def legal_actions(self, state: State, seat: int) -> list[str]:
        step = self._step(state)
        if step is None or seat not in step.actors(state):
            return []
        return step.legal(state, seat)

    def _apply(self, state: State, seat: int, action: str, events: list[Event]) -> None:
        step = self._step(state)
        assert step is not None and step.apply is not None
        step.apply(state, seat, action, events)
        self.advance(state, events)

    def advance(self, state: State, events: list[Event]) -> None:
        """Run automatic steps until somebody must decide or the game is over."""
        for _ in range(MAX_AUTO_STEPS):
            step = self._step(state)
            if step is None or step.auto is None:
                return
            step.auto(state, events)
        raise GameError(f"{self.title}: automatic steps did not settle")

    def label(self, state: State, seat: int, action: str) -> Label:
        step = self._step(state)
        if step is None or step.label is None:
            return action
        return step.label(state, seat, action)

    def describe(self, state: State, seat: int, action: str) -> str:
        return render(self.label(state, seat, action))

    def prompt(self, state: State, seat: int) -> Msg | None:
        step = self._step(state)
        return None if step is None else step.prompt(state, seat)


__all__ = ["MAX_AUTO_STEPS", "Step", "StepEngine"]
