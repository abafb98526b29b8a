"""Print every benchmark figure: engines, stored moves, Discord REST calls per move, and a
tiny bot arena (``python -m bench.arena`` for the real one)."""
import sys

from . import arena, discord_bench, engines_bench, service_bench

if sys.argv[1:2] == ["arena"]:
    arena.main(sys.argv[2:])
    sys.exit(0)

print("== Engines (random legal games) ==")
print("\n".join(engines_bench.run()))
print("== Table service on a SQLite file ==")
print("\n".join(service_bench.run()))
print("== Discord REST calls per move (fake Discord, full game) ==")
print("\n".join(discord_bench.run()))
print("== Bot arena (tiny: %d games per pairing, hard thinks %g s; python -m bench arena) =="
      % (arena.QUICK["games"], arena.QUICK["seconds"]))
arena.run()
