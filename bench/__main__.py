"""Print every benchmark figure: engines, stored moves, a click late in a long game,
concurrent games on SQLite and PostgreSQL (TAVERN_BENCH_PG), memory, board pictures, Discord
REST calls per move (and three processes under Discord's global rate limit), and a tiny bot
arena (``python -m bench arena`` for the real one; ``python -m bench engines [--against <rev>]``
for the engines alone, or against another git revision; ``python -m bench pictures [--against
<rev>]`` for the board pictures, before and after)."""

import sys

from . import (
    arena,
    click_bench,
    concurrency_bench,
    discord_bench,
    engines_bench,
    memory_bench,
    pictures_bench,
    service_bench,
    story_bench,
)

if sys.argv[1:2] in (["-h"], ["--help"]):
    print(__doc__.strip())
    sys.exit(0)
if sys.argv[1:2] == ["arena"]:
    arena.main(sys.argv[2:])
    sys.exit(0)
if sys.argv[1:2] == ["engines"]:
    engines_bench.main(sys.argv[2:])
    sys.exit(0)
if sys.argv[1:2] == ["pictures"]:
    pictures_bench.main(sys.argv[2:])
    sys.exit(0)

print("== Engines (random legal games) ==")
print("\n".join(engines_bench.run()))
print("== Table service on a SQLite file ==")
print("\n".join(service_bench.run()))
print("== A click at move 10, 100 and 1,000 of one long game (CPU) ==")
print("\n".join(click_bench.run()))
print("== Stored moves/s with 1, 10 and 100 games at once: SQLite and PostgreSQL ==")
print("\n".join(concurrency_bench.run()))
print("== Memory: RSS after touching 10,000 running games (fresh process) ==")
print("\n".join(memory_bench.run()))
print("== Board pictures: CPU ms per board and PNG size, before and after (one round) ==")
print("\n".join(pictures_bench.run()))
print("== Discord REST calls per move, and three processes under the global rate limit ==")
print("\n".join(discord_bench.run()))
print("== Following a game: pings, thread messages and calls per move (3 humans, fake Discord) ==")
print("\n".join(story_bench.run()))
print(
    "== Bot arena (tiny: %d games per pairing, hard thinks %g s; python -m bench arena) =="
    % (arena.QUICK["games"], arena.QUICK["seconds"])
)
arena.run()
