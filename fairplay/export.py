"""The export file of a game that has ended: everything needed to replay and check it.

Format ``tavern-export/1`` (JSON, UTF-8)::

    {
      "format": "tavern-export/1",
      "table": 12,                      # the table number in Tavern
      "game": "ziegen",                 # engine name (engines.REGISTRY)
      "title": "Herr der Ziegen",
      "state_version": 2,               # the engine's state layout version when exported
      "options": {...},                 # the table's full options
      "status": "finished",             # or "abandoned" (then no scores are checked)
      "seats": [{"seat": 0, "name": "ann", "bot": false}, ...],
      "commitment": "<64 hex>",         # posted in the thread when the game started
      "seed": 1234,                     # revealed at the end
      "salt": "<64 hex>",               # revealed at the end
      "moves": [{"n": 1, "seat": 0, "action": "play:3", "at": "2026-11-30T09:22:16.123+00:00"}],
      "scores": [31, 27, 12],           # final scores by seat (finished games)
      "winners": [0]                    # winning seats (finished games)
    }

``moves`` is the complete move log in order, bots' moves included; ``at`` is when the move was
stored (UTC). See ``fairplay.commitment`` for how the commitment is computed.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

EXPORT_FORMAT = "tavern-export/1"


def iso_time(at: float) -> str:
    return datetime.fromtimestamp(at, UTC).isoformat(timespec="milliseconds")


def build_export(
    *,
    table: int,
    game: str,
    title: str,
    state_version: int,
    options: dict,
    status: str,
    seats: Iterable[tuple[str, bool]],
    commitment: str | None,
    seed: int,
    salt: str | None,
    moves: Iterable[tuple[int, int, str, float]],
    scores: list[int] | None,
    winners: list[int] | None,
) -> dict[str, Any]:
    """The export as a dict; ``seats`` are (name, is_bot), ``moves`` (n, seat, action, at)."""
    return {
        "format": EXPORT_FORMAT,
        "table": table,
        "game": game,
        "title": title,
        "state_version": state_version,
        "options": dict(options),
        "status": status,
        "seats": [
            {"seat": i, "name": name, "bot": bool(bot)} for i, (name, bot) in enumerate(seats)
        ],
        "commitment": commitment,
        "seed": seed,
        "salt": salt,
        "moves": [
            {"n": n, "seat": seat, "action": action, "at": iso_time(at)}
            for n, seat, action, at in moves
        ],
        "scores": scores,
        "winners": winners,
    }


def dumps(export: dict) -> str:
    return json.dumps(export, ensure_ascii=False, indent=1) + "\n"
