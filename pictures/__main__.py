"""``python -m pictures <dir>``: one example PNG per game and player count, from seeded random
mid-game states (``samples.py``), so anyone can look at the pictures."""
from __future__ import annotations

import os
import sys

from engines import REGISTRY

from . import KINDS, picture
from .samples import sample_view

NAMES = ["Alice", "Bruno", "Chiara", "Dmitri", "Eszter"]


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m pictures <output directory>", file=sys.stderr)
        return 2
    out = argv[0]
    os.makedirs(out, exist_ok=True)
    for kind in KINDS:
        engine = REGISTRY[kind]
        for players in range(engine.min_players, engine.max_players + 1):
            data = picture(kind, sample_view(kind, players, seed=players), NAMES[:players])
            path = os.path.join(out, f"{kind}-{players}p.png")
            with open(path, "wb") as fh:
                fh.write(data)
            print(f"{path}  {len(data) / 1024:.1f} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
