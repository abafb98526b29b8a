"""Plain records read from the database."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class SeatRecord:
    seat: int
    user_id: int | None
    bot: str | None
    name: str
    resigned: bool = False
    dm_closed: bool = False
    # The game version at which this seat's current decision began: the token its buttons carry.
    prompt_version: int = -1
    # The prompt version this seat was last told about (by DM, a thread mention or a panel).
    notified_version: int = -1
    # When this seat's current decision began (migration 9; None: before it, or never).
    prompt_at: float | None = None

    @property
    def is_bot(self) -> bool:
        return self.bot is not None


@dataclass(slots=True)
class GameRecord:
    id: int
    kind: str
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    lobby_message_id: int | None
    board_message_id: int | None
    host_id: int
    options: dict[str, Any]
    seed: int
    status: str
    version: int
    move_count: int
    state: dict | None
    created_at: float
    updated_at: float
    remind_after: float
    deadline_at: float | None
    recent: list[str] = field(default_factory=list)
    seats: list[SeatRecord] = field(default_factory=list)
    # A practice table (issue 26): hints on the players' panels, not rated, in no statistics.
    practice: bool = False

    @property
    def num_players(self) -> int:
        return len(self.seats)

    def seat_of(self, user_id: int) -> int | None:
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.seat
        return None


@dataclass(slots=True, frozen=True)
class MoveRecord:
    n: int
    seat: int
    action: str
    at: float


@dataclass(slots=True, frozen=True)
class ResultRecord:
    """One seat of one finished game, as it ended."""

    game_id: int
    seat: int
    guild_id: int
    kind: str
    user_id: int | None  # None for a bot seat (also a seat a bot took over)
    bot: bool
    name: str
    score: int
    won: bool
    place: int  # 1 = won; seats with equal results share a place
    finished_at: float

    def params(self) -> tuple:
        return (
            self.game_id,
            self.seat,
            self.guild_id,
            self.kind,
            self.user_id,
            int(self.bot),
            self.name,
            self.score,
            int(self.won),
            self.place,
            self.finished_at,
        )


@dataclass(slots=True, frozen=True)
class RatingRecord:
    kind: str
    user_id: int
    mu: float
    sigma: float
    games: int


# A rating update: given the current (mu, sigma, games) of the humans of a game (absent = new
# player), the new ones.
Rater = Callable[[dict[int, tuple[float, float, int]]], dict[int, tuple[float, float, int]]]


def rated(
    rate: Rater, guild_id: int, kind: str, ratings: Iterable[RatingRecord]
) -> list[tuple[int, str, int, float, float, int]]:
    """The rating rows to upsert after a game: ``rate`` applied to the server's current
    ratings for ``kind`` (both backends write them in the results' transaction)."""
    current = {r.user_id: (r.mu, r.sigma, r.games) for r in ratings if r.kind == kind}
    return [
        (guild_id, kind, user, mu, sigma, games)
        for user, (mu, sigma, games) in sorted(rate(current).items())
    ]


# --- rows to records (the columns of sql.GAME_COLUMNS and sql.SEAT_COLUMNS, in order) ------------
def dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"))


def game_from_row(row: Sequence[Any]) -> GameRecord:
    return GameRecord(
        id=row[0],
        kind=row[1],
        guild_id=row[2],
        channel_id=row[3],
        thread_id=row[4],
        lobby_message_id=row[5],
        board_message_id=row[6],
        host_id=row[7],
        options=json.loads(row[8]),
        seed=row[9],
        status=row[10],
        version=row[11],
        move_count=row[12],
        state=json.loads(row[13]) if row[13] is not None else None,
        created_at=row[14],
        updated_at=row[15],
        remind_after=row[16],
        deadline_at=row[17],
        recent=json.loads(row[18]),
        practice=bool(row[19]),
    )


def seat_from_row(row: Sequence[Any]) -> SeatRecord:
    return SeatRecord(
        seat=row[0],
        user_id=row[1],
        bot=row[2],
        name=row[3],
        resigned=bool(row[4]),
        dm_closed=bool(row[5]),
        prompt_version=row[6],
        notified_version=row[7],
        prompt_at=row[8],
    )


def result_from_row(row: Sequence[Any]) -> ResultRecord:
    """A row of ``sql.RESULT_COLUMNS`` (bot and won are 0/1 in SQLite, booleans in PostgreSQL)."""
    return ResultRecord(
        row[0],
        row[1],
        row[2],
        row[3],
        row[4],
        bool(row[5]),
        row[6],
        row[7],
        bool(row[8]),
        row[9],
        row[10],
    )
