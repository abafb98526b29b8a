"""Taking back decisions that revealed nothing, and replaying a move log that holds undos.

A move log is a list of ``(seat, action)``. Besides an engine's action ids it may hold
``(seat, UNDO)``: that seat took back the latest decision still standing in the log. An undo is
allowed only if that decision is the seat's own, nobody decided after it (or every later
decision was taken back too), and it revealed nothing to anyone (``Engine.apply_marked``: no card
drawn, turned or played from a hand, no die rolled, no hidden choice made known). A decision
that revealed something closes the door on everything before it.

``Replay`` is the one way to rebuild a state from a log with undos: the table service, the
history viewer, the notices' replay check and the fair-play verifier all use it. It keeps the
state before each decision that could still be taken back, so an undo restores that exact state
(a JSON copy: same seed + same log = same game).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .base import Engine, Event, IllegalAction, State

UNDO = "undo"  # the log entry of an undo; no game may use it as an action id
UNDO_WORDS = "Take back my last decision"  # how a move list shows an undo


@dataclass(frozen=True, slots=True)
class Undoable:
    """A decision that can still be taken back: who made it, what, and the state before it."""

    seat: int
    action: str
    before: State


class Replay:
    """A game replayed move by move: ``play`` each logged ``(seat, action)`` in order."""

    def __init__(self, engine: Engine, state: State) -> None:
        self.engine = engine
        self.state = state
        self.stack: list[Undoable] = []  # decisions that can still be taken back, latest last
        # how often each decision point was restored by an undo: id(state) -> (state, times);
        # a decide-and-undo again comes back to the very same state object (``restored``)
        self._restored: dict[int, tuple[State, int]] = {}

    def play(self, seat: int, action: str) -> list[Event]:
        """Apply one log entry (an action or an undo); return the action's events ([] for an
        undo). Raises ``IllegalAction`` for an illegal action or a refused undo."""
        if action == UNDO:
            self.undo(seat)
            return []
        new, events, revealing = self.engine.apply_marked(self.state, seat, action)
        if revealing:
            self.stack.clear()
        else:
            self.stack.append(Undoable(seat, action, self.state))
        self.state = new
        return events

    def play_all(self, moves: Iterable[tuple[int, str]]) -> State:
        for seat, action in moves:
            self.play(seat, action)
        return self.state

    def describe(self, seat: int, action: str) -> str:
        """The words of a log entry in the current state (before it is played)."""
        if action == UNDO:
            return UNDO_WORDS
        return self.engine.describe(self.state, seat, action)

    def undoable_by(self) -> int | None:
        """The seat whose latest decision may be taken back now, or None."""
        return self.stack[-1].seat if self.stack else None

    def refusal(self, seat: int) -> str | None:
        """Why ``seat`` may not undo now (a sentence for the player), or None if it may."""
        if not self.stack:
            return (
                "There is nothing you can take back: your last decision showed something "
                "new to somebody (a card, a die, a hidden choice), or the game has moved on."
            )
        if self.stack[-1].seat != seat:
            return "Someone else has decided since your last decision; it cannot be taken back."
        return None

    def undo(self, seat: int) -> Undoable:
        """Take back ``seat``'s latest decision (raises ``IllegalAction`` if not allowed)."""
        why = self.refusal(seat)
        if why is not None:
            raise IllegalAction(why)
        taken = self.stack.pop()
        self.state = taken.before
        self._restored[id(taken.before)] = (taken.before, self.restored(taken.before) + 1)
        return taken

    def restored(self, state: State) -> int:
        """How many undos so far came back to ``state`` (one of the stack's ``before``): the
        times the decision made there was taken back. A function of the log alone."""
        kept = self._restored.get(id(state))
        return kept[1] if kept is not None and kept[0] is state else 0


def replay(engine: Engine, state: State, moves: Iterable[tuple[int, str]]) -> State:
    """The state after playing ``moves`` (with undos) from ``state``."""
    return Replay(engine, state).play_all(moves)


__all__ = ["UNDO", "UNDO_WORDS", "Replay", "Undoable", "replay"]
