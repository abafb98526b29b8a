"""A seat's private panel (hand, news, controls): one shape for DMs and ephemeral answers."""
from __future__ import annotations

from storage import GameRecord
from tables import TableService

from . import render, ui


def heading(service: TableService, game: GameRecord, seat: int, reminder: bool = False) -> str:
    acting = service.to_act(game)
    if seat not in acting:
        return ""
    word = "Your turn" if acting == [seat] else "Your decision"
    return f"Reminder: {word.lower()}" if reminder else word


def private_panel(service: TableService, game: GameRecord, seat: int,
                  news: list[str] | None = None, *, reminder: bool = False,
                  undo: int | None = None) -> dict:
    """The kwargs of a message: a link line (plus a note if some choices did not fit), the hand
    embed and, when the seat must decide, its controls (None otherwise, which clears them).
    ``undo``: the game version, when the seat may take back its last decision (an Undo button;
    see ``undo_version``)."""
    head = heading(service, game, seat, reminder)
    embed = render.hand_embed(service, game, seat, news, head or None)
    view, note = (None, "")
    if head:
        view, note = ui.controls_view(game.id, game.seats[seat].prompt_version,
                                      service.choices(game, seat))
    view = ui.with_undo(view, game.id, undo)
    url = render.thread_url(game)
    link = f"Table #{game.id}" + (f": {url}" if url else "")
    return {"content": "\n".join(filter(None, [link, note])), "embed": embed, "view": view}


async def undo_version(service: TableService, game: GameRecord, seat: int) -> int | None:
    """The version an Undo button carries, or None when the seat cannot undo now."""
    return game.version if await service.can_undo(game, seat) else None
