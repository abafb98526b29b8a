"""Small state helpers shared by every rules module: drawing, discarding, the Reserve, sites,
and the hand-over to the next step (a phase module never imports another: it names the next
step in the state and the shared loop, ``engines.steps.StepEngine.advance``, runs it)."""

from __future__ import annotations

from .. import rng
from ..base import Event, clone, own, own_row
from ..words import plural
from .data import CARDS, HAND_OR_RESERVE, PERFORMANCES, RESERVE_LIMIT, SITES, SPOTS, TAVERN_TARGETED
from .words import GAME, msg


def say(events: list, key: str, highlight: bool = False, **params) -> None:
    """Public news: the message ``henchmania.<key>`` with ``params`` (see words.py)."""
    events.append(Event(msg(key, **params), highlight=highlight))


def say_n(events: list, key: str, n: int, highlight: bool = False, **params) -> None:
    """Public news counting ``n`` things: ``henchmania.<key>.one`` or ``.other``."""
    events.append(Event(plural(f"{GAME}.{key}", n, **params), highlight=highlight))


def tell(events: list, seats, key: str, **params) -> None:
    """News for ``seats`` only (a card they drew, a card taken from them)."""
    events.append(Event(msg(key, **params), tuple(seats)))


def hand_over(state: dict, key: str, **params) -> None:
    """Make the automatic step ``key`` (with ``params``) the next one; the shared loop runs it
    before anybody decides. It never outlives an ``apply``: stored states hold decisions only."""
    state["step"] = {"k": key, "s": [], **params}


def own_step(state: dict) -> dict:
    """The current step's dict, made the state's own (a deep copy put in its place) so that it
    may be changed: it is kept (``setup.LAYOUT``), shared with the state before the move."""
    step = state["step"] = clone(state["step"])
    return step


def step_seats(state: dict) -> list[int]:
    """The seats deciding in the current step (several for simultaneous answers)."""
    return list(state["step"]["s"])


# The other seats, from a seat's left on, for every player count and seat (asked very often).
_OPPONENTS = {
    n: [tuple((seat + i) % n for i in range(1, n)) for seat in range(n)] for n in range(7)
}


def opponents(state: dict, seat: int) -> tuple[int, ...]:
    return _OPPONENTS[state["n"]][seat]


# --- decks -------------------------------------------------------------------------------------
def draw(state: dict, seat: int, site: str, events: list, count: int = 1) -> int:
    """Draw ``count`` cards from a site into a hand; an empty pile reshuffles its discards."""
    got = 0
    for _ in range(count):
        if not state["deck"][site]:
            disc = state["disc"][site]
            if not disc:
                say(events, "pile_empty", site=site)
                break
            deck = own(state, "deck", site)
            deck.extend(disc)
            state["disc"][site] = []
            rng.shuffle(state, deck)
            say(events, "reshuffle", site=site)
        else:
            deck = own(state, "deck", site)
        card = deck.pop()
        own(state, "hand", seat).append(card)
        tell(events, (seat,), "you_drew", card=card)
        got += 1
    if got:
        say_n(events, "draws", got, seat=seat, site=site)
    return got


def refill(state: dict, events: list) -> None:
    """A site whose pile is empty immediately gets its discards, shuffled, as a new pile."""
    if all(state["deck"].values()):  # after every move: mostly no pile is empty
        return
    for site in SITES:
        if not state["deck"][site] and state["disc"][site]:
            deck = own(state, "deck", site)
            deck.extend(state["disc"][site])
            state["disc"][site] = []
            rng.shuffle(state, deck)
            say(events, "reshuffle", site=site)


def can_draw(state: dict, site: str) -> bool:
    return bool(state["deck"][site] or state["disc"][site])


def discard(state: dict, card: str) -> None:
    own(state, "disc", CARDS[card][1]).append(card)


def hand_remove(state: dict, seat: int, card: str) -> None:
    own(state, "hand", seat).remove(card)


def hand_backs(hand: list[str]) -> dict[str, int]:
    backs = {s: 0 for s in SITES}
    for card in hand:
        backs[CARDS[card][1]] += 1
    return backs


# --- the Reserve -------------------------------------------------------------------------------
def res_count(state: dict, seat: int, card: str) -> int:
    return state["res"][seat].count(card)


