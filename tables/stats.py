"""Results and statistics, computed from plain records (no storage, no discord).

The same functions serve the stored numbers (written when a game ends) and the check that
recomputes them from the move logs, so both must agree.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from engines import Engine, State
from storage import GameRecord, RatingRecord, ResultRecord

from .ratings import display, rate


def results_of(
    game: GameRecord, engine: Engine, state: State, finished_at: float
) -> list[ResultRecord]:
    """One row per seat of a finished game. Place 1 is a winner; the others are placed by score
    (seats with equal scores share a place, like 1, 2, 2, 4)."""
    scores = engine.scores(state)
    winners = set(engine.winners(state))
    key = [(seat in winners, scores[seat]) for seat in range(len(scores))]
    rows = []
    for seat, record in enumerate(game.seats):
        place = 1 + sum(1 for other in key if other > key[seat])
        rows.append(
            ResultRecord(
                game_id=game.id,
                seat=seat,
                guild_id=game.guild_id or 0,
                kind=game.kind,
                user_id=None if record.is_bot else record.user_id,
                bot=record.is_bot,
                name=record.name,
                score=scores[seat],
                won=seat in winners,
                place=place,
                finished_at=finished_at,
            )
        )
    return rows


def human_places(rows: list[ResultRecord]) -> list[tuple[int, int]]:
    """(user id, place) of the human seats of one game, in seat order."""
    return [(r.user_id, r.place) for r in rows if not r.bot and r.user_id is not None]


def ratings_from(results: list[ResultRecord]) -> dict[tuple[str, int], tuple[float, float, int]]:
    """Every rating of a server, replayed game by game in the order the games ended."""
    by_game: dict[int, list[ResultRecord]] = defaultdict(list)
    for row in results:
        by_game[row.game_id].append(row)
    order = sorted(by_game, key=lambda g: (by_game[g][0].finished_at, g))
    ratings: dict[tuple[str, int], tuple[float, float, int]] = {}
    for game_id in order:
        rows = by_game[game_id]
        kind = rows[0].kind
        current = {user: value for (k, user), value in ratings.items() if k == kind}
        for user, value in rate(current, human_places(rows)).items():
            ratings[(kind, user)] = value
    return ratings


@dataclass
class TitleStats:
    played: int = 0
    won: int = 0
    with_bots: int = 0  # games that had a bot seat
    total_score: int = 0

    @property
    def average(self) -> float:
        return self.total_score / self.played if self.played else 0.0


@dataclass
class PlayerStats:
    user_id: int
    titles: dict[str, TitleStats] = field(default_factory=dict)
    longest_streak: int = 0  # most games won in a row (any title), in this server
    favourite: str | None = None  # the title played most (ties: the latest played)

    @property
    def played(self) -> int:
        return sum(t.played for t in self.titles.values())


def player_stats(results: list[ResultRecord], user_id: int) -> PlayerStats:
    """One human's numbers from a server's results (ordered oldest first)."""
    bots_in = {r.game_id for r in results if r.bot}
    stats = PlayerStats(user_id)
    streak = 0
    last_played: dict[str, tuple[float, int]] = {}
    for row in sorted(results, key=lambda r: (r.finished_at, r.game_id, r.seat)):
        if row.bot or row.user_id != user_id:
            continue
        title = stats.titles.setdefault(row.kind, TitleStats())
        title.played += 1
        title.won += row.won
        title.with_bots += row.game_id in bots_in
        title.total_score += row.score
        streak = streak + 1 if row.won else 0
        stats.longest_streak = max(stats.longest_streak, streak)
        last_played[row.kind] = (row.finished_at, row.game_id)
    if stats.titles:
        stats.favourite = max(stats.titles, key=lambda k: (stats.titles[k].played, last_played[k]))
    return stats


@dataclass
class Standing:
    user_id: int
    rating: float
    mu: float
    sigma: float
    games: int
    won: int


@dataclass
class ServerStats:
    games: dict[str, int] = field(default_factory=dict)  # finished games per title
    with_bots: dict[str, int] = field(default_factory=dict)  # of which had a bot seat
    leaderboards: dict[str, list[Standing]] = field(default_factory=dict)  # humans only


def server_stats(results: list[ResultRecord], ratings: list[RatingRecord]) -> ServerStats:
    out = ServerStats()
    games: dict[str, set[int]] = defaultdict(set)
    bot_games: dict[str, set[int]] = defaultdict(set)
    wins: dict[tuple[str, int], int] = defaultdict(int)
    for row in results:
        games[row.kind].add(row.game_id)
        if row.bot:
            bot_games[row.kind].add(row.game_id)
        elif row.won:
            wins[(row.kind, row.user_id)] += 1
    out.games = {k: len(v) for k, v in sorted(games.items())}
    out.with_bots = {k: len(bot_games.get(k, ())) for k in out.games}
    boards: dict[str, list[Standing]] = defaultdict(list)
    for r in ratings:
        boards[r.kind].append(
            Standing(
                r.user_id, display(r.mu, r.sigma), r.mu, r.sigma, r.games, wins[(r.kind, r.user_id)]
            )
        )
    out.leaderboards = {
        k: sorted(v, key=lambda s: (-s.rating, -s.games, s.user_id))
        for k, v in sorted(boards.items())
    }
    return out
