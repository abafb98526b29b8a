"""The games' words in other languages: gettext catalogs read with Babel.

One catalog (gettext domain) per game: ``locale/<lang>/LC_MESSAGES/<game>.po``, made from the
template ``locale/<game>.pot`` that ``python -m i18n extract`` writes from the English templates
of ``engines/<game>/words.py`` (see ``i18n``). An entry's context (``msgctxt``) is the message id
(``ziegen.label.keep``, or ``ziegen.names.set.pool`` for a name), its ``msgid`` the English
template, its ``msgstr`` the translation. The ``.po`` files are read as they are (no compiling
step): an entry counts only if it is translated, not fuzzy, and its ``msgid`` is the current
English text, as gettext does; anything else shows the English.

Pure: reads the catalog files once per language and game (cached), nothing else. Babel is
imported only when a catalog is read, so English (and ``python -m fairplay verify``, which needs
no installed package) works with the standard library alone.
"""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
SOURCE = "en"


def po_path(lang: str, game: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{game}.po"


@cache
def languages() -> tuple[str, ...]:
    """The languages with catalogs, English (the source) first."""
    found = (
        sorted(p.name for p in LOCALE_DIR.iterdir() if (p / "LC_MESSAGES").is_dir())
        if LOCALE_DIR.is_dir()
        else []
    )
    return (SOURCE, *[lang for lang in found if lang != SOURCE])


@lru_cache(maxsize=256)
def language(tag: str | None) -> str:
    """Our language for a tag: "de", "de-DE", "es_419" and "ES" give "de"/"es"; an unknown tag
    or None gives English."""
    if not tag:
        return SOURCE
    tag = tag.replace("-", "_")
    for candidate in (tag, tag.lower(), tag.partition("_")[0].lower()):
        if candidate in languages():
            return candidate
    return SOURCE


@cache
def entries(lang: str, game: str) -> dict[tuple[str, str], str]:
    """(context, English msgid) -> translation, for the usable entries of one catalog."""
    path = po_path(lang, game)
    if not path.is_file():
        return {}
    from babel.messages.pofile import read_po  # only here: English needs no Babel

    with path.open("rb") as f:
        cat = read_po(f, locale=lang)
    return {
        (m.context, m.id): m.string for m in cat if m.id and m.context and m.string and not m.fuzzy
    }


def translate(game: str, context: str, english: str, lang: str) -> str:
    """The translation of an English text in ``lang`` (the English when there is none)."""
    if lang == SOURCE:
        return english
    return entries(lang, game).get((context, english), english)


__all__ = ["LOCALE_DIR", "SOURCE", "entries", "language", "languages", "po_path", "translate"]
