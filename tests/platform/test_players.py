"""``tables.players.Players``: each player's own (settings, language, what quiet hours held
back), a service of its own on a store and a clock, with no table in sight."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from storage import UserSettings
from tables import TableError
from tables.players import Players

ANN, BEN = 10, 11
NIGHT = datetime(2026, 3, 2, 23, tzinfo=UTC).timestamp()


@pytest.fixture
def players(store, clock):
    return Players(store, clock)


async def test_defaults_then_a_change_that_is_kept(players, store, clock):
    assert await players.settings(ANN) == UserSettings(ANN)
    new = await players.change(ANN, notify="both", remind_hours=6, timezone="Europe/Berlin")
    assert (new.notify, new.remind_hours, new.timezone) == ("both", 6, "Europe/Berlin")
    assert await players.settings(ANN) == new
    assert await Players(store, clock).settings(ANN) == new  # stored, not only remembered
    both = await players.settings_of([ANN, BEN])
    assert both == {ANN: new, BEN: UserSettings(BEN)}


@pytest.mark.parametrize(
    "change",
    [
        {"notify": "pigeon"},
        {"obvious": "maybe"},
        {"remind_hours": 0},
        {"remind_hours": 73},
        {"timezone": "Mars/Olympus"},
        {"quiet_start": 24},
        {"quiet_start": 22},  # quiet hours need both ends
    ],
)
async def test_a_refused_change_changes_nothing(players, change):
    with pytest.raises(TableError):
        await players.change(ANN, **change)
    assert await players.settings(ANN) == UserSettings(ANN)


async def test_quiet_hours_and_what_they_hold(players, store):
    prefs = await players.change(ANN, quiet_start=22, quiet_end=7)
    players.clock = lambda: NIGHT
    assert players.quiet_now(prefs)
    await players.hold(prefs)  # (a table's news is held with its game: see test_settings_away)
    assert await store.held_users() == [ANN]
    held = await players.settings(ANN)  # read again: the hold changed what is stored
    assert held.held_since == NIGHT
    off = await players.change(ANN, quiet_off=True)
    assert not players.quiet_now(off) and (off.quiet_start, off.quiet_end) == (None, None)


async def test_a_change_made_elsewhere_is_read_once_told(players, store):
    await players.settings(ANN)  # remembered
    await store.set_away(ANN, 1.0, 2.0, True)
    assert (await players.settings(ANN)).away_until is None  # still the remembered one
    players.changed(ANN)
    assert (await players.settings(ANN)).away_until == 2.0


async def test_a_players_language(players, store, clock):
    assert await players.user_lang(ANN) == "en"  # never seen: English
    assert await players.user_lang(None) == "en"
    assert await players.remember_lang(ANN, "de") == "de"
    assert await players.remember_lang(BEN, "es-ES") == "es"
    assert await Players(store, clock).user_lang(ANN) == "de"  # stored
    assert await players.remember_lang(ANN, "xx") == "en"  # unknown: English
