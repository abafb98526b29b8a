"""Player ratings per server and game: OpenSkill's Plackett-Luce model (``openskill``, MIT).

Plackett-Luce is a multiplayer (Weng-Lin / TrueSkill-like) model: each player has a skill
estimate ``mu`` and an uncertainty ``sigma`` (new players: 25 and 25/3). After a game, every human
seat is ranked by its place (1 = won; equal places are ties) and all of them are updated at once.
The leaderboard orders by the conservative estimate ``mu - 3 * sigma`` ("rating"), so a few lucky
games do not put a newcomer on top.

Bots are kept out: only human seats are rated, against each other, and a game with fewer than two
humans changes no rating. A seat that a bot took over (resigned or replaced) counts as a bot.
"""

from __future__ import annotations

from openskill.models import PlackettLuce

MODEL = PlackettLuce()


def display(mu: float, sigma: float) -> float:
    """The rating shown on the leaderboard: the conservative estimate."""
    return mu - 3 * sigma


def rate(
    current: dict[int, tuple[float, float, int]], places: list[tuple[int, int]]
) -> dict[int, tuple[float, float, int]]:
    """New (mu, sigma, games) for the humans of one game, from their (user id, place).

    ``current`` holds the players' ratings before the game (a player missing from it is new).
    Returns {} when fewer than two humans played.
    """
    if len(places) < 2:
        return {}
    teams = []
    for user, _place in places:
        mu, sigma, _games = current.get(user, (MODEL.mu, MODEL.sigma, 0))
        teams.append([MODEL.rating(mu=mu, sigma=sigma)])
    rated = MODEL.rate(teams, ranks=[float(place) for _user, place in places])
    return {
        user: (team[0].mu, team[0].sigma, current.get(user, (0, 0, 0))[2] + 1)
        for (user, _place), team in zip(places, rated)
    }
