"""Check an exported game without Discord: ``python -m fairplay verify <export.json>``.

1. The commitment: SHA-256 of "<seed>:<salt>" must equal the commitment posted at the start.
2. The replay: a new game from the seed and options, then every move of the log, in order,
   through the engine; each must be legal for its seat at that moment. An "undo" entry takes
   back that seat's latest decision, which must have revealed nothing (``engines.undo``).
3. The result: a finished game must be over after the last move, with the exported final scores
   and winners; an abandoned one must not be over.
4. The move times must be times (ISO 8601) in order.

Not checked, because nothing in the game binds them: the seats' names, the table number and
when each move was made. The report says so and names scores and winners by seat number, the
names only as the export gives them: compare them with the table's thread, where the
commitment was posted when the game began.

Exit codes: 0 verified, 1 the export does not check out (tampered or inconsistent), 2 the
command is wrong, 3 the file cannot be read or is not a Tavern export.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime

from .commitment import COMMITMENT_RE, SALT_RE, commitment
from .export import EXPORT_FORMAT

VERIFIED, MISMATCH, USAGE, UNREADABLE = 0, 1, 2, 3
MAX_SEATS = 5  # no game has more; a longer list is not printed in full


class VerifyError(Exception):
    """The export failed a check (``code`` MISMATCH) or cannot be read (UNREADABLE)."""

    def __init__(self, message: str, code: int = MISMATCH) -> None:
        super().__init__(message)
        self.code = code


@dataclass
class Report:
    lines: list[str] = field(default_factory=list)


def shown(text: object) -> str:
    """``text`` safe for a terminal: every character that is not printable (a newline, an
    escape sequence, a right-to-left override) written as its escape, so an export cannot
    forge lines or colours in the report."""
    return "".join(c if c.isprintable() else f"\\u{ord(c):04x}" for c in str(text))


def _times_in_order(moves: list) -> None:
    last = None
    for index, move in enumerate(moves, start=1):
        try:
            at = datetime.fromisoformat(move["at"])
        except (KeyError, TypeError, ValueError):
            raise VerifyError(f"Move {index} has no valid time.") from None
        if at.tzinfo is None:
            raise VerifyError(f"Move {index} has a time without its timezone.")
        if last is not None and at < last:
            raise VerifyError(f"Move {index} is dated before the move that came before it.")
        last = at


def _need(export: dict, key: str, kind, what: str):
    value = export.get(key)
    if isinstance(value, bool) and kind is not bool or not isinstance(value, kind):
        raise VerifyError(
            f"Not a valid export: {what} ({key!r}) is missing or malformed.", UNREADABLE
        )
    return value


def verify(export: dict, registry: dict | None = None) -> Report:
    """Run every check; return what was checked, or raise ``VerifyError``."""
    if registry is None:
        from engines import REGISTRY as registry  # noqa: N811 (import only when needed)
    if not isinstance(export, dict) or export.get("format") != EXPORT_FORMAT:
        raise VerifyError(f"Not a Tavern export (expected format {EXPORT_FORMAT!r}).", UNREADABLE)
    kind = _need(export, "game", str, "the game")
    engine = registry.get(kind)
    if engine is None:
        raise VerifyError(
            f"Unknown game {kind!r}: this version of Tavern cannot replay it.", UNREADABLE
        )
    seats = _need(export, "seats", list, "the seats")
    if not engine.min_players <= len(seats) <= engine.max_players:
        raise VerifyError(f"{engine.title} is not played by {len(seats)} seats.")
    options = _need(export, "options", dict, "the options")
    moves = _need(export, "moves", list, "the move log")
    status = export.get("status")
    if status not in ("finished", "abandoned"):
        raise VerifyError(
            f"Only a game that has ended can be verified (status {status!r}).", UNREADABLE
        )
    seed, salt, committed = export.get("seed"), export.get("salt"), export.get("commitment")
    report = Report()
    exported_version = export.get("state_version")
    if exported_version != engine.state_version:
        report.lines.append(
            f"note: exported with {engine.title} state version {exported_version}, replayed "
            f"with version {engine.state_version} (a rules change in between can make an old "
            "game fail to replay)"
        )

    # 1. the commitment
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise VerifyError("The seed is missing or not a non-negative integer.")
    if not isinstance(committed, str) or not COMMITMENT_RE.match(committed):
        raise VerifyError("This game has no commitment: it cannot be proven fair.")
    if not isinstance(salt, str) or not SALT_RE.match(salt):
        raise VerifyError("The salt is missing or not 64 lowercase hexadecimal characters.")
    actual = commitment(seed, salt)
    if actual != committed:
        raise VerifyError(
            f"Commitment mismatch: SHA-256 of the seed and salt is {actual}, "
            f"but the game committed to {committed}."
        )
    report.lines.append(f"commitment {committed} matches the seed and salt")

    # 2. the replay
    try:
        state = engine.new_game(len(seats), seed, options)
    except Exception as exc:  # an engine's own message says what is wrong with the setup
        raise VerifyError(f"The game cannot be set up from the export: {exc}") from None
    from engines.undo import UNDO, Replay

    replay = Replay(engine, state)  # a log entry "undo" takes back a decision (engines.undo)
    for index, move in enumerate(moves, start=1):
        if not isinstance(move, dict) or move.get("n") != index:
            raise VerifyError(f"Move {index} is missing or out of order in the log.")
        seat, action = move.get("seat"), move.get("action")
        if isinstance(seat, bool) or not isinstance(seat, int) or not isinstance(action, str):
            raise VerifyError(f"Move {index} is malformed.")
        try:
            replay.play(seat, action)
        except Exception as exc:
            raise VerifyError(
                f"Move {index} ({action!r} by seat {seat}) is not legal when replayed: {exc}"
            ) from None
    state = replay.state
    _times_in_order(moves)
    undos = sum(1 for move in moves if move.get("action") == UNDO)
    report.lines.append(
        f"{len(moves)} moves replayed from the seed, every one legal"
        + (f" ({undos} of them undos, each of a decision that revealed nothing)" if undos else "")
    )

    # 3. the result
    over = engine.is_over(state)
    if status == "abandoned":
        if over:
            raise VerifyError("The export says abandoned, but the replayed game is over.")
        report.lines.append("abandoned before the end: no final scores to check")
        return report
    if not over:
        raise VerifyError("The replayed game is not over after the last move.")
    scores, winners = engine.scores(state), engine.winners(state)
    if export.get("scores") != scores:
        raise VerifyError(
            f"Final scores differ: the replay gives {scores}, the export says "
            f"{export.get('scores')}."
        )
    if export.get("winners") != winners:
        raise VerifyError(
            f"Winners differ: the replay gives seats {winners}, the export says "
            f"{export.get('winners')}."
        )
    report.lines.append(
        "final scores confirmed, by seat: "
        + ", ".join(f"seat {i + 1}: {score}" for i, score in enumerate(scores))
        + "; won by "
        + " and ".join(f"seat {i + 1}" for i in winners)
    )
    report.lines.append(unchecked(export, seats))
    return report


def unchecked(export: dict, seats: list) -> str:
    """What the export says that no check can confirm (the names, the table, the times)."""
    names = [shown(s.get("name"))[:100] if isinstance(s, dict) else "?" for s in seats[:MAX_SEATS]]
    table = export.get("table")
    return (
        "not checked (nothing in the game binds them; compare with the table's thread): the "
        + ", ".join(f"seat {i + 1} named '{name}'" for i, name in enumerate(names))
        + f"; table number {shown(table)[:20]}; the move times"
    )


def verify_file(path: str) -> Report:
    try:
        with open(path, encoding="utf-8") as handle:
            export = json.load(handle)
    except OSError as exc:
        raise VerifyError(f"Cannot read {path}: {exc.strerror or exc}.", UNREADABLE) from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise VerifyError(f"{path} is not valid JSON: {exc}.", UNREADABLE) from None
    except RecursionError:
        raise VerifyError(f"{path} is nested too deeply to be an export.", UNREADABLE) from None
    try:
        return verify(export)
    except RecursionError:  # nested options or moves deeper than any export has
        raise VerifyError(f"{path} is nested too deeply to be an export.", UNREADABLE) from None
