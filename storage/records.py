"""Plain records read from the database."""
from __future__ import annotations

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
