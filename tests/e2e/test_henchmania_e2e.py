"""Henchmania end to end: the real discord.py bot against the fake Discord.

One 3-day game (alice and bob with DMs open, one random bot) from /play to the final scores,
played only through the players' controls: the turn DMs, the ephemeral "My hand" panel of the
board, and now and then /henchmania move. The humans follow a fixed chooser (below) that steers
the game into duels: alice plays every Glove she gets against bob, bob collects dice reactions
(Prayer, Holy water, Courtesan, Apothecary, Providence...) and uses one whenever he is asked.
The test checks from the move log and the DMs that alice duelled with a Glove and that bob,
during alice's turn, reacted in a duel's reaction window through a control of his DM.

Hidden information: the board embed and the thread messages are compared, after every move,
with what the engine says is public (the seats' hands, the private events of the move log).
"""

from __future__ import annotations

import functools
import os
import random
import re
from dataclasses import dataclass, field

from engines.henchmania import ENGINE
from engines.henchmania.data import CARDS
from tables.service import fill_names
from tests.e2e.harness import (
    Table,
    assert_every_board_update_has_its_picture,
    check_picture,
    confirm_if_asked,
    controls,
    open_table,
    running_bot,
    use_control,
)
from tests.fakediscord import FakeDiscord, error_log_guard

SEED = 6  # the table's seed (make_bot): deck order, dice and the bot's choices
DAYS = 3
SLASH_EVERY = 17  # every 17th human move is typed as /henchmania move ...
HAND_EVERY = 7  # ... and every 7th (else) is made from the board's "My hand" panel
REACTIONS = ("prayer", "holy", "court", "prov", "olprov", "conf", "olconf", "apoth")
SHOW = bool(os.environ.get("HENCHMANIA_E2E_SHOW"))  # print the board and panels (development)

# Where each human likes to send Henchmen and which cards they like to play.
PLACE_PREF = {0: ["square", "armory", "church"], 1: ["church", "square", "castle"]}
PLAY_PREF = {
    0: ["glove", "prayer", "holy", "apoth", "courtesan", "providence", "confidence"],
    1: ["prayer", "holy", "apoth", "courtesan", "providence", "confidence", "glove"],
}


def choose(seat: int, actions: list[str], move_number: int) -> str:
    """The humans' fixed policy: a function of the legal actions and the move number only, so
    that a game is reproducible from the table seed."""
    rnd = random.Random(move_number * 31 + seat)
    reacts = [a for a in actions if a.split(":")[0] in REACTIONS]
    if reacts:
        return reacts[0]
    if "accept" in actions and "guard" in actions:
        return "accept"  # take up the duel: we want it to happen
    weapons = sorted(a for a in actions if a.startswith("weapon:"))
    if weapons:
        return weapons[0]
    places = [a for a in actions if a.split(":")[0] in ("place", "porter")]
    if places:
        for site in PLACE_PREF[seat]:
            here = [a for a in places if a.split(":")[1] == site]
            if here:
                return here[0]
        return rnd.choice(places)
    plays = [a for a in actions if a.startswith("play:")]
    if plays:
        for card in PLAY_PREF[seat]:
            if "play:" + card in plays:
                return "play:" + card
        return rnd.choice(plays)
    args = [a for a in actions if a.startswith("arg:")]
    if args:
        other = "arg:p%d" % (1 - seat)  # aim at the other human
        return other if other in args else rnd.choice(args)
    rest = [a for a in actions if a != "back"]
    return rnd.choice(rest or actions)


def control_action(control: tuple[str, str | None]) -> str:
    custom_id, value = control
    return value if value is not None else custom_id.split(":", 4)[4]


CARD_NAMES = sorted({row[0] for row in CARDS.values()}, key=len, reverse=True)
CARD_PATTERNS = [(n, re.compile(r"\b%s\b" % re.escape(n))) for n in CARD_NAMES]


@functools.lru_cache(maxsize=4096)  # the thread's messages are read again after every move
def card_names_in(text: str) -> frozenset[str]:
    return frozenset(n for n, pattern in CARD_PATTERNS if pattern.search(text))


class PublicRecord:
    """Replays the move log with the engine: which texts were public and which private, and which
    card names have been public so far (in an event or on the public board)."""

    def __init__(self, game):
        self.names = [s.name for s in game.seats]
        self.state = ENGINE.new_game(len(game.seats), game.seed, game.options)
        self.done = 0
        self.private: set[str] = set()
        self.private_of: dict[int, set[str]] = {s: set() for s in range(len(self.names))}
        self.public_names = card_names_in(self._board())

    def _board(self) -> str:
        return fill_names(ENGINE.board_text(ENGINE.view(self.state, None)), self.names)

    def advance(self, moves) -> None:
        for move in moves[self.done :]:
            self.state, events = ENGINE.apply(self.state, move.seat, move.action)
            for e in events:
                text = fill_names(e.text, self.names)
                if e.audience is None:
                    self.public_names |= card_names_in(text)
                else:
                    self.private.add(text)
                    for seat in e.audience:
                        self.private_of[seat].add(text)
            self.public_names |= card_names_in(self._board())
        self.done = len(moves)

    def secret_names(self) -> set[str]:
        """Names of cards in some hand now that never were public."""
        held = {CARDS[c][0] for hand in self.state["hand"] for c in hand}
        return held - self.public_names


