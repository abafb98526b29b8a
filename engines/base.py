"""The engine contract every game follows.

An engine is one object per game (see ``engines.REGISTRY``). Game state is plain JSON-able data
(dicts, lists, ints, strings, bools, None): no classes, no tuples, no sets. The seeded RNG lives
inside the state (see ``engines.rng``), so the same seed and the same actions always give the same
game. ``apply`` never mutates the state it is given; it returns a new one, which may share with
it what no move changes in place (strings, numbers; the ``Layout`` says which lists and dicts).

Every decision a player can take is a short action id (``ACTION_ID_RE``). A decision with many
parts is split into several steps, so that one step never offers more than a few dozen choices.
"""

from __future__ import annotations

import marshal
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .hidden import Sampler

State = dict[str, Any]

ACTION_ID_RE = re.compile(r"^[a-z0-9:._-]{1,64}$")


# The parts of a game besides its engine package, found by its name (``Engine.part``): the board
# picture, the bots' knowledge, the guide folder (``<name>.md``, ``<name>_cards.md`` and
# ``<lang>/`` beside them), the guide's facts and words, the slash-command cog.
PARTS = {
    "picture": "pictures.{name}",
    "bot": "bots.games.{name}",
    "guides": "guides",
    "facts": "guides.{name}",
    "cog": "cogs.{name}",
}


class GameError(ValueError):
    """Something about a game went wrong; the message is meant for a player."""


class IllegalAction(GameError):
    """The action is not legal for that seat in that state."""


class StateVersionError(GameError):
    """A stored state was written by a newer engine than this one (or no migration exists)."""


@dataclass(frozen=True, slots=True)
class Event:
    """News from one ``apply``: ``audience`` None is everyone, else a tuple of seats.

    ``message`` is a ``words.Msg`` (an id and parameters; a plain string is still accepted while
    a game moves its words out); ``text`` is its English text. ``highlight`` marks public news
    worth a message of its own (a round's scoring, a duel's result), beyond the board's short
    list of latest news.
    """

    message: Any
    audience: tuple[int, ...] | None = None
    highlight: bool = False

    def __init__(
        self, message: Any, audience: tuple[int, ...] | None = None, highlight: bool = False
    ) -> None:
        # What the generated one does, with the slots' setters looked up once (``_SET_*``):
        # every move makes a few events, so this is a hot path.
        _SET_MESSAGE(self, message)
        _SET_AUDIENCE(self, audience)
        _SET_HIGHLIGHT(self, highlight)

    @property
    def text(self) -> str:
        from .words import render

        return render(self.message)

    def visible_to(self, seat: int | None) -> bool:
        return self.audience is None or (seat is not None and seat in self.audience)


_SET_MESSAGE = Event.message.__set__  # type: ignore[attr-defined]
_SET_AUDIENCE = Event.audience.__set__  # type: ignore[attr-defined]
_SET_HIGHLIGHT = Event.highlight.__set__  # type: ignore[attr-defined]


def clone(data: Any) -> Any:
    """A deep copy of JSON-like data (dicts, lists, str, int, float, bool, None), fast."""
    return marshal.loads(marshal.dumps(data))


_ATOMS = (type(None), bool, int, float, str)
_CONTAINERS = (list, dict)


def _atoms_only(value: Any) -> bool:
    if type(value) is list:
        return all(type(x) in _ATOMS for x in value)
    if type(value) is dict:
        return all(type(x) in _ATOMS for x in value.values())
    return False


