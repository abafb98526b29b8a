"""``python -m fairplay verify <export.json> [...]``: check exported Tavern games.

Prints one verdict per file; exits 0 if every file verified, 1 if one does not check out
(tampered or inconsistent), 2 if the command is wrong, 3 if a file cannot be read or is not a
Tavern export. Everything printed from an export is escaped (no terminal control characters).
"""

from __future__ import annotations

import sys

from .verify import MISMATCH, USAGE, VERIFIED, VerifyError, shown, verify_file

HOW = "usage: python -m fairplay verify <export.json> [more.json ...]"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args[:1] in (["-h"], ["--help"]):
        print(__doc__.strip())
        return 0
    if len(args) < 2 or args[0] != "verify":
        print(HOW, file=sys.stderr)
        return USAGE
    worst = VERIFIED
    for path in args[1:]:
        try:
            report = verify_file(path)
        except VerifyError as exc:
            label = "FAILED" if exc.code == MISMATCH else "ERROR"
            print(f"{shown(path)}: {label}: {shown(exc)}")
            worst = max(worst, exc.code)  # unreadable (3) outranks tampered (1)
            continue
        print(f"{shown(path)}: OK")
        for line in report.lines:
            print(f"  - {shown(line)}")
    return worst


if __name__ == "__main__":
    sys.exit(main())
