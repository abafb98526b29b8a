"""What happened at a table since each seat's last decision (issue 22): the public news a turn
DM sums up for its reader, in their language.

Kept in memory per process (the thread holds the whole story; after a restart a DM simply
starts a new summary). A seat's summary starts again when it decides; it keeps the newest
``KEPT`` lines, and every result (a round's or a day's scoring), however many lines came after.
"""

from __future__ import annotations

from storage import GameRecord

from .caches import LRU
from .outcome import Outcome

KEPT = 4  # news lines a summary keeps (results are always kept)
GAMES_KEPT = 10_000


class SinceLastMove:
    def __init__(self) -> None:
        # game id -> seat -> [(message, is a result)]
        self._news: LRU[int, dict[int, list[tuple[object, bool]]]] = LRU(GAMES_KEPT)

    def record(self, outcome: Outcome) -> None:
        """The public news of ``outcome`` joins every human seat's summary; its mover's starts
        again with it."""
        game = outcome.game
        seats = self._news.get(game.id)
        if seats is None:
            seats = self._news[game.id] = {}
        for record in game.seats:
            if record.is_bot:
                continue
            if record.seat == outcome.mover_seat:
                seats[record.seat] = []
            news = seats.setdefault(record.seat, [])
            news.extend(outcome.public_news)
            results = [item for item in news if item[1]]
            if len(news) > KEPT + len(results):
                others = [item for item in news if not item[1]][-KEPT:]
                news[:] = [item for item in news if item[1] or item in others]
        if game.status != "running":
            self._news.pop(game.id, None)

    def of(self, game: GameRecord, seat: int) -> list[tuple[object, bool]]:
        """The summary for ``seat``: (message, is a result), oldest first."""
        return list((self._news.get(game.id) or {}).get(seat, []))