class Layout:
    """How a game's state nests, key by key, so that ``Engine.copy_state`` copies exactly the
    containers a move may change and shares everything else (strings and numbers are never
    changed in place, so a copy need not make new ones: ``clone`` does, which is most of its
    cost). A key of the state is one of:

    - ``atoms``: an int, str, bool, float or None (shared);
    - ``flat``: a list or dict of atoms, or None (one ``copy()``);
    - ``rows``: a list of flat lists or dicts, or None;
    - ``cols``: a dict of flat lists or dicts, or None;
    - ``shared``: like ``rows`` or ``cols``, but only the outer list or dict is copied: its
      rows are shared with the state before the move, so the rules never change one in place,
      they take their own copy first (``own``: ``own(st, "tokens", f).remove(kind)``) or put
      a new one in its place. For many rows of which a move changes one at most (the tokens
      on every field, the decks of every site);
    - ``deep``: anything JSON-like (``clone``d whole when it is a container);
    - ``kept``: a container the rules only ever replace whole, never change in place (the
      last move's record; or a changed copy of it, ``own(st, key)``, or of one of its rows,
      ``own_row(st, key, index)``): shared between the states before and after a move. For
      what few moves change.

    A state with a key the layout does not name is ``clone``d whole: a new key is safe before
    its layout says what it is. Whether every state of a game fits its layout (``check``) and
    whether a ``kept`` container stays unchanged are tested over random games
    (``tests/engines/contract.py``, ``tests/engines/test_layout.py``).
    """

    __slots__ = ("atoms", "flat", "rows", "shared", "cols", "deep", "kept", "known", "shallow")
    __slots__ += ("_names",)

    def __init__(
        self,
        atoms: tuple[str, ...] = (),
        flat: tuple[str, ...] = (),
        rows: tuple[str, ...] = (),
        shared: tuple[str, ...] = (),
        cols: tuple[str, ...] = (),
        deep: tuple[str, ...] = (),
        kept: tuple[str, ...] = (),
    ):
        self.atoms, self.flat, self.rows, self.shared = atoms, flat, rows, shared
        self.cols, self.deep, self.kept = cols, deep, kept
        names = atoms + flat + rows + shared + cols + deep + kept
        if len(set(names)) != len(names):
            raise ValueError("a key named twice in a state layout")
        self.known = frozenset(names)
        self._names = set(names)  # ``known``, as a set: its ``issuperset`` is the quickest check
        self.shallow = flat + shared  # the containers copied with one ``copy()``

    def copy(self, state: State) -> State:
        """A copy of ``state`` that shares with it only what no move changes in place:
        strings and numbers, the rows of ``shared`` keys and the ``kept`` containers."""
        if not self._names.issuperset(state):
            return clone(state)
        new = state.copy()
        get = state.get
        for key in self.shallow:
            value = get(key)
            if value is not None:
                new[key] = value.copy()
        for key in self.rows:
            value = get(key)
            if value is not None:
                new[key] = [row.copy() for row in value]
        for key in self.cols:
            value = get(key)
            if value is not None:
                new[key] = {k: col.copy() for k, col in value.items()}
        for key in self.deep:
            value = get(key)
            if type(value) in _CONTAINERS:
                new[key] = clone(value)
        return new

    def check(self, state: State) -> list[str]:
        """What in ``state`` does not fit this layout (nothing: [])."""
        wrong = [f"{key!r} is not in the layout" for key in state.keys() - self.known]
        for key in state.keys() & self.known:
            value = state[key]
            if key in self.atoms:
                fits = type(value) in _ATOMS
            elif key in self.flat:
                fits = value is None or _atoms_only(value)
            elif key in self.rows:
                fits = value is None or (
                    type(value) is list and all(_atoms_only(row) for row in value)
                )
            elif key in self.cols:
                fits = value is None or (
                    type(value) is dict and all(_atoms_only(col) for col in value.values())
                )
            elif key in self.shared:
                rows = value.values() if type(value) is dict else value
                fits = value is None or (
                    type(value) in _CONTAINERS and all(_atoms_only(row) for row in rows)
                )
            else:  # deep, kept: any JSON-like value
                fits = True
            if not fits:
                wrong.append(f"{key!r} does not fit the layout: {value!r}"[:200])
        return wrong