HAND_LINE = re.compile(r"^  Hand: \d+ \((empty|[A-Za-z ]+ \d+(, [A-Za-z ]+ \d+)*)\) \| Trump: ")


@dataclass
class Henchmania(Table):
    """The harness's Table with the fixed chooser instead of random picks."""

    record: PublicRecord | None = None
    human_moves: int = 0
    by_hand_button: int = 0
    reactions: list = field(default_factory=list)
    checked_boards: int = 0
    secrets_checked: int = 0  # checks made while some hand held a never-shown card
    duel_results: set = field(default_factory=set)  # "... wins the duel ..." lines seen

    async def panel_via_hand_button(self, user):
        res = await self.fake.click(
            user, self.board(), self.fake.find_button(self.board(), "My hand")
        )
        assert res.ephemeral and res.message.ephemeral_user_id == user.id
        return res.message

    async def play_chosen(self):
        game = await self.game()
        acting = sorted(s for s in self.service.to_act(game) if s in self.users)
        assert acting, "no human has to act"
        seat = acting[0]
        user = self.users[seat]
        state = self.service.state(game)
        step = state["step"]
        before = game.move_count
        self.human_moves += 1
        if self.human_moves % SLASH_EVERY == 0:
            action = choose(
                seat, self.service.engine("henchmania").legal_actions(state, seat), before
            )
            choices = await self.fake.autocomplete(
                user, self.thread, "henchmania move", "action", typed=action
            )
            # The value carries the prompt version ("<action>@<version>"), see cogs/game_commands.
            (value,) = [c["value"] for c in choices if c["value"].split("@")[0] == action]
            res = await self.fake.slash(user, self.thread, "henchmania move", action=value)
            assert res.ephemeral
            res = await confirm_if_asked(self.fake, user, res)  # passing for the day asks first
            self.moves_by_slash += 1
            where = "slash"
        else:
            if self.human_moves % HAND_EVERY == 0:
                message, where = await self.panel_via_hand_button(user), "hand"
                self.by_hand_button += 1
            else:
                message = await self.panel(user)
                where = "hand" if message.ephemeral else "dm"
            options = controls(message)
            assert options, f"no controls for {user.name}: {message.embed_text}"
            by_action = {control_action(c): c for c in options}
            assert sorted(by_action) == sorted(
                self.service.engine("henchmania").legal_actions(state, seat)
            )
            action = choose(seat, list(by_action), before)
            panel_text = message.embed_text
            if SHOW and (action.split(":")[0] in REACTIONS or action == "play:glove"):
                print(
                    f"--- {user.name}'s panel ({where}) before {action}:\n{message.content}\n"
                    f"{message.embed_text}\n{[b.get('label') for b in message.buttons]}"
                    f"{[o['label'] for s in message.selects for o in s['options']]}"
                )
                if step["k"] == "react":
                    print("--- board:\n" + self.board().embed_text)
            res = await use_control(self.fake, user, message, by_action[action])
            assert res.response_type == 7, (res.content, res.embed_text)
            res = await confirm_if_asked(self.fake, user, res)
            self.moves_by_click += 1
        if step["k"] == "react" and action != "pass":
            duel = state["duel"]
            self.reactions.append(
                {
                    "seat": seat,
                    "action": action,
                    "where": where,
                    "panel": panel_text if where != "slash" else "",
                    "turn": state["turn"],
                    "attacker": duel["a"],
                    "defender": duel["d"],
                    "move": before,
                }
            )
        await self.fake.settle()
        after = await self.game()
        assert after.move_count > before, f"the move was not applied: {res.content}"
        await self.check_public()
        if SHOW and step["k"] in ("react", "guard", "weapon", "nosy", "choir"):
            print(f"--- after {user.name}'s {action} (move {before}):\n" + self.board().embed_text)
            dm = self.fake.dm_messages(user)[-1]
            print(f"--- {user.name}'s last DM:\n{dm.content}\n{dm.embed_text}")

    async def check_public(self):
        """The board and the thread show nothing a seat holds privately."""
        game = await self.game()
        if self.record is None:
            self.record = PublicRecord(game)
        self.record.advance(await self.service.store.moves(self.game_id))
        assert self.record.state == self.service.state(game)
        board = self.board().embed_text
        assert board.startswith(f"Henchmania · table #{game.id}")
        check_picture(self.board())
        # the board in words ("Text board", for screen readers; kept in the message at the end)
        # is the spectator's board text
        words = ((await self.text_board()) if game.status == "running" else self.board().embeds[0])[
            "description"
        ]
        assert words == self.service.board_text(game)
        hand_lines = [ln for ln in words.split("\n") if ln.startswith("  Hand:")]
        assert len(hand_lines) == len(game.seats)
        assert all(HAND_LINE.match(ln) for ln in hand_lines), hand_lines
        public = [board, words] + [
            m.content + "\n" + m.embed_text for m in self.fake.channel_messages(self.thread)[1:]
        ]
        secret = self.record.secret_names()
        self.secrets_checked += bool(secret)
        for text in public:
            assert "Your hand" not in text and "News for you" not in text
            assert not card_names_in(text) & secret, (card_names_in(text) & secret, text)
            for private in self.record.private:
                assert private not in text, (private, text)
        story = "\n".join(public)  # the news rides above each board in the thread
        self.duel_results |= {ln for ln in story.split("\n") if " wins the duel" in ln}
        self.checked_boards += 1


