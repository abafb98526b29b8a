"""``python -m pictures <dir> [lang]``: one example PNG per game and player count, from seeded
random mid-game states (``samples.py``), so anyone can look at the pictures; ``lang`` ("de",
"es") draws their words in that language (default English)."""

from __future__ import annotations

import argparse
import os
import sys

from engines import REGISTRY
from engines.translations import languages

from . import kinds, picture
from .samples import sample_view

NAMES = ["Alice", "Bruno", "Chiara", "Dmitri", "Eszter"]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m pictures",
        description="One example board picture per game and player count, in a folder.",
    )
    parser.add_argument("folder", help="where the PNG files go (made if missing)")
    parser.add_argument(
        "language", nargs="?", default="en", choices=languages(), help="the pictures' words"
    )
    args = parser.parse_args(argv)  # --help exits 0; an unknown language exits 2, saying so
    out, lang = args.folder, args.language
    os.makedirs(out, exist_ok=True)
    for kind in kinds():
        engine = REGISTRY[kind]
        for players in range(engine.min_players, engine.max_players + 1):
            data = picture(kind, sample_view(kind, players, seed=players), NAMES[:players], lang)
            path = os.path.join(out, f"{kind}-{players}p.png")
            with open(path, "wb") as fh:
                fh.write(data)
            print(f"{path}  {len(data) / 1024:.1f} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
