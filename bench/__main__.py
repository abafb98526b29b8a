"""Print every benchmark figure: engines, stored moves, a click late in a long game,
concurrent games on SQLite and PostgreSQL (TAVERN_BENCH_PG), memory, board pictures, Discord
REST calls per move (and three processes under Discord's global rate limit), and a tiny bot
arena (``python -m bench arena`` for the real one; ``python -m bench engines [--against <rev>]``
for the engines alone, or against another git revision; ``python -m bench durable`` for group
commit alone, ``python -m bench scale`` for the scale on paper, docs/scaling.md; ``python -m
bench pictures [--against <rev>]`` for the board pictures, before and after)."""

import sys

from . import (
    arena,
    click_bench,
    concurrency_bench,
    discord_bench,
    engines_bench,
    memory_bench,
    pictures_bench,
    scale_bench,
    service_bench,
    story_bench,
)


def lines(run):
    """A section's figures: ``run()`` returns its lines."""
    return lambda: print("\n".join(run()))


# python -m bench <command> [arguments]: one figure alone
COMMANDS = {
    "arena": arena.main,
    "engines": engines_bench.main,
    "pictures": pictures_bench.main,
    "scale": lambda _: print("\n".join(scale_bench.run())),
    "durable": lambda _: print("\n".join(concurrency_bench.group_commit())),
}

# python -m bench: every section, in this order
SECTIONS = [
    ("Engines (random legal games)", lines(engines_bench.run)),
    ("Table service on a SQLite file", lines(service_bench.run)),
    ("A click at move 10, 100 and 1,000 of one long game (CPU)", lines(click_bench.run)),
    (
        "Stored moves/s with 1, 10 and 100 games at once: SQLite and PostgreSQL",
        lines(concurrency_bench.run),
    ),
    ("Memory: RSS after touching 10,000 running games (fresh process)", lines(memory_bench.run)),
    (
        "Board pictures: CPU ms per board and PNG size, before and after (one round)",
        lines(pictures_bench.run),
    ),
    ("Scale on paper: 1M running games, 100k servers (docs/scaling.md)", lines(scale_bench.run)),
    (
        "Discord REST calls per move, and three processes under the global rate limit",
        lines(discord_bench.run),
    ),
    (
        "Following a game: pings, thread messages and calls per move (3 humans, fake Discord)",
        lines(story_bench.run),
    ),
    (
        "Bot arena (tiny: %d games per pairing, hard thinks %g s; python -m bench arena)"
        % (arena.QUICK["games"], arena.QUICK["seconds"]),
        arena.run,
    ),
]

if sys.argv[1:2] in (["-h"], ["--help"]):
    print(__doc__.strip())
elif sys.argv[1:2] and sys.argv[1] in COMMANDS:
    COMMANDS[sys.argv[1]](sys.argv[2:])
elif sys.argv[1:]:
    sys.exit(f"python -m bench: no command {sys.argv[1]!r}; try one of {', '.join(COMMANDS)}")
else:
    for title, show in SECTIONS:
        print(f"== {title} ==")
        show()
