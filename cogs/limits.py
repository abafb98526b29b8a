"""Discord's length limits, enforced in one place: every payload the bot sends.

``install(bot)`` puts ``fit`` in front of the bot's REST client and of the interaction webhook
adapter, so every message, edit, interaction answer, follow-up and autocomplete answer is
clipped to what Discord accepts, whoever built it. Text cut here ends with "…"; a payload that
fits is sent unchanged. (Front-end code still clips where it can cut more nicely, e.g. by
lines; this is the guarantee that nothing over a limit reaches Discord and comes back as
400 / 50035.)
"""

from __future__ import annotations

import functools
import json
import logging
from typing import Any

log = logging.getLogger("tavern.limits")

CONTENT = 2000
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
FIELD_NAME = 256
FIELD_VALUE = 1024
FOOTER = 2048
AUTHOR = 256
EMBED_TOTAL = 6000  # all embeds of one message together
BUTTON_LABEL = 80
OPTION_LABEL = 100  # select options: label, value, description
OPTION_DESCRIPTION = 100
OPTION_VALUE = 100
PLACEHOLDER = 150
CHOICE_NAME = 100  # autocomplete choices
CHOICE_VALUE = 100
CHOICES = 25
MODAL_TITLE = 45
TEXT_INPUT_LABEL = 45
TEXT_INPUT_PLACEHOLDER = 100


def clip(text: Any, limit: int) -> Any:
    """``text`` cut to ``limit`` characters (ending with "…" when cut); non-strings as they are."""
    if not isinstance(text, str) or len(text) <= limit:
        return text
    return text[: limit - 1] + "…"


def _set(d: dict, key: str, limit: int) -> None:
    if key in d and isinstance(d[key], str) and len(d[key]) > limit:
        log.debug("clipped %s from %d to %d characters", key, len(d[key]), limit)
        d[key] = clip(d[key], limit)


def _embed_size(e: dict) -> int:
    size = len(e.get("title") or "") + len(e.get("description") or "")
    size += len((e.get("footer") or {}).get("text") or "")
    size += len((e.get("author") or {}).get("name") or "")
    return size + sum(
        len(f.get("name") or "") + len(f.get("value") or "") for f in e.get("fields") or []
    )


def fit_embeds(embeds: list[dict]) -> None:
    for e in embeds:
        _set(e, "title", EMBED_TITLE)
        _set(e, "description", EMBED_DESCRIPTION)
        for f in e.get("fields") or []:
            _set(f, "name", FIELD_NAME)
            _set(f, "value", FIELD_VALUE)
        if isinstance(e.get("footer"), dict):
            _set(e["footer"], "text", FOOTER)
        if isinstance(e.get("author"), dict):
            _set(e["author"], "name", AUTHOR)
    excess = sum(_embed_size(e) for e in embeds) - EMBED_TOTAL
    # Over the total: shorten descriptions, then field values, then footers; last embed first.
    texts = [(e, "description") for e in reversed(embeds)]
    texts += [(f, "value") for e in reversed(embeds) for f in reversed(e.get("fields") or [])]
    texts += [(e["footer"], "text") for e in reversed(embeds) if isinstance(e.get("footer"), dict)]
    for holder, key in texts:
        if excess <= 0:
            break
        text = holder.get(key) or ""
        if len(text) > 1:
            holder[key] = clip(text, max(1, len(text) - excess))
            excess -= len(text) - len(holder[key])


def fit_components(components: list[dict]) -> None:
    for c in components:
        if c.get("type") == 2:
            _set(c, "label", BUTTON_LABEL)
        elif c.get("type") in (3, 5, 6, 7, 8):
            _set(c, "placeholder", PLACEHOLDER)
            for option in c.get("options") or []:
                _set(option, "label", OPTION_LABEL)
                _set(option, "description", OPTION_DESCRIPTION)
                _set(option, "value", OPTION_VALUE)
        elif c.get("type") == 4:  # text input
            _set(c, "label", TEXT_INPUT_LABEL)
            _set(c, "placeholder", TEXT_INPUT_PLACEHOLDER)
        fit_components(c.get("components") or [])


def fit_choices(choices: list[dict]) -> list[dict]:
    for choice in choices:
        _set(choice, "name", CHOICE_NAME)
        _set(choice, "value", CHOICE_VALUE)
    return choices[:CHOICES]


def fit(payload: Any) -> Any:
    """Clip a message payload, or an interaction response (``{"type", "data"}``), in place."""
    if not isinstance(payload, dict):
        return payload
    if "type" in payload and isinstance(payload.get("data"), dict):  # an interaction response
        data = payload["data"]
        if isinstance(data.get("choices"), list):
            data["choices"] = fit_choices(data["choices"])
        _set(data, "title", MODAL_TITLE)
        fit(data)
        return payload
    _set(payload, "content", CONTENT)
    if isinstance(payload.get("embeds"), list):
        fit_embeds(payload["embeds"])
    if isinstance(payload.get("components"), list):
        fit_components(payload["components"])
    return payload


def _fit_form(form: Any) -> Any:
    """Multipart bodies carry the JSON payload as the part named ``payload_json``."""
    for part in form or ():
        if isinstance(part, dict) and part.get("name") == "payload_json":
            try:
                data = json.loads(part["value"])
            except (TypeError, ValueError):
                continue
            part["value"] = json.dumps(fit(data), separators=(",", ":"), ensure_ascii=True)
    return form


def _guarded(request, *, json_key: str, form_key: str):
    if getattr(request, "_tavern_limits", False):
        return request

    @functools.wraps(request)
    def wrapper(*args, **kwargs):
        if kwargs.get(json_key) is not None:
            fit(kwargs[json_key])
        if kwargs.get(form_key):
            _fit_form(kwargs[form_key])
        return request(*args, **kwargs)

    wrapper._tavern_limits = True  # type: ignore[attr-defined]
    return wrapper


def install(bot: Any) -> None:
    """Clip everything ``bot`` sends: its REST client and the interaction webhook adapter.
    (discord.py shares one adapter per process for interaction answers, so that part is
    process-wide; installing twice wraps nothing twice.)"""
    from discord.webhook.async_ import async_context

    bot.http.request = _guarded(bot.http.request, json_key="json", form_key="form")
    adapter = async_context.get()
    adapter.request = _guarded(adapter.request, json_key="payload", form_key="multipart")
