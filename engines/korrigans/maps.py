"""Map files (``maps/<name>.json``): loading, validation, and the compiled form rules use.

A map file holds:
- ``grid``: the Sun rows (top to bottom) x Cloud columns (left to right); each character is one
  field's share of one cell. Fields sharing an edge are neighbours.
- ``village``: the letter of the Village (no Menhir on it).
- ``fields``: letter -> {"colour": str, "clovers": int >= 1, "sand": bool, "pontoon": bool}.
- ``borders``: {"bridge": [...], "river": [...], "gate": [...]} as "A-B" pairs of neighbours;
  every other border is open (Hare).
- ``start``: player number "1".."5" -> two distinct start fields.
``load_map`` raises ``MapError`` with a clear message for anything wrong.
"""

from __future__ import annotations

import json
import os
from typing import Any

from engines.base import GameError

from .data import (
    BASE_TOKENS,
    BORDER_COMPANION,
    BORDER_KINDS,
    CAULDRON_COLOURS,
    CHAIN_CLOUDS,
    EXTRA_TOKENS,
    MENHIRS,
    TROLL_BORDERS,
)

MAP_DIR = os.path.join(os.path.dirname(__file__), "maps")
MAX_PLAYERS = 5


class MapError(GameError):
    """A map file is broken; the message says where."""


class Map:
    """A validated map, compiled into index tables (never stored in a game state)."""

    def __init__(self, data: dict[str, Any]):
        self.name: str = data["name"]
        self.title: str = data.get("title", data["name"])
        self.grid: list[str] = list(data["grid"])
        self.rows = len(self.grid)
        self.cols = len(self.grid[0])
        self.letters: list[str] = sorted(data["fields"])
        self.idx = {letter: i for i, letter in enumerate(self.letters)}
        self.ids = [letter.lower() for letter in self.letters]
        self.by_id = {fid: i for i, fid in enumerate(self.ids)}
        self.village = self.idx[data["village"]]
        fields = data["fields"]
        self.colour = [fields[x]["colour"] for x in self.letters]
        self.clovers = [fields[x]["clovers"] for x in self.letters]
        self.sand = [i for i, x in enumerate(self.letters) if fields[x].get("sand")]
        self.pontoon = [i for i, x in enumerate(self.letters) if fields[x].get("pontoon")]
        self.cells: list[list[tuple[int, int]]] = [[] for _ in self.letters]
        for r, row in enumerate(self.grid):
            for c, ch in enumerate(row):
                self.cells[self.idx[ch]].append((r, c))
        kinds: dict[tuple[int, int], str] = {}
        for kind, pairs in data["borders"].items():
            for pair in pairs:
                a, b = pair.split("-")
                kinds[_key(self.idx[a], self.idx[b])] = kind
        # Every adjacent pair is a border; unlisted ones are open.
        self.border_kind: dict[str, str] = {}
        self.nb: list[dict[str, list[tuple[int, str]]]] = [
            {k: [] for k in BORDER_KINDS} for _ in self.letters
        ]
        for a, b in sorted(_adjacent_pairs(self.grid, self.idx)):
            kind = kinds.get((a, b), "open")
            bid = self.border_id(a, b)
            self.border_kind[bid] = kind
            self.nb[a][kind].append((b, bid))
            self.nb[b][kind].append((a, bid))
        self.troll_borders = sorted(b for b, k in self.border_kind.items() if k in TROLL_BORDERS)
        self.same_colour = [
            [j for j in range(len(self.letters)) if j != i and self.colour[j] == self.colour[i]]
            for i in range(len(self.letters))
        ]
        # Every Companion's reach from every field, without the Troll: (field, border id or "").
        self.reach: dict[str, list[list[tuple[int, str]]]] = {}
        for comp, kind in BORDER_COMPANION.items():
            self.reach[comp] = [list(self.nb[i][kind]) for i in range(len(self.letters))]
        self.reach["bird"] = [
            [(j, "") for j in self.same_colour[i]] for i in range(len(self.letters))
        ]
        for comp, group in (("mole", self.sand), ("frog", self.pontoon)):
            self.reach[comp] = [
                [(j, "") for j in group if j != i] if i in group else []
                for i in range(len(self.letters))
            ]
        self.start = {int(k) - 1: [self.idx[x] for x in v] for k, v in data["start"].items()}
        self.menhir_fields = [i for i in range(len(self.letters)) if i != self.village]

    def border_id(self, a: int, b: int) -> str:
        x, y = sorted((self.ids[a], self.ids[b]))
        return f"{x}-{y}"

    def border_label(self, bid: str) -> str:
        return bid.upper()


