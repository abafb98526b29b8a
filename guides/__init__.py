"""Players' guides, kept as text: a rules guide and a card reference for every game.

The words live in Markdown files beside this module, never in code:

* ``<game>.md``: the rules guide. A short note before the first heading opens the first page;
  every ``## `` heading starts a page; a section longer than a
  page is split at paragraphs (its later pages say "continued"). The ``## Options`` section
  gets a line for every option the engine has, from the engine's own ``option_help``, so no
  option can be missing from the guide.
* ``<game>_cards.md``: the card reference. ``## <key> | <name>`` starts an entry; ``key`` ties it
  to the engine's data tables (``<game>.py``'s ``facts`` derives the numbers: value, copies ...,
  with its own words in every language), the text
  under it says what the card does and when it can be used; an optional ``aliases:`` line lists
  other names players may type.

Lines may be wrapped for editing: ``reflow`` joins them, since Discord shows every newline.

Languages: ``guides/<lang>/<game>.md`` and ``guides/<lang>/<game>_cards.md`` override the English
files for readers of that language (same ``##`` headings in the same order, so pages line up;
the same card keys). An unknown language or a missing file falls back to English. The shared
words built in code (the options page) are in ``words.py``.

A game's guide files are found by its name (``Engine.part``: the folder ``guides`` and the
facts module ``guides.<game>``); a registered game without them is an error at start-up
(``check``).

No discord here: ``cogs/guide.py`` turns pages and entries into embeds.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path

from engines import REGISTRY
from engines.words import command

from .words import option_help, w

HERE = Path(__file__).parent
ROOT = HERE.parent
PAGE_LIMIT = 3800  # characters of one page's text (an embed description holds 4096)
CARD_LIMIT = 3000


@dataclass(frozen=True, slots=True)
class Page:
    title: str
    body: str


@dataclass(frozen=True, slots=True)
class Card:
    key: str
    name: str
    facts: str  # derived from the engine's data tables
    text: str  # what it does and when (from the Markdown)
    aliases: tuple[str, ...] = ()

    def matches(self, typed: str) -> bool:
        typed = typed.strip().lower()
        return not typed or any(typed in s.lower() for s in (self.name, self.key, *self.aliases))


def folder(kind: str) -> Path:
    """The folder of a game's guides (``Engine.part("guides")``: this package's by default)."""
    where = REGISTRY[kind].part("guides")
    return HERE if where == __name__ else ROOT.joinpath(*where.split("."))


def facts(kind: str, lang: str = "en") -> dict[str, str]:
    """The facts line of every component of a game (its ``guides/<game>.py``'s ``facts``)."""
    return REGISTRY[kind].load_part("facts").facts(lang)


def source(name: str, lang: str = "en", kind: str | None = None) -> Path:
    """The file ``name`` in ``lang`` if that language has it, else the English one (in the
    folder of the game ``kind``'s guides, else this package's)."""
    home = HERE if kind is None else folder(kind)
    if lang != "en" and re.fullmatch(r"[a-z]{2}(?:_[A-Z]{2})?", lang or ""):
        local = home / lang / name
        if local.is_file():
            return local
    return home / name


def check() -> None:
    """Every registered game has its guide, its card reference and its facts (start-up)."""
    for kind, engine in REGISTRY.items():
        for name in (f"{kind}.md", f"{kind}_cards.md"):
            if not (folder(kind) / name).is_file():
                raise LookupError(f"the game {kind!r} has no guide {folder(kind) / name}")
        found = engine.load_part("facts")
        if found is not None and not callable(getattr(found, "facts", None)):
            raise LookupError(f"{engine.part('facts')} has no facts(lang) function")


def languages() -> tuple[str, ...]:
    """English and every language with a folder of guides."""
    return (
        "en",
        *sorted(
            p.name
            for p in HERE.iterdir()
            if p.is_dir() and re.fullmatch(r"[a-z]{2}(?:_[A-Z]{2})?", p.name)
        ),
    )


def _sections(text: str, level: str = "## ", flow: bool = True) -> list[tuple[str, str]]:
    """(heading, body) for every heading of ``level``; text before the first is dropped."""
    out: list[tuple[str, list[str]]] = []
    for line in text.splitlines():
        if line.startswith(level):
            out.append((line[len(level) :].strip(), []))
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
        elif (
            not fenced
            and out
            and out[-1].strip()
            and not out[-1].startswith("```")
            and line.strip()
            and not LIST_ITEM.match(line)
        ):
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


def option_lines(kind: str, lang: str = "en") -> list[str]:
    """One line per engine option: name, default, choices and the engine's own help."""
    engine = REGISTRY[kind]
    lines = []
    for key, default in engine.options.items():
        value = str(default).lower() if isinstance(default, bool) else default
        choices = getattr(engine, "option_choices", {}).get(key)
        shown = w(lang, "choices", choices=", ".join(map(str, choices))) if choices else ""
        text = option_help(lang, kind, key) if key in engine.option_help else ""
        lines.append(w(lang, "option", key=key, value=value, shown=shown, help=text))
    return lines


def every_table(lang: str = "en") -> str:
    """What every table takes, whatever the game (issue 26): the clock, its consequence, votes;
    the commands named as the reader's Discord shows them."""
    return w(lang, "every_table", play=command("play", lang), vote=command("vote", lang))


@functools.cache
def guide(kind: str, lang: str = "en") -> tuple[Page, ...]:
    """The rules guide of a game as pages, each within ``PAGE_LIMIT``, in ``lang`` (else
    English)."""
    path = source(f"{kind}.md", lang, kind)
    lang = lang if path.parent != folder(kind) else "en"
    text = path.read_text(encoding="utf-8")
    intro = reflow(
        "\n".join(
            line for line in text.split("\n## ", 1)[0].splitlines() if not line.startswith("# ")
        ).strip()
    )
    pages: list[Page] = []
    for n, (title, body) in enumerate(_sections(text)):
        if n == 0 and intro:
            body = f"*{intro}*\n\n{body}"
        if title == w(lang, "options"):
            body = "\n".join([body, "", w(lang, "every_option"), *option_lines(kind, lang)])
            body += "\n\n" + every_table(lang)
        for n, part in enumerate(_split(body, PAGE_LIMIT)):
            pages.append(Page(title if n == 0 else w(lang, "continued", title=title), part))
    return tuple(pages)


@functools.cache
def cards(kind: str, lang: str = "en") -> tuple[Card, ...]:
    """The card reference of a game, in the order of the file, in ``lang`` (else English)."""
    path = source(f"{kind}_cards.md", lang, kind)
    text = path.read_text(encoding="utf-8")
    in_english = path.parent == folder(kind)
    known = facts(kind, "en" if in_english else lang)
    out = []
    for head, body in _sections(text, flow=False):
        key, _, name = (part.strip() for part in head.partition("|"))
        aliases: tuple[str, ...] = ()
        lines = body.splitlines()
        if lines and lines[0].lower().startswith("aliases:"):
            aliases = tuple(a.strip() for a in lines[0][8:].split(",") if a.strip())
            body = "\n".join(lines[1:]).strip()
        body = reflow(body)
        if key not in known:
            raise ValueError(f"{path.name}: {key!r} is not a component of the game")
        if not in_english:  # a reader may still type the English name
            english = {entry.key: entry for entry in cards(kind)}.get(key)
            if english:
                aliases = (*aliases, english.name, *english.aliases)
        out.append(Card(key, name or key, known[key], body, aliases))
    return tuple(out)


def card(kind: str, typed: str, lang: str = "en") -> Card | None:
    """The entry whose key, else name, else other name is ``typed`` (case-insensitive), else
    the only one matching; in ``lang``, its names and the English ones (``cards``' aliases)."""
    typed = typed.strip().lower()
    every = cards(kind, lang)
    for names in (lambda e: (e.key,), lambda e: (e.name,), lambda e: e.aliases):
        for entry in every:  # a key before a name before another name
            if typed in map(str.lower, names(entry)):
                return entry
    found = [entry for entry in every if entry.matches(typed)]
    return found[0] if len(found) == 1 else None


__all__ = [
    "CARD_LIMIT",
    "Card",
    "PAGE_LIMIT",
    "Page",
    "card",
    "cards",
    "check",
    "facts",
    "folder",
    "guide",
    "languages",
    "option_lines",
    "source",
]
