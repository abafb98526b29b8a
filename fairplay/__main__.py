"""``python -m fairplay verify <export.json> [...]``: check exported Tavern games.

Prints one verdict per file; exits 0 if every file verified, 1 if one does not check out
(tampered or inconsistent), 2 if one cannot be read or the command is wrong.
"""

from __future__ import annotations

import sys

from .verify import MISMATCH, UNREADABLE, VERIFIED, VerifyError, verify_file

USAGE = "usage: python -m fairplay verify <export.json> [more.json ...]"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args[:1] in (["-h"], ["--help"]):
        print(__doc__.strip())
        return 0
    if len(args) < 2 or args[0] != "verify":
        print(USAGE, file=sys.stderr)
        return UNREADABLE
    worst = VERIFIED
    for path in args[1:]:
        try:
            report = verify_file(path)
        except VerifyError as exc:
            label = "FAILED" if exc.code == MISMATCH else "ERROR"
            print(f"{path}: {label}: {exc}")
            worst = max(worst, exc.code)
            continue
        print(f"{path}: OK")
        for line in report.lines:
            print(f"  - {line}")
    return worst


if __name__ == "__main__":
    sys.exit(main())
