"""Make, read, merge and check the gettext catalogs (Babel's ``Catalog`` and ``pofile``)."""

from __future__ import annotations

import io
import string
from collections.abc import Iterator, Mapping
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from engines import translations, words
from engines.translations import po_path

# a fixed date keeps the files the same from run to run (git shows only real changes)
DATE = datetime(2026, 1, 1, tzinfo=UTC)
PROJECT = "Tavern"


def games() -> list[str]:
    """Every catalog (gettext domain) with registered words: each registered game's (its
    engine's words, its option help, its board picture's labels), ``pictures`` (the labels
    every picture shares) and ``tavern``, the table service's and the Discord layer's
    (``tables/words.py``)."""
    import engines  # noqa: F401  (registers every game's words and option help)
    import pictures
    import pictures.words  # noqa: F401  (registers the shared picture labels)
    import tables.words  # noqa: F401  (registers the tavern catalog)

    for kind in pictures.kinds():
        pictures.module(kind)  # registers the game's picture labels
    return sorted(words.TEMPLATES)


def pot_path(game: str) -> Path:
    return translations.LOCALE_DIR / f"{game}.pot"


def source_entries(game: str) -> Iterator[tuple[str, str]]:
    """(context, English text) of every translatable entry of a game, in catalog order."""
    for key, template in words.TEMPLATES[game].items():
        yield f"{game}.{key}", template
    fixed = words.FIXED.get(game, set())
    for table_name, table in words.NAMES.get(game, {}).items():
        if table_name in fixed or not isinstance(table, Mapping):
            continue
        for value, shown in table.items():
            if isinstance(shown, str) and shown:  # "" stays "" in every language
                yield words.name_context(game, table_name, value), shown


def _new(lang: str | None, game: str) -> Catalog:
    return Catalog(
        locale=lang,
        domain=game,
        project=PROJECT,
        version="1",
        creation_date=DATE,
        revision_date=DATE,
        fuzzy=False,
        msgid_bugs_address="",
        copyright_holder="",
        charset="utf-8",
    )


def template(game: str) -> Catalog:
    """The ``.pot`` of a game, made from its English words."""
    cat = _new(None, game)
    for context, english in source_entries(game):
        cat.add(english, context=context)
    return cat


def dump(cat: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, cat, width=100, omit_header=False, no_location=True, include_previous=True)
    return out.getvalue()


def load(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=lang)


def merged(lang: str, game: str) -> Catalog:
    """The catalog of ``lang`` for ``game`` brought up to date with the English words."""
    path = po_path(lang, game)
    old = {m.context: m for m in load(path, lang) if m.id} if path.is_file() else {}
    cat = _new(lang, game)
    for context, english in source_entries(game):
        before = old.get(context)
        if before is None:
            cat.add(english, "", context=context)
        elif before.id == english:
            cat.add(
                english,
                before.string,
                context=context,
                flags=before.flags,
                previous_id=before.previous_id,
            )
        else:
            # the English changed: keep the translation as a hint, marked fuzzy
            cat.add(
                english, before.string, context=context, flags={"fuzzy"}, previous_id=[before.id]
            )
    return cat


def move(lang: str, source: str, prefix: str, target: str, new_prefix: str) -> int:
    """Move the entries of ``lang``'s catalog ``source`` whose context starts with ``prefix`` into
    the catalog ``target``, their context's ``prefix`` replaced by ``new_prefix``: msgid,
    translation, flags and previous msgid move with them (nothing is translated again). Returns
    how many moved. ``update`` then puts them in the template's order."""
    from_path, to_path = po_path(lang, source), po_path(lang, target)
    old = load(from_path, lang)
    new = load(to_path, lang) if to_path.is_file() else _new(lang, target)
    moving = [m for m in old if m.id and m.context and m.context.startswith(prefix)]
    for m in moving:
        context = new_prefix + m.context[len(prefix) :]
        new.add(m.id, m.string, context=context, flags=m.flags, previous_id=m.previous_id)
        old.delete(m.id, context=m.context)
    to_path.write_bytes(dump(new))
    from_path.write_bytes(dump(old))
    return len(moving)


def placeholders(text: str) -> set[tuple[str, str]]:
    """The fields of a template: {("p", "seat"), ("n", "")...}."""
    return {
        (name, spec or "")
        for _lit, name, spec, _conv in string.Formatter().parse(text)
        if name is not None
    }


def problems(lang: str, game: str, path: Path | None = None) -> list[str]:
    """What keeps a catalog (by default the one in ``locale/``) from being complete: missing,
    untranslated, fuzzy or out-of-date entries, entries for ids that no longer exist, and
    translations whose placeholders differ from the English ones."""
    path = path or po_path(lang, game)
    if not path.is_file():
        return [f"{path}: missing"]
    found = {m.context: m for m in load(path, lang) if m.id}
    source = dict(source_entries(game))
    out = [
        f"{lang} {context}: no such message any more (run python -m i18n update)"
        for context in found
        if context not in source
    ]
    for context, english in source.items():
        m = found.get(context)
        if m is None:
            out.append(f"{lang} {context}: no entry")
        elif m.id != english:
            out.append(f"{lang} {context}: translates an older English text")
        elif not m.string:
            out.append(f"{lang} {context}: not translated")
        elif m.fuzzy:
            out.append(f"{lang} {context}: fuzzy")
        else:
            try:
                theirs = placeholders(m.string)
            except ValueError as exc:
                out.append(f"{lang} {context}: bad template ({exc})")
                continue
            if theirs != placeholders(english):
                out.append(
                    f"{lang} {context}: placeholders {sorted(theirs)} differ from the "
                    f"English {sorted(placeholders(english))}"
                )
    return out


__all__ = [
    "dump",
    "games",
    "load",
    "merged",
    "move",
    "placeholders",
    "pot_path",
    "problems",
    "source_entries",
    "template",
]
