"""What the table service tells a front end after a request: who to tell what."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field

from storage import GameRecord


@dataclass(slots=True)
class Notice:
    """A private message for one human seat: news only they may see, and/or "your turn"."""

    seat: int
    user_id: int
    your_turn: bool
    private: list[str] = field(default_factory=list)
    dm_closed: bool = False
    reminder: bool = False  # a turn notice that is also the overdue reminder (start-up catch-up)
    news: list = field(default_factory=list)  # ``private`` as messages, for the reader's language


@dataclass(slots=True)
class Outcome:
    """The result of a move (or of starting a game): the game as stored, and what to send."""

    game: GameRecord
    public: list[str] = field(default_factory=list)  # public news, names filled in
    highlights: list[str] = field(default_factory=list)  # public news worth its own message
    notices: list[Notice] = field(default_factory=list)  # DMs for other humans
    mover_private: list[str] = field(default_factory=list)  # private news for the requester
    mover_seat: int | None = None
    mover_news: list = field(default_factory=list)  # ``mover_private`` as messages
    # ``public`` as (message, is a result) pairs, to show in each reader's language
    public_news: list = field(default_factory=list)

    @property
    def finished(self) -> bool:
        return self.game.status == "finished"


@dataclass(slots=True)
class Reminder:
    game: GameRecord
    seats: list[int]  # human seats that must act and are reminded


def merge(outcomes: Sequence[Outcome]) -> Outcome:
    """Consecutive outcomes (a chain of bot moves) as one, to publish them together.

    The game is the last one stored; public news and highlights are joined in order (public
    only: nothing private goes into them). Notices are joined per seat (and player), so that
    each human gets ONE message: their private news in order, "your turn" if any of them said
    so (the message shows the controls of the last game). A notice only ever joins notices of
    its own seat. The mover's private news is kept only for the last outcome's mover (joined
    from the outcomes that seat moved in); bot moves have no mover."""
    if not outcomes:
        raise ValueError("nothing to merge")
    if len(outcomes) == 1:
        return outcomes[0]
    last = outcomes[-1]
    joined: dict[tuple[int, int], Notice] = {}
    for outcome in outcomes:
        for notice in outcome.notices:
            key = (notice.seat, notice.user_id)
            seen = joined.get(key)
            if seen is None:
                joined[key] = dataclasses.replace(
                    notice, private=list(notice.private), news=list(notice.news)
                )
                continue
            seen.your_turn = seen.your_turn or notice.your_turn
            seen.private.extend(notice.private)
            seen.news.extend(notice.news)
            seen.dm_closed = notice.dm_closed  # the latest word on their DMs
            seen.reminder = seen.reminder or notice.reminder
    mover = last.mover_seat
    by_mover = [o for o in outcomes if mover is not None and o.mover_seat == mover]
    return Outcome(
        game=last.game,
        public=[line for o in outcomes for line in o.public],
        highlights=[line for o in outcomes for line in o.highlights],
        notices=list(joined.values()),
        mover_private=[line for o in by_mover for line in o.mover_private],
        mover_seat=mover,
        mover_news=[line for o in by_mover for line in o.mover_news],
        public_news=[item for o in outcomes for item in o.public_news],
    )
