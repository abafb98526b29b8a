"""Players' guides, kept as text: a rules guide and a card reference for every game.

The words live in Markdown files beside this module, never in code:

* ``<game>.md``: the rules guide. A short note before the first heading opens the first page;
  every ``## `` heading starts a page; a section longer than a
  page is split at paragraphs (its later pages say "continued"). The ``## Options`` section
  gets a line for every option the engine has, from the engine's own ``option_help``, so no
  option can be missing from the guide.
* ``<game>_cards.md``: the card reference. ``## <key> | <name>`` starts an entry; ``key`` ties it
  to the engine's data tables (``facts.py`` derives the numbers: value, copies ...), the text
  under it says what the card does and when it can be used; an optional ``aliases:`` line lists
  other names players may type.

Lines may be wrapped for editing: ``reflow`` joins them, since Discord shows every newline.

No discord here: ``cogs/guide.py`` turns pages and entries into embeds.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path

from engines import REGISTRY

from .facts import FACTS

HERE = Path(__file__).parent
PAGE_LIMIT = 3800        # characters of one page's text (an embed description holds 4096)
CARD_LIMIT = 3000
OPTIONS_HEADING = "Options"


@dataclass(frozen=True, slots=True)
class Page:
    title: str
    body: str


@dataclass(frozen=True, slots=True)
class Card:
    key: str
    name: str
    facts: str          # derived from the engine's data tables
    text: str           # what it does and when (from the Markdown)
    aliases: tuple[str, ...] = ()

    def matches(self, typed: str) -> bool:
        typed = typed.strip().lower()
        return not typed or any(typed in s.lower() for s in (self.name, self.key, *self.aliases))


def _sections(text: str, level: str = "## ", flow: bool = True) -> list[tuple[str, str]]:
    """(heading, body) for every heading of ``level``; text before the first is dropped."""
    out: list[tuple[str, list[str]]] = []
    for line in text.splitlines():
        if line.startswith(level):
            out.append((line[len(level):].strip(), []))
        elif out:
            out[-1][1].append(line)
    joined = ["\n".join(body).strip() for _head, body in out]
    return [(head, reflow(body) if flow else body) for (head, _), body in zip(out, joined)]


LIST_ITEM = re.compile(r"^\s*(?:[-*] |\d+\. |> )")


def reflow(text: str) -> str:
    """Join hard-wrapped lines (Discord shows every newline): a line continues the previous one
    unless it is blank, follows a blank line or starts a list item; code blocks stay as they are."""
    out: list[str] = []
    fenced = False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
            out.append(line)
        elif (not fenced and out and out[-1].strip() and not out[-1].startswith("```")
              and line.strip() and not LIST_ITEM.match(line)):
            out[-1] = f"{out[-1].rstrip()} {line.strip()}"
        else:
            out.append(line.rstrip())
    return "\n".join(out)


def _split(body: str, limit: int) -> list[str]:
    """Cut a long text at paragraph breaks (then at lines) into parts of at most ``limit``."""
    parts: list[str] = []
    current = ""
    for para in re.split(r"\n\s*\n", body):
        pieces = [para] if len(para) <= limit else para.splitlines()
        for piece in pieces:
            if len(piece) > limit:
                raise ValueError(f"a paragraph longer than a page: {piece[:60]!r}")
            glue = "\n\n" if piece is para else "\n"
            if current and len(current) + len(glue) + len(piece) > limit:
                parts.append(current)
                current = piece
            else:
                current = f"{current}{glue}{piece}" if current else piece
    if current:
        parts.append(current)
    return parts


def option_lines(kind: str) -> list[str]:
    """One line per engine option: name, default, choices and the engine's own help."""
    engine = REGISTRY[kind]
    lines = []
    for key, default in engine.options.items():
        value = str(default).lower() if isinstance(default, bool) else default
        choices = getattr(engine, "option_choices", {}).get(key)
        shown = f"; choices: {', '.join(map(str, choices))}" if choices else ""
        lines.append(f"- `{key}` (default `{value}`{shown}): {engine.option_help.get(key, '')}")
    return lines


@functools.cache
def guide(kind: str) -> tuple[Page, ...]:
    """The rules guide of a game as pages, each within ``PAGE_LIMIT``."""
    text = (HERE / f"{kind}.md").read_text(encoding="utf-8")
    intro = reflow("\n".join(line for line in text.split("\n## ", 1)[0].splitlines()
                             if not line.startswith("# ")).strip())
    pages: list[Page] = []
    for n, (title, body) in enumerate(_sections(text)):
        if n == 0 and intro:
            body = f"*{intro}*\n\n{body}"
        if title == OPTIONS_HEADING:
            body = "\n".join([body, "", "**Every option of this game:**", *option_lines(kind)])
        for n, part in enumerate(_split(body, PAGE_LIMIT)):
            pages.append(Page(title if n == 0 else f"{title} (continued)", part))
    return tuple(pages)


@functools.cache
def cards(kind: str) -> tuple[Card, ...]:
    """The card reference of a game, in the order of the file."""
    text = (HERE / f"{kind}_cards.md").read_text(encoding="utf-8")
    facts = FACTS[kind]()
    out = []
    for head, body in _sections(text, flow=False):
        key, _, name = (part.strip() for part in head.partition("|"))
        aliases: tuple[str, ...] = ()
        lines = body.splitlines()
        if lines and lines[0].lower().startswith("aliases:"):
            aliases = tuple(a.strip() for a in lines[0][8:].split(",") if a.strip())
            body = "\n".join(lines[1:]).strip()
        body = reflow(body)
        if key not in facts:
            raise ValueError(f"{kind}_cards.md: {key!r} is not a component of the game")
        out.append(Card(key, name or key, facts[key], body, aliases))
    return tuple(out)


def card(kind: str, typed: str) -> Card | None:
    """The entry whose key, else name, else other name is ``typed`` (case-insensitive), else
    the only one matching."""
    typed = typed.strip().lower()
    every = cards(kind)
    for names in (lambda e: (e.key,), lambda e: (e.name,), lambda e: e.aliases):
        for entry in every:   # a key before a name before another name
            if typed in map(str.lower, names(entry)):
                return entry
    found = [entry for entry in every if entry.matches(typed)]
    return found[0] if len(found) == 1 else None


__all__ = ["CARD_LIMIT", "Card", "FACTS", "PAGE_LIMIT", "Page", "card", "cards", "guide",
           "option_lines"]
