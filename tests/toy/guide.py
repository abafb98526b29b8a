"""The toy game's facts lines (the card reference's numbers), with their words."""

from __future__ import annotations

from guides.words import said

WORDS: dict[str, dict[str, str]] = {
    "en": {"secret": "Secret token · value {n} · one per player"},
}


def facts(lang: str = "en") -> dict[str, str]:
    return {f"secret{n}": said(WORDS, lang, "secret", n=n) for n in (1, 2)}
