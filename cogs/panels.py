"""A seat's private panel (hand, news, controls): one shape for DMs and ephemeral answers, in
the language of the player who reads it."""

from __future__ import annotations

from storage import GameRecord
from tables import TableService
from tables.words import t

from . import render, ui


def heading(
    service: TableService, game: GameRecord, seat: int, reminder: bool = False, lang: str = "en"
) -> str:
    acting = service.to_act(game)
    if seat not in acting or seat in service.turns.taking_for(game):  # the table takes it for them
        return ""
    word = "turn" if acting == [seat] else "decision"
    return t(lang, f"hand.reminder_{word}" if reminder else f"hand.your_{word}")


def private_panel(
    service: TableService,
    game: GameRecord,
    seat: int,
    news: list | None = None,
    *,
    reminder: bool = False,
    undo: int | None = None,
    lang: str = "en",
    since: list[str] | None = None,
) -> dict:
    """The kwargs of a message: a link line (plus a note if some choices did not fit), the hand
    embed and, when the seat must decide, its controls (None otherwise, which clears them;
    at a practice table with a Hint button).
    ``news``: texts, or messages shown in ``lang``. ``undo``: the game version, when the seat
    may take back its last decision (an Undo button; see ``undo_version``). ``since``: the
    public news since the seat's last move (texts), shown below."""
    head = heading(service, game, seat, reminder, lang)
    embed = render.hand_embed(service, game, seat, news, head or None, lang, since)
    view, note = (None, "")
    if head:
        token = game.seats[seat].prompt_version
        view, note = ui.controls_view(game.id, token, service.choices(game, seat, lang), lang)
        if game.practice:  # the hard bot's advice, asked from here (issue 26)
            view = ui.with_hint(view, game.id, token, lang)
    view = ui.with_undo(view, game.id, undo, lang)
    url = render.thread_url(game)
    link = t(lang, "hand.table", id=game.id) + (f": {url}" if url else "")
    return {"content": "\n".join(filter(None, [link, note])), "embed": embed, "view": view}


async def undo_version(service: TableService, game: GameRecord, seat: int) -> int | None:
    """The version an Undo button carries, or None when the seat cannot undo now."""
    return game.version if await service.undo.can_undo(game, seat) else None