def can_receive(state: dict, seat: int, card: str) -> bool:
    """The per-card Reserve maximum allows one more ``card``."""
    return res_count(state, seat, card) < CARDS[card][4]


def res_remove(state: dict, seat: int, card: str) -> None:
    """Take one ``card`` out of a Reserve (it leaves unrotated)."""
    own(state, "res", seat).remove(card)
    if card not in state["res"][seat] and card in state["rot"][seat]:
        own_row(state, "rot", seat).remove(card)


def res_discard(state: dict, seat: int, card: str) -> None:
    res_remove(state, seat, card)
    discard(state, card)


def res_ready(state: dict, seat: int, card: str) -> bool:
    """``card`` is in the seat's Reserve and not rotated."""
    return card in state["res"][seat] and card not in state["rot"][seat]


def res_full(state: dict, seat: int) -> bool:
    return len(state["res"][seat]) >= RESERVE_LIMIT


# --- Trumps, directly or through the Old Lady --------------------------------------------------
def own_trump_ready(state: dict, seat: int, trump: str) -> bool:
    return state["trump"][seat] == trump and not state["trot"][seat]


def old_lady_trump(state: dict, seat: int, trump: str) -> bool:
    """The seat may use an opponent's ``trump`` (even rotated) by rotating its Old Lady."""
    if not res_ready(state, seat, "oldlady"):
        return False
    return any(state["trump"][o] == trump for o in opponents(state, seat))


def use_trump(state: dict, seat: int, trump: str, via_old_lady: bool) -> None:
    if via_old_lady:
        own_row(state, "rot", seat).append("oldlady")
    else:
        own(state, "trot")[seat] = True


def trump_modes(state: dict, seat: int, trump: str) -> list[str]:
    """Action suffixes for the ways a seat can use a Trump effect now: "own" and/or "ol"."""
    modes = []
    if own_trump_ready(state, seat, trump):
        modes.append("own")
    if old_lady_trump(state, seat, trump):
        modes.append("ol")
    return modes


def counters(state: dict, seat: int, card: str) -> list[str]:
    """Counter actions a targeted seat has against ``card`` (Penitent, Bravery)."""
    out = []
    if card in TAVERN_TARGETED and "penitent" in state["res"][seat]:
        out.append("counter:penitent")
    if card in HAND_OR_RESERVE:
        for mode in trump_modes(state, seat, "bravery"):
            out.append("counter:bravery" if mode == "own" else "counter:oldlady")
    return out


def apply_counter(state: dict, seat: int, action: str, card: str, events: list) -> None:
    if action == "counter:penitent":
        res_discard(state, seat, "penitent")
    elif action == "counter:bravery":
        use_trump(state, seat, "bravery", False)
    else:
        use_trump(state, seat, "bravery", True)
    say(events, "counter." + action.partition(":")[2], seat=seat, card=card)


# --- sites ------------------------------------------------------------------------------------
def is_full(state: dict, site: str) -> bool:
    return len(state["board"][site]) >= SPOTS[state["n"]]


def pawn_counts(state: dict, site: str) -> list[int]:
    counts = [0] * state["n"]
    for color in state["board"][site]:
        counts[color] += 1
    return counts


def dominant(state: dict, site: str):
    """The seat with a strict majority of pawns on a site, else None."""
    counts = pawn_counts(state, site)
    best = max(counts)
    if best == 0 or counts.count(best) > 1:
        return None
    return counts.index(best)


def tied_sites(state: dict, seat: int) -> list[str]:
    """Sites where the seat shares the largest number of pawns with another player."""
    out = []
    for site in SITES:
        counts = pawn_counts(state, site)
        best = max(counts)
        if best and counts[seat] == best and counts.count(best) > 1:
            out.append(site)
    return out


def performance_kinds(state: dict, seat: int) -> int:
    return sum(1 for p in PERFORMANCES if p in state["res"][seat])


def performance_cards(state: dict, seat: int) -> int:
    return sum(1 for c in state["res"][seat] if c in PERFORMANCES)


def add_score(state: dict, seat: int, delta: int) -> int:
    """Change a score; a score never goes below 0. Returns the change actually made."""
    old = state["score"][seat]
    own(state, "score")[seat] = max(0, old + delta)
    return state["score"][seat] - old