def own(state: State, key: str, index: int | str | None = None) -> Any:
    """Row ``index`` of the ``shared`` list or dict ``state[key]`` (``Layout``), or without an
    index the ``kept`` container ``state[key]`` itself, made the state's own (a copy put in its
    place) so that it may be changed: the one before may be shared with the state before the
    move."""
    if index is None:
        value = state[key] = state[key].copy()
        return value
    row = state[key][index] = state[key][index].copy()
    return row


def own_row(state: State, key: str, index: int | str) -> Any:
    """Row ``index`` of the ``kept`` list or dict of rows ``state[key]`` (``Layout``), made the
    state's own so that it may be changed: the outer container and the row are copied, since
    both may be shared with the state before the move. For rows that few moves change (each
    such move copies the outer container again; a ``shared`` key copies it on every move)."""
    rows = state[key] = state[key].copy()
    row = rows[index] = rows[index].copy()
    return row


class Engine(ABC):
    """Shared defaults. A game subclasses this and fills in the rules.

    A subclass sets ``name``, ``title``, ``min_players``, ``max_players``, ``options`` (dict of
    option name -> default) and implements every abstract method; ``_apply`` works on a private
    copy made by ``apply`` (``copy_state``) and may mutate it, except the rows of the
    ``layout``'s ``shared`` keys, which it replaces instead (``own``).
    """

    name: str = ""
    title: str = ""
    min_players: int = 2
    max_players: int = 5
    options: dict[str, Any] = {}
    # Human-readable help for each option, shown in the lobby and the guide (in English; the
    # translations are the game's catalog's ``<game>.option.<key>``: ``option_text``).
    option_help: dict[str, str] = {}
    # The allowed values of an option that takes one of a fixed list (option name -> values, in
    # the order the lobby offers them). ``check_setup`` refuses any other value; the /play
    # autocomplete and the playout tests go through them. An option not named here takes any
    # value of its default's type (a bool: on or off). Default: no option has a list.
    option_choices: dict[str, list[Any]] = {}
    # How the game's states nest (``Layout``), for a fast private copy in ``apply`` and
    # ``simulate`` (``copy_state``); None: a deep copy (``clone``) of the whole state.
    layout: Layout | None = None
    # Where this game's parts live. Each is found from ``name`` by convention (``PARTS``; the
    # checklist is ``docs/new-game.md``): nothing outside the game's own files names a game.
    # ``parts`` overrides one: a module path for a part that lives elsewhere (the tests' toy game
    # keeps its parts in ``tests/toy/``), or None for a part the game declares it does not have
    # (a board shown as text only, no bot knowledge). A part neither found nor declared absent is
    # an error at start-up (``bot.check_games``) and in the generic tests, never a silent fallback.
    parts: dict[str, str | None] = {}

    def part(self, role: str) -> str | None:
        """The module (or, for ``guides``, the folder) of one part of this game, or None when
        the game declares it has none; ``role`` is a key of ``PARTS``."""
        if role in self.parts:
            return self.parts[role]
        return PARTS[role].format(name=self.name)

    def load_part(self, role: str):
        """The module of one part (``part``), imported; None when the game declares it has
        none. A module that is not there is a LookupError naming it (never a silent
        fallback); an import error inside the module is raised as it is."""
        name = self.part(role)
        if name is None:
            return None
        try:
            return import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name is not None and name.startswith(exc.name):
                raise LookupError(
                    f"the game {self.name!r} has no {role} module {name} (docs/new-game.md): "
                    f"write one, or declare parts = {{{role!r}: None}} on its engine"
                ) from exc
            raise

    def option_text(self, key: str, lang: str | None = "en") -> str:
        """The help of option ``key`` in ``lang``: the lobby and the guide both show this one."""
        from .words import TEMPLATES, Msg, render

        if f"option.{key}" not in TEMPLATES.get(self.name, {}):  # an engine never registered
            return self.option_help[key]
        return render(Msg(f"{self.name}.option.{key}"), lang)

    # --- setup -------------------------------------------------------------------------------
    def check_setup(self, num_players: int, options: dict | None) -> dict:
        """Validate the player count and options; return the full option dict."""
        if not self.min_players <= num_players <= self.max_players:
            raise GameError(
                f"{self.title} is for {self.min_players} to {self.max_players} players, "
                f"not {num_players}."
            )
        merged = dict(self.options)
        for key, value in (options or {}).items():
            if key not in self.options:
                raise GameError(f"{self.title} has no option called {key!r}.")
            default = self.options[key]
            if isinstance(default, bool):
                if not isinstance(value, bool):
                    raise GameError(f"Option {key!r} is on or off (true/false).")
            elif type(value) is not type(default):
                raise GameError(f"Option {key!r} must be a {type(default).__name__}.")
            choices = self.option_choices.get(key)
            if choices is not None and value not in choices:
                raise GameError(f"Option {key!r} must be one of {', '.join(map(str, choices))}.")
            merged[key] = value
        return merged

    @abstractmethod
    def new_game(self, num_players: int, seed: int, options: dict | None = None) -> State: ...

    # --- turn flow ---------------------------------------------------------------------------
    @abstractmethod
    def to_act(self, state: State) -> list[int]: ...

    @abstractmethod
    def legal_actions(self, state: State, seat: int) -> list[str]:
        """The action ids ``seat`` may play now, sorted as strings (``sorted(ids)``: "c10"
        before "c2"; write numbers with a fixed width if the order matters to a reader), no
        id twice; [] for a seat that does not act. Random playouts (the golden recorder, the
        bots' easy level) pick by place in this list."""

    @abstractmethod
    def describe(self, state: State, seat: int, action: str, lang: str = "en") -> str:
        """The words of ``action`` for ``seat`` in ``state``, in ``lang``."""

    def check_action(
        self, state: State, seat: int, action: str, legal: Sequence[str] | None = None
    ) -> None:
        """Raise ``IllegalAction`` unless ``seat`` may play ``action`` in ``state``.

        ``legal``, when the caller has it, is ``legal_actions(state, seat)`` (the list the
        action was picked from, or checked against): the check is then a look-up in it instead
        of working the legal actions out again."""
        if legal is not None and action in legal:
            return
        if self.is_over(state):
            raise IllegalAction("The game is over.")
        if seat not in self.to_act(state):
            raise IllegalAction("It is not your turn to decide anything.")
        if action not in self.legal_actions(state, seat):
            raise IllegalAction(f"{action!r} is not a legal move for you right now.")

    def copy_state(self, state: State) -> State:
        """The private copy of ``state`` that ``_apply`` may change: by the game's ``layout``
        (only the containers a move may change are copied), else a deep copy."""
        layout = self.layout
        return clone(state) if layout is None else layout.copy(state)

    def apply(
        self, state: State, seat: int, action: str, legal: Sequence[str] | None = None
    ) -> tuple[State, list[Event]]:
        """Check legality, then run the move on a copy. Never mutates ``state``. ``legal``: the
        caller's ``legal_actions(state, seat)``, if it has it (``check_action``)."""
        if legal is None or action not in legal:  # ``check_action``'s quick case, without a call
            self.check_action(state, seat, action, legal)
        new = self.copy_state(state)
        events: list[Event] = []
        self._apply(new, seat, action, events)
        return new, events

    def simulate(self, state: State, seat: int, action: str) -> State:
        """``apply`` for a bot's search over its own (determinized) worlds: the state after
        ``action``, which must come from ``legal_actions(state, seat)`` (it is not checked
        again), and no events. Never mutates ``state``."""
        new = self.copy_state(state)
        self._apply(new, seat, action, [])
        return new

    # --- undo: which applied actions revealed something ------------------------------------
    def apply_marked(
        self, state: State, seat: int, action: str, legal: Sequence[str] | None = None
    ) -> tuple[State, list[Event], bool]:
        """``apply``, plus whether the action revealed anything new to anyone (see
        ``reveals``). Only an action that revealed nothing may be taken back (``engines.undo``).
        """
        new, events = self.apply(state, seat, action, legal)
        return new, events, self.reveals(state, seat, action, new, events)

    def reveals(
        self, before: State, seat: int, action: str, after: State, events: list[Event]
    ) -> bool:
        """Whether applying ``action`` (``before`` -> ``after``, with ``events``) revealed
        anything new to anyone: a card drawn, turned or played from a hand, a die rolled, a
        hidden choice made known. True (cannot be undone) unless the game says otherwise; a
        ``StepEngine`` reads its steps' ``reveals`` declarations."""
        return True

    def confirm(self, state: State, seat: int, action: str) -> Any:
        """A question (a ``words.Msg`` or a string) to ask before ``action`` is played, for a
        decision that cannot be taken back and is easy to misclick (ending a round, passing
        for the day); None when the action needs no confirmation. Default: none does."""
        return None

    @abstractmethod
    def _apply(self, state: State, seat: int, action: str, events: list[Event]) -> None: ...

    # --- views and results -------------------------------------------------------------------
    @abstractmethod
    def view(self, state: State, seat: int | None) -> dict:
        """What ``seat`` may see (None: a spectator, only the public board), JSON-able.

        Beyond the game's own keys (read only by its ``render``, picture and bot), every view
        carries these, which the platform reads (``tests/engines/contract.py``,
        ``check_view``, checks them over random games):

        - ``game``: the engine's ``name``.
        - ``seat``: the seat the view is for, None in the spectator's view (``pictures``
          draws only a view whose ``seat`` is None).
        - ``to_act``: ``to_act(state)``, the seats that must decide now.
        - ``phase``: a short name of the part of the game now (a string).
        - ``prompt``: what is being decided now, for everyone to read (a ``words.Msg``'s JSON
          form, or a string; "" or None when nothing is): the turn DM and the board summary
          show it (``tables.base.seat_texts``, ``cogs.render.board_summary_embed``).
        - ``scores``: a list with one number per seat, the points everyone can see now (the
          board summary shows them beside the names; the final scores once it is over).
        - ``last``: the last move that made public news, the same in every seat's view
          (``engines.steps.note_last``; None before the first such move):
          ``{"seat": who moved, "news": [the move's public messages, JSON form], ...}`` plus
          where it changed the board, in the game's own keys: Herr der Ziegen ``cells``
          (pasture cells) and ``goats`` (seats whose large goat moved); Korrigans
          ``korrigans`` (ids), ``fields`` (letters) and ``troll`` (bool); Henchmania ``sites``
          and ``scores`` (seats); Der Herr der Wichtel ``square`` (places) and ``totals``
          (seats). A move with no public news (a secret choice) leaves ``last`` as it was. The
          board picture marks those places (``pictures.draw``).
        """

    @abstractmethod
    def is_over(self, state: State) -> bool: ...

    @abstractmethod
    def scores(self, state: State) -> list[int]: ...

    def winners(self, state: State) -> list[int]:
        """Seats with the best score, once the game is over (override for tie-breaks)."""
        if not self.is_over(state):
            return []
        scores = self.scores(state)
        best = max(scores)
        return [seat for seat, score in enumerate(scores) if score == best]

    def result_note(self, state: State, lang: str = "en") -> str:
        """A line shown under the final scores to explain the result (a tie-break, say), with
        "{p0}".."{p4}" seat markers, in ``lang``; "" when the scores say it all."""
        return ""

    @abstractmethod
    def inventory(self, state: State) -> dict[str, int]:
        """Every physical component, counted over every zone (hand, board, box...).

        The property tests check that no move changes it: no card is created or lost.
        """

    def spelled(self, component: str) -> set[Any]:
        """How a view may write the component ``component`` (a key of ``inventory``): the undo
        check (``tests/engines/test_undo.py``) looks for these in the views, to prove that a
        step marked as revealing nothing showed nobody a new component. Default: the key, its
        name after the colon and without an ``ev_`` prefix, as strings. A game whose views
        write components as numbers or tuples (a card 17, a cell (2, 3)) returns those too."""
        return {component, component.split(":", 1)[-1], component.removeprefix("ev_")}

    # --- hidden information ------------------------------------------------------------------
    def determinize(self, state: State, seat: int, rng: Sampler) -> State:
        """A full state ``seat`` cannot tell apart from ``state``, with the hidden rest re-dealt.

        Everything ``seat`` knows stays (its own view, what it saw earlier and the public
        history as far as the state records it); everything else (other hands, face-down tokens
        and bribes, the order of draw piles, undrawn decks, other seats' secret choices, the
        state's own RNG word, i.e. future dice and shuffles) is sampled from ``rng``, a
        ``Sampler`` owned by the caller (bots side). Never mutates ``state``.

        The result depends only on what ``seat`` knows: every unknown pool is sorted into a
        canonical order before it is shuffled, so ``determinize(determinize(s, seat, r0), seat,
        r) == determinize(s, seat, r)``. It keeps ``inventory`` and ``view(_, seat)`` and
        ``view(_, None)``. A game implements it in ``engines/<game>/determinize.py``.
        """
        raise NotImplementedError(f"{self.title} cannot determinize a state.")

    # --- persistence -------------------------------------------------------------------------
    # The layout version of this engine's states. A change that alters a state's layout (or the
    # meaning of a field) bumps it and adds ``migrations[old]``: a function that takes a dump of
    # version ``old`` and returns it upgraded to ``old + 1``. Running games are stored as dumps,
    # so they load and play on after an upgrade. A dump without ``"_v"`` is version 1.
    state_version: int = 1
    migrations: dict[int, Callable[[dict], dict]] = {}

    def upgrade_action(self, action: str, from_version: int) -> str:
        """The current id of ``action``, an action id written when states were ``from_version``.

        A game's move log is stored as action ids; when a new state version also renames action
        ids, the engine overrides this so that an old log still replays (apply each logged
        action as ``upgrade_action(action, version the game started at)``). An override must
        leave current ids unchanged, so a log that mixes versions (a game that ran across an
        upgrade) upgrades move by move. Default: ids never changed.
        """
        return action

    def dump(self, state: State) -> dict:
        data = clone(state)
        data["_v"] = self.state_version
        return data

    def load(self, data: dict) -> State:
        state = clone(data)
        version = state.pop("_v", 1)
        if not isinstance(version, int) or version < 1:
            raise StateVersionError(
                f"This {self.title} game has a broken state version ({version!r})."
            )
        if version > self.state_version:
            raise StateVersionError(
                f"This {self.title} game was saved by a newer version of Tavern (state version "
                f"{version}, this one knows up to {self.state_version}): update the bot."
            )
        while version < self.state_version:
            step = self.migrations.get(version)
            if step is None:
                raise StateVersionError(f"No upgrade from {self.title} state version {version}.")
            state = step(state)
            version += 1
        return state

    # --- text for the Discord layer (pure: takes a view, returns Markdown) -------------------
    # A game whose words are translated (``engines.words``, ``locale/``) also takes ``lang``, the
    # reader's language ("de", "es-ES"...; English by default and for an unknown language), in
    # ``board_text``, ``hand_text`` and ``describe``.
    @abstractmethod
    def board_text(self, view: dict, lang: str = "en") -> str:
        """The public board (a spectator's view) as Markdown, at most 4000 characters."""
        ...

    @abstractmethod
    def hand_text(self, view: dict, lang: str = "en") -> str:
        """A seat's private part of its view as Markdown, at most 4000 characters."""
        ...