async def test_a_whole_game_with_a_duel_and_a_reaction(tmp_path):
    db = str(tmp_path / "tavern.db")
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Tavern")
            chan = fake.add_text_channel(guild, "games")
            alice, bob = fake.add_user("alice"), fake.add_user("bob")
            async with running_bot(fake, db, seed=SEED) as bot:
                lobby, thread = await open_table(
                    fake, chan, alice, "henchmania", joiners=(bob,), options=f"days={DAYS}"
                )
                game = (await bot.tables.games_of_user(alice.id))[0]
                assert game.seed == SEED and game.options["days"] == DAYS
                table = Henchmania(fake, bot, game.id, thread, {0: alice, 1: bob})
                assert "Henchmania" in table.board().embed_text
                assert fake.find_button(table.board(), "My hand")
                await table.check_public()
                # alice (Badge holder) got a DM with her hand and the placement controls.
                first = fake.dm_messages(alice)[-1]
                assert controls(first) and "Your hand" in first.embed_text

                while (await table.game()).status == "running":
                    await table.play_chosen()
                    assert table.human_moves < 400, "the game did not end"

                await fake.settle()
                game = await table.game()
                assert game.status == "finished"
                assert await bot.tables.history.replay(game.id) == game.state
                log = [(m.seat, m.action) for m in await bot.tables.store.moves(game.id)]

                # alice duelled bob with a Glove ...
                gloves = [i for i, (s, a) in enumerate(log) if s == 0 and a == "play:glove"]
                assert gloves and log[gloves[0] + 1] == (0, "arg:p1")
                # ... and bob reacted in a duel window during alice's turn, from his DM.
                out_of_turn = [
                    r
                    for r in table.reactions
                    if r["seat"] == 1
                    and r["turn"] == 0
                    and r["attacker"] == 0
                    and r["where"] == "dm"
                ]
                assert out_of_turn, table.reactions
                react = out_of_turn[0]
                assert log[react["move"]] == (1, react["action"])
                assert "Your turn" in react["panel"] and "Your hand" in react["panel"]
                # The duels' results were shown on the public board.
                assert any(
                    ln.startswith("Alice wins the duel") or "wins the duel: " in ln
                    for ln in table.duel_results
                ), table.duel_results

                # Hidden information was checked after every move, also while hands held cards
                # nobody else had seen; DMs carried only their reader's private news.
                assert table.checked_boards == table.human_moves + 1
                assert table.secrets_checked > table.human_moves // 2
                for seat, user in table.users.items():
                    news = [
                        f["value"]
                        for m in fake.dm_messages(user)
                        for e in m.embeds
                        for f in e.get("fields", [])
                        if f["name"] == "News for you"
                    ]
                    assert news
                    for line in "\n".join(news).split("\n"):
                        if not line.endswith(" …"):  # the field is clipped at 1000
                            assert line in table.record.private_of[seat], (user.name, line)

                texts = [m.content for m in fake.channel_messages(thread)]
                assert any("Final scores" in t for t in texts)
                assert "Game over" in table.board().embeds[0]["footer"]["text"]
                assert "Finished" in fake.message(lobby.id).embed_text
                assert table.moves_by_slash > 0 and table.by_hand_button > 0
                # every board update carried the picture, in the same request
                assert assert_every_board_update_has_its_picture(fake, table) > table.human_moves
                if SHOW:
                    print(table.board().embed_text)
                    print(texts[-1])
                    print(len(log), table.human_moves, table.reactions)
            assert fake.unknown_calls == []
