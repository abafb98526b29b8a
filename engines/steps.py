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
- ``auto(state, events)``: for an automatic step, what happens when it is reached (no actors);
- ``reveals``: whether an action of this step (for an automatic step: an action during which
  it ran) revealed anything new to anyone, so that it cannot be undone. A bool or a function
  ``(before, seat, action, after, events) -> bool`` of the whole applied action (for an
  automatic step, seat and action are those of the decision that led to it). Default True:
  a step that says nothing is never undoable (see "Undo" below);
- ``echoes``: message ids (without the game prefix) of private events that only tell the
  deciding seat its own choice back ("you offer X"); any other event with an audience marks
  the action as revealing;
- ``confirm(state, seat, action)``: the question to ask before an action that cannot be taken
  back and is easy to misclick (a ``Msg``), or None.

Undo: ``StepEngine.apply_marked`` says whether an applied action revealed something. It did
if the decision step's ``reveals`` says so, or any automatic step that ran during it says so,
or (the generic safety net, whatever the declarations say) the RNG state changed, an event was
addressed to some seats only (other than an echo of the decider's own choice), or the game
ended. ``engines.undo`` keeps the actions that revealed nothing, so they can be taken back.

``StepEngine.advance`` is the one loop: after every applied action it runs automatic steps
until somebody must decide or the game is over. A phase module defines its steps and never
imports another phase module: a step hands over by naming the next step's key in the state.

A new game copies this shape: ``data.py`` (rules as data), ``setup.py`` (``new_state``),
one module per phase with its steps, ``steps.py`` (the ``STEPS`` table), ``words.py`` (the
English catalog), ``views.py`` (what a seat may see), ``render.py`` (board and hand text from a
view), ``determinize.py`` and ``engine.py`` (the Engine subclass, mostly declarations).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import compress, count, islice
from operator import ne

from .base import Engine, Event, GameError, State, clone
from .words import Msg, render

Label = Msg | str
# (before, seat, action, after, events) -> whether the applied action revealed anything
RevealsFn = Callable[[State, int, str, State, list[Event]], bool]


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
    reveals: bool | RevealsFn = True
    echoes: tuple[str, ...] = ()
    confirm: Callable[[State, int, str], Msg | None] | None = None


def _says(
    reveals: bool | RevealsFn,
    before: State,
    seat: int,
    action: str,
    after: State,
    events: list[Event],
) -> bool:
    if isinstance(reveals, bool):
        return reveals
    return bool(reveals(before, seat, action, after, events))


def _echo(event: Event, seat: int, echoes: tuple[str, ...]) -> bool:
    """An event that only tells the deciding seat its own choice back."""
    key = getattr(event.message, "key", None)
    return event.audience == (seat,) and key is not None and key.partition(".")[2] in echoes


LAST_KEY = "lastmove"  # the state's record of the last public move (``note_last``)
LAST_NEWS = 4  # public news lines kept with it


def note_last(state: State, seat: int, events: list[Event], at: dict | Callable[[], dict]) -> None:
    """Record the last move that made public news: who moved, the public news of that move
    (messages' JSON forms, at most ``LAST_NEWS``) and where it changed the board (``at``, from
    the game's ``last_at``; or a function that returns it, asked only when there is news). A
    move with no public news (a hidden choice) leaves the record as it was, so nothing hidden
    shows, not even that a seat chose in secret."""
    news = public_news(events)
    if not news:
        return
    if callable(at):
        at = at()
    state[LAST_KEY] = {"seat": seat, "news": news, **at}


def public_news(events: list[Event], start: int = 0) -> list:
    """The JSON forms of the first ``LAST_NEWS`` public messages of ``events[start:]`` (for
    ``note_last``); [] when there is none."""
    news = []
    for event in islice(events, start, None):
        if event.audience is None:
            m = event.message
            # ``Msg.to_json``, without the call
            news.append([m.key, dict(m.params)] if type(m) is Msg else str(m))
            if len(news) == LAST_NEWS:
                break
    return news


def changed(before: list, after: list) -> list[int]:
    """The places where two lists of the same length differ (for ``last_at``; the comparison
    runs in C, not place by place in Python)."""
    return list(compress(count(), map(ne, before, after)))


def last_move(state: State) -> dict | None:
    """The view's public ``last`` entry (the same for every seat): None before any move."""
    last = state.get(LAST_KEY)
    return None if last is None else clone(last)


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
        step = self.STEPS.get(key)  # one look-up for the common case: a known step
        if step is None and key is not None and key != "over":
            raise GameError(f"{self.title}: unknown step {key!r}")
        return step

    def to_act(self, state: State) -> list[int]:
        step = self.STEPS.get(self.step_of(state)) or self._step(state)  # ``_step``, inlined
        return [] if step is None else list(step.actors(state))

    def legal_actions(self, state: State, seat: int) -> list[str]:
        step = self.STEPS.get(self.step_of(state)) or self._step(state)  # ``_step``, inlined
        if step is None or seat not in step.actors(state):
            return []
        return step.legal(state, seat)

    def _apply(
        self,
        state: State,
        seat: int,
        action: str,
        events: list[Event],
        trail: list[Step] | None = None,
    ) -> None:
        marks = self.last_marks(state)
        start = len(events)
        self._play(state, seat, action, events, trail)
        news = public_news(events, start)
        if news:  # else the record stays as it was (``note_last``)
            state[LAST_KEY] = {"seat": seat, "news": news, **self.last_at(marks, state)}

    def _play(
        self,
        state: State,
        seat: int,
        action: str,
        events: list[Event],
        trail: list[Step] | None = None,
    ) -> None:
        """Run the step's ``apply``, then the automatic steps (``_apply`` notes the move)."""
        step = self.STEPS.get(self.step_of(state)) or self._step(state)  # ``_step``, inlined
        assert step is not None and step.apply is not None
        step.apply(state, seat, action, events)
        self.advance(state, events, trail)

    # --- the last move, for the views' public "last" entry (``note_last``) ----------------
    def last_marks(self, state: State):
        """A small snapshot of the public places a move may change (taken before it)."""
        return None

    def last_at(self, marks, state: State) -> dict:
        """Where the move changed the public board: JSON-able keys of the game's own (say
        ``{"cells": [12]}``), compared with ``last_marks`` taken before it."""
        return {}

    def advance(self, state: State, events: list[Event], trail: list[Step] | None = None) -> None:
        """Run automatic steps until somebody must decide or the game is over (appending
        each automatic step run to ``trail``, if given)."""
        steps, step_of = self.STEPS, self.step_of  # looked up once: this loop runs every move
        for _ in range(MAX_AUTO_STEPS):
            step = steps.get(step_of(state))
            if step is None:
                self._step(state)  # the game is over, or an unknown step: a GameError
                return
            auto = step.auto
            if auto is None:
                return
            if trail is not None:
                trail.append(step)
            auto(state, events)
        raise GameError(f"{self.title}: automatic steps did not settle")

    # --- undo (module docstring) -----------------------------------------------------------
    def apply_marked(
        self, state: State, seat: int, action: str, legal: Sequence[str] | None = None
    ) -> tuple[State, list[Event], bool]:
        """``apply``, plus whether the action revealed anything (module docstring, "Undo")."""
        self.check_action(state, seat, action, legal)
        step = self._step(state)
        assert step is not None
        new = self.copy_state(state)
        events: list[Event] = []
        trail: list[Step] = []
        self._apply(new, seat, action, events, trail)
        return new, events, self._revealed(state, seat, action, new, events, step, trail)

    def reveals(
        self, before: State, seat: int, action: str, after: State, events: list[Event]
    ) -> bool:
        return self.apply_marked(before, seat, action)[2]

    def _revealed(
        self,
        before: State,
        seat: int,
        action: str,
        after: State,
        events: list[Event],
        step: Step,
        trail: list[Step],
    ) -> bool:
        if before.get("rng") != after.get("rng") or self.is_over(after):
            return True
        if any(e.audience is not None and not _echo(e, seat, step.echoes) for e in events):
            return True
        return any(_says(s.reveals, before, seat, action, after, events) for s in (step, *trail))

    def confirm(self, state: State, seat: int, action: str) -> Msg | None:
        step = self._step(state)
        if step is None or step.confirm is None:
            return None
        return step.confirm(state, seat, action)

    def label(self, state: State, seat: int, action: str) -> Label:
        step = self._step(state)
        if step is None or step.label is None:
            return action
        return step.label(state, seat, action)

    def describe(self, state: State, seat: int, action: str, lang: str = "en") -> str:
        """The action's label as text in ``lang`` (English by default)."""
        return render(self.label(state, seat, action), lang)

    def prompt(self, state: State, seat: int) -> Msg | None:
        step = self._step(state)
        return None if step is None else step.prompt(state, seat)


__all__ = ["MAX_AUTO_STEPS", "RevealsFn", "Step", "StepEngine", "changed"]
