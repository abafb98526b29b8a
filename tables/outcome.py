"""What the table service tells a front end after a request: who to tell what."""

from __future__ import annotations

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

    @property
    def finished(self) -> bool:
        return self.game.status == "finished"


@dataclass(slots=True)
class Reminder:
    game: GameRecord
    seats: list[int]  # human seats that must act and are reminded
