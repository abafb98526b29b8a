"""``python -m i18n extract | update | init <lang> | check | move <from domain> <context prefix>
<to domain> <new context prefix>`` (see the package docstring)."""

from __future__ import annotations

import sys
from pathlib import Path

from engines import translations
from engines.translations import languages, po_path

from . import catalogs


def _shown(path: Path) -> str:
    return str(path.relative_to(translations.LOCALE_DIR.parent))


def extract() -> None:
    translations.LOCALE_DIR.mkdir(exist_ok=True)
    for game in catalogs.games():
        path = catalogs.pot_path(game)
        path.write_bytes(catalogs.dump(catalogs.template(game)))
        print(f"{_shown(path)}: {len(catalogs.template(game))} entries")


def update(langs: list[str]) -> None:
    for lang in langs:
        for game in catalogs.games():
            path = po_path(lang, game)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(catalogs.dump(catalogs.merged(lang, game)))
            todo = len(catalogs.problems(lang, game))
            print(f"{_shown(path)}: {todo} to translate or check")


def check() -> int:
    found = [
        p
        for lang in languages()[1:]
        for game in catalogs.games()
        for p in catalogs.problems(lang, game)
    ]
    print("\n".join(found) or "every catalog is complete")
    return 1 if found else 0


def main(argv: list[str]) -> int:
    command, *rest = argv or ["help"]
    if command in ("-h", "--help", "help"):
        print(__doc__.strip())
        return 0
    if command == "extract":
        extract()
    elif command == "update":
        update(rest or list(languages()[1:]))
    elif command == "init" and len(rest) == 1:
        update(rest)
    elif command == "check":
        return check()
    elif command == "move" and len(rest) == 4:
        for lang in languages()[1:]:
            print(f"{lang}: {catalogs.move(lang, *rest)} entries moved")
    else:
        print(__doc__.strip())
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