def _key(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def _adjacent_pairs(grid: list[str], idx: dict[str, int]) -> set[tuple[int, int]]:
    pairs = set()
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            for rr, cc in ((r + 1, c), (r, c + 1)):
                if rr < len(grid) and cc < len(row):
                    other = grid[rr][cc]
                    if other != ch:
                        pairs.add(_key(idx[ch], idx[other]))
    return pairs


def validate(data: Any, where: str = "map") -> None:
    """Raise MapError if ``data`` is not a usable map."""

    def fail(msg: str) -> None:
        raise MapError(f"{where}: {msg}")

    if not isinstance(data, dict):
        fail("the file must hold a JSON object")
    for key in ("name", "grid", "village", "fields", "borders", "start"):
        if key not in data:
            fail(f"missing key {key!r}")
    if not isinstance(data["name"], str) or not data["name"]:
        fail("'name' must be a non-empty string")
    grid = data["grid"]
    if not isinstance(grid, list) or not grid or not all(isinstance(r, str) for r in grid):
        fail("'grid' must be a list of strings")
    width = len(grid[0])
    if any(len(r) != width for r in grid):
        fail("every grid row must have the same length")
    if len(grid) < CAULDRON_COLOURS:
        fail(f"the grid needs at least {CAULDRON_COLOURS} Sun rows (6 colours fill Suns)")
    if width < CHAIN_CLOUDS + 1:
        fail(f"the grid needs at least {CHAIN_CLOUDS + 1} Cloud columns")
    fields = data["fields"]
    if not isinstance(fields, dict) or not fields:
        fail("'fields' must be an object of field letter -> description")
    letters_in_grid = {ch for row in grid for ch in row}
    for letter in letters_in_grid - set(fields):
        fail(f"grid letter {letter!r} has no entry in 'fields'")
    for letter in set(fields) - letters_in_grid:
        fail(f"field {letter!r} does not appear in the grid")
    for letter, info in fields.items():
        if len(letter) != 1 or not letter.isalnum():
            fail(f"field name {letter!r} must be one letter or digit")
        if not isinstance(info, dict):
            fail(f"field {letter}: description must be an object")
        if not isinstance(info.get("colour"), str) or not info["colour"]:
            fail(f"field {letter}: 'colour' must be a non-empty string")
        clovers = info.get("clovers")
        if not isinstance(clovers, int) or isinstance(clovers, bool) or clovers < 1:
            fail(f"field {letter}: 'clovers' must be a whole number of at least 1")
        for flag in ("sand", "pontoon"):
            if not isinstance(info.get(flag, False), bool):
                fail(f"field {letter}: {flag!r} must be true or false")
        unknown = set(info) - {"colour", "clovers", "sand", "pontoon"}
        if unknown:
            fail(f"field {letter}: unknown keys {sorted(unknown)}")
        # A field's cells must be connected.
        cells = [(r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch == letter]
        seen, todo = {cells[0]}, [cells[0]]
        while todo:
            r, c = todo.pop()
            for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if (rr, cc) in cells and (rr, cc) not in seen:
                    seen.add((rr, cc))
                    todo.append((rr, cc))
        if len(seen) != len(cells):
            fail(f"field {letter}: its grid cells are not connected")
    if data["village"] not in fields:
        fail(f"village {data['village']!r} is not a field")
    total = sum(info["clovers"] for info in fields.values())
    if total > sum(BASE_TOKENS.values()):
        fail(
            f"the clover numbers add up to {total}, more than the "
            f"{sum(BASE_TOKENS.values())} base tokens"
        )
    if len(fields) > sum(EXTRA_TOKENS.values()):
        fail(
            f"{len(fields)} fields, but only {sum(EXTRA_TOKENS.values())} extra tokens "
            "to put one more on each for 4-5 players"
        )
    if len(fields) - 1 > sum(MENHIRS.values()):
        fail(f"{len(fields) - 1} Menhir fields, but only {sum(MENHIRS.values())} Menhirs")
    idx = {x: i for i, x in enumerate(sorted(fields))}
    adjacent = _adjacent_pairs(grid, idx)
    borders = data["borders"]
    if not isinstance(borders, dict):
        fail("'borders' must be an object of kind -> list of 'A-B' pairs")
    listed: dict[tuple[int, int], str] = {}
    for kind, pairs in borders.items():
        if kind not in BORDER_KINDS or kind == "open":
            fail(f"unknown border kind {kind!r} (use bridge, river or gate; others are open)")
        if not isinstance(pairs, list):
            fail(f"borders {kind!r} must be a list")
        for pair in pairs:
            parts = pair.split("-") if isinstance(pair, str) else []
            if len(parts) != 2 or any(p not in fields for p in parts):
                fail(f"border {pair!r} must be 'A-B' with two field letters")
            key = _key(idx[parts[0]], idx[parts[1]])
            if key not in adjacent:
                fail(f"border {pair!r}: those fields do not touch on the grid")
            if key in listed:
                fail(f"border {pair!r} is listed twice ({listed[key]} and {kind})")
            listed[key] = kind
    start = data["start"]
    if not isinstance(start, dict):
        fail("'start' must be an object of player number -> two fields")
    used: set[str] = set()
    for n in range(1, MAX_PLAYERS + 1):
        pair = start.get(str(n))
        if not isinstance(pair, list) or len(pair) != 2 or len(set(pair)) != 2:
            fail(f"start {n}: needs two different fields")
        for x in pair:
            if x not in fields:
                fail(f"start {n}: {x!r} is not a field")
            if x in used:
                fail(f"start {n}: field {x} is already a start field of another player")
            used.add(x)


_CACHE: dict[str, Map] = {}
LOADED = _CACHE  # the maps loaded so far, by name (``load_map`` fills it)


def map_names() -> list[str]:
    return sorted(f[:-5] for f in os.listdir(MAP_DIR) if f.endswith(".json"))


def load_file(path: str) -> Map:
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except (OSError, ValueError) as exc:
        raise MapError(f"{os.path.basename(path)}: cannot read JSON ({exc})") from exc
    validate(data, os.path.basename(path))
    return Map(data)


def load_map(name: str) -> Map:
    """The compiled map called ``name`` (cached)."""
    m = _CACHE.get(name)
    if m is None:
        if name not in map_names():
            raise MapError(f"no map called {name!r}")
        m = _CACHE[name] = load_file(os.path.join(MAP_DIR, name + ".json"))
    return m
