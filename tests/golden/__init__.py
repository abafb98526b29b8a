"""Golden playthroughs: one recorded random game per title, as a readable text file.

Each file lists, move by move, who acted and what, every event with its audience (``*`` for
everyone, ``[0,2]`` for seats 0 and 2) and who must act next; then the final scores. Replaying
the recorded moves must give the same lines: a rule change, a changed sentence or a broken
refactor shows as the first line that differs. After an intended change, look at the diff and
record again:

    python -m tests.golden          # rewrite every file in tests/golden/
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from engines import REGISTRY

HERE = Path(__file__).parent

# name -> (players, seed, options): one game per title, long enough to reach its special cases;
# a game not named here plays its largest count up to 3 players, seed 2024, default options.
SETTINGS = {
    "ziegen": (3, 2024, {}),
    "wichtel": (4, 2024, {}),
    "korrigans": (3, 2024, {}),
    "henchmania": (3, 2024, {"animals": True, "alt_gloves": "all", "alt_henchmen": "all"}),
}


def settings(name: str) -> tuple[int, int, dict]:
    engine = REGISTRY[name]
    return SETTINGS.get(name, (max(engine.min_players, min(3, engine.max_players)), 2024, {}))


def games() -> list[str]:
    """Every registered game: each has its golden file."""
    return sorted(REGISTRY)


def path_of(name: str) -> Path:
    return HERE / f"{name}.txt"


def play(name: str, moves: list[tuple[int, str]] | None = None) -> list[str]:
    """The golden lines of a game: random legal moves (policy seed = game seed) or ``moves``."""
    players, seed, options = settings(name)
    engine = REGISTRY[name]
    state = engine.new_game(players, seed, options)
    rnd = random.Random(seed)
    lines = [
        f"# {engine.title}: {players} players, seed {seed}, options "
        f"{json.dumps(options, sort_keys=True)}",
        f"  to act: {engine.to_act(state)}",
    ]
    step = 0
    while not engine.is_over(state):
        if moves is None:
            seat = rnd.choice(engine.to_act(state))
            action = rnd.choice(engine.legal_actions(state, seat))
        else:
            if step >= len(moves):
                lines.append("! the recorded moves end before the game does")
                return lines
            seat, action = moves[step]
        label = engine.describe(state, seat, action)
        state, events = engine.apply(state, seat, action)
        step += 1
        lines.append(f"{step}. seat {seat}: {action} ({label})")
        for event in events:
            who = "*" if event.audience is None else json.dumps(list(event.audience))
            mark = "!" if event.highlight else " "
            for i, text in enumerate(event.text.splitlines() or [""]):
                lines.append(f"  {who}{mark if i == 0 else ' '} {text}")
        lines.append(f"  to act: {engine.to_act(state)}")
    lines.append(f"= scores {engine.scores(state)}, winners {engine.winners(state)}")
    return lines


def recorded_moves(lines: list[str]) -> list[tuple[int, str]]:
    moves = []
    for line in lines:
        head, sep, rest = line.partition(". seat ")
        if sep and head.isdigit():
            seat, _, tail = rest.partition(": ")
            moves.append((int(seat), tail.split(" ", 1)[0]))
    return moves


def main() -> None:
    for name in games():
        path_of(name).write_text("\n".join(play(name)) + "\n", encoding="utf-8")
        print(path_of(name))


if __name__ == "__main__":
    main()
