"""Der Herr der Wichtel end to end: the real discord.py bot against the fake Discord.

One end-to-end game through the fake Discord with bribes and an out-of-turn round end: a 4-seat
game (alice and bob with DMs open, carol with DMs closed, one bot) from /play to final scores.
Every human decision goes through the DM panel's buttons/selects, the "My hand" panel (carol) or
now and then /wichtel move. The humans bribe whenever they can and end a round only when they
receive a leprechaun out of turn, so the game holds face-down bribes offered through the
controls and rounds ended by someone whose move it is not.

Bribes are offered in turns (the default option): one player after another from the enlister's
left, each seeing whether the earlier ones laid a card.

Hidden information is checked after every move: the move log is replayed through the engine to
know every private event, and no thread/channel message or board embed may contain one (nor a
hand); a first exchange pick changes nothing public but the footer; a face-down bribe tells the
table only that a card was laid (never which) until the reveal; the board's "Latest" field
shows exactly the public events; a DM's news holds only that seat's private events.
"""

from __future__ import annotations

import random
import re

from engines.wichtel.data import EV_NAME
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

GAME_SEED = 4  # make_bot's seed: the deal, the dice and the bot's choices
CHOOSER_SEED = 6
TARGET = 50  # table option: a shorter game than the rulebook's 99
SLASH_EVERY = 2  # every 2nd human move in phase "main" is typed as /wichtel move

# Text that only a seat's own panel may show.
PRIVATE_MARKERS = (
    "Your retinue",
    "Your events",
    "Your face-down bribe",
    "You hand over",
    "You offer",
    "You received",
    "You discarded",
    "News for you",
    "Your decision",
    "If the round ended now",
)
SEAT_ROW = re.compile(r"^[▶ ] (.+?): 🂠+ · (\d+) events · (-?\d+) pts$", re.M)


def choose(state: dict, seat: int, legal: list[str], rnd: random.Random) -> str:
    """A human's pick: bribe with a Rindentaler whenever possible, free the Wahlleiter at once,
    end the round only out of turn (never when the mover himself receives), else at random."""
    phase = state["phase"]
    if phase == "bribe":
        bribes = [a for a in legal if a.startswith("bribe:r")]
        if bribes:
            return rnd.choice(bribes)
    if phase == "endround":
        return "endround" if seat != state["active"] else "continue"
    if phase == "end" and "free" in legal:
        return "free"
    return rnd.choice(legal)


def action_of(control: tuple[str, str | None]) -> str:
    custom_id, value = control
    return value if value is not None else custom_id.split(":", 4)[4]


def board_parts(message) -> tuple[str, list]:
    """The board embed without its footer (which names who is still deciding)."""
    embed = message.embeds[0]
    return embed.get("description", ""), embed.get("fields", [])


class Secrets:
    """Replays the stored moves to know each event's audience; checks the public places."""

    def __init__(self, table: Table, channel, engine, names: list[str]) -> None:
        self.table, self.channel, self.engine = table, channel, engine
        self.names = names
        self.state = None
        self.seen = 0
        self.private: dict[int, set[str]] = {i: set() for i in range(len(names))}
        self.private_all: set[str] = set()
        self.public_all: list[str] = []  # every public event so far
        # (audience, text) of the batch of moves that opened the current round-end offers
        self.offer_batch: list[tuple[tuple[int, ...] | None, str]] = []
        self.public_checks = 0

    def fill(self, text: str) -> str:
        return re.sub(r"\{p(\d)\}", lambda m: self.names[int(m.group(1))], text)

    async def start(self, game) -> None:
        self.state = self.engine.new_game(len(game.seats), game.seed, game.options)
        await self.catch_up()

    async def catch_up(self) -> list[str]:
        """Apply the moves stored since the last call; return this batch's public events."""
        service = self.table.service
        game = await self.table.game()
        moves = await service.store.moves(self.table.game_id)
        public: list[str] = []
        batch = []
        offers_open = self.state["phase"] == "endround"
        for move in moves[self.seen :]:
            self.state, events = self.engine.apply(self.state, move.seat, move.action)
            for event in events:
                text = self.fill(event.text)
                batch.append((event.audience, text))
                if event.audience is None:
                    public.append(text)
                else:
                    for seat in event.audience:
                        self.private[seat].add(text)
                    self.private_all.add(text)
        self.seen = len(moves)
        if not offers_open:
            self.offer_batch = batch
        assert self.engine.dump(self.state) == game.state, "the move log does not replay"
        self.public_all += public
        self.check_public()
        self.check_dms()
        if game.status == "running" and self.state["phase"] == "bribe":
            await self.check_bribe_board()
        return public

    def public_texts(self) -> list[str]:
        fake = self.table.fake
        messages = fake.channel_messages(self.channel) + fake.channel_messages(self.table.thread)
        return [m.content + "\n" + m.embed_text for m in messages]

    def check_public(self) -> None:
        for text in self.public_texts():
            for marker in PRIVATE_MARKERS:
                assert marker not in text, f"{marker!r} in a public message:\n{text}"
            for secret in self.private_all:
                assert secret not in text, f"private {secret!r} in a public message:\n{text}"
        board = self.table.board()
        check_picture(board)
        # the story: every public event, in order, in the thread's messages (the news rides
        # above each board; a result has a message of its own)
        fake = self.table.fake
        story = iter(
            line
            for m in fake.channel_messages(self.table.thread)
            for line in (m.content or "").split("\n")
        )
        expected = [line for text in self.public_all for line in text.split("\n")]
        missing = [line for line in expected if not any(line == s for s in story)]
        assert not missing, f"public events missing from the thread, in order: {missing}"
        self.public_checks += 1

    def check_dms(self) -> None:
        fake = self.table.fake
        for seat, user in self.table.users.items():
            for message in fake.dm_messages(user):
                for field in message.embeds[0].get("fields", []) if message.embeds else []:
                    if field["name"] != "News for you":
                        continue
                    for line in field["value"].split("\n"):
                        if line.endswith(" …"):
                            continue
                        assert line in self.private[seat], (
                            f"{user.name}'s DM shows news not addressed to them: {line!r}"
                        )

    async def check_bribe_board(self) -> None:
        """While bribes lie face down the board shows no bribe, and a face-down bribe still
        counts in its owner's event count (so the count does not tell who bribed); with bribes in
        turns, the board says who laid a card, never which."""
        summary, _ = board_parts(self.table.board())
        description = (await self.table.text_board())["description"]  # the board in words
        for text in (summary, description):
            assert "bribes:" not in text and "Top bribe" not in text
        bids = self.state["enl"]["bids"]
        (enlisting,) = [line for line in description.split("\n") if line.startswith("Enlisting:")]
        for seat, name in enumerate(self.names):
            if bids[seat]:
                assert EV_NAME[bids[seat]] not in enlisting, enlisting
                assert f"{name} laid a card" in enlisting, enlisting
            elif bids[seat] == "" and self.state["ev"][seat] and seat != self.state["active"]:
                assert f"{name} no card" in enlisting, enlisting
        rows = {name: int(count) for name, count, _ in SEAT_ROW.findall(description)}
        assert len(rows) == len(self.names), description
        for seat, name in enumerate(self.names):
            shown = len(self.state["ev"][seat]) + (1 if bids[seat] else 0)
            assert rows[name] == shown, (name, rows[name], shown)


class Record:
    """What happened during the game, for the final assertions."""

    def __init__(self) -> None:
        self.face_down: list[tuple[str, str]] = []  # (name, card) bribed by a control
        self.revealed: list[tuple[str, str]] = []  # ...and shown at the reveal
        self.hidden_steps = {"bribe": 0, "exchange": 0}
        self.exchanges = 0
        self.bot_bribe_hidden = 0
        self.out_of_turn_ends: list[tuple[str, int, str]] = []  # (name, round, how received)
        self.by_slash = 0
        self.by_control = 0
        self.main_moves = 0


async def play_move(table: Table, secrets: Secrets, record: Record, rnd: random.Random) -> None:
    fake, service = table.fake, table.service
    game = await table.game()
    state = service.state(game)
    acting = [s for s in service.to_act(game) if s in table.users]
    assert acting, "no human has to act"
    seat = rnd.choice(acting)
    user = table.users[seat]
    panel = await table.panel(user)
    options = controls(panel)
    by_action = {action_of(c): c for c in options}
    legal = sorted(by_action)
    assert legal == sorted(service.engine("wichtel").legal_actions(state, seat))
    action = choose(state, seat, legal, rnd)

    phase = state["phase"]
    board_before = board_parts(table.board())
    thread_before = [(m.id, m.content) for m in fake.channel_messages(table.thread)]
    before = game.move_count
    out_of_turn = phase == "endround" and action == "endround" and seat != state["active"]
    if out_of_turn:
        assert state["offer"][0] == seat  # offered because this seat just received one
        name = secrets.names[seat]
        received = [
            t
            for audience, t in secrets.offer_batch
            if (audience == (seat,) and t.startswith("You received "))
            or (audience is None and t.startswith((f"{name} puts ", f"{name} receives ")))
        ]
        assert received, f"{name} ends the round without having just received a leprechaun"
        how = received[0]
        (button,) = [b for b in panel.buttons if b["custom_id"] == by_action[action][0]]
        assert button["label"] == "End the round now"

    if phase == "main":
        record.main_moves += 1
    if phase == "main" and record.main_moves % SLASH_EVERY == 0:
        offered = await fake.autocomplete(user, table.thread, "wichtel move", "action")
        assert action in [c["value"].split("@")[0] for c in offered]  # "<action>@<version>"
        res = await fake.slash(user, table.thread, "wichtel move", action=action)
        assert res.ephemeral, "a typed move's answer shows the hand: it must be ephemeral"
        res = await confirm_if_asked(fake, user, res)  # a move that cannot be undone asks
        record.by_slash += 1
    else:
        res = await use_control(fake, user, panel, by_action[action])
        assert res.response_type == 7, (res.content, res.embed_text[:300])
        res = await confirm_if_asked(fake, user, res)
        record.by_control += 1
    await fake.settle()
    game = await table.game()
    assert game.move_count > before, f"not applied: {res.content} {res.embed_text[:300]}"

    public = await secrets.catch_up()
    after = secrets.state
    alone = game.move_count == before + 1
    if phase == "exchange" and alone and after["phase"] == phase:
        # A face-down pick while the partner still decides: nothing public changes but the
        # footer (who is still deciding), no thread message, no public event.
        assert public == []
        assert board_parts(table.board()) == board_before
        assert [(m.id, m.content) for m in fake.channel_messages(table.thread)] == thread_before
        record.hidden_steps[phase] += 1
    if phase == "bribe" and alone and after["phase"] == phase:
        # A bribe in turns while later players still decide: the table learns whether a card
        # was laid, never which (check_bribe_board looked at the board).
        name = secrets.names[seat]
        laid = action.startswith("bribe:")
        assert public == [f"{name} lays a card face down." if laid else f"{name} lays no card."]
        record.hidden_steps[phase] += 1
        if laid:
            record.face_down.append((name, EV_NAME[action[6:]]))
            assert f"Your face-down bribe: {EV_NAME[action[6:]]}" in res.embed_text
    if after["phase"] == "bribe" and any(
        after["enl"]["bids"][s] for s in range(len(secrets.names)) if s not in table.users
    ):
        record.bot_bribe_hidden += 1
    for line in public:
        if line.startswith("Bribes revealed"):
            # Only now do the face-down bribes offered by the controls become public.
            for name, card in record.face_down:
                assert f"{name}: {card}" in line, (name, card, line)
            record.revealed += record.face_down
            record.face_down = []
        if "have exchanged" in line:
            # The exchange names who, never which cards.
            pair = "|".join(re.escape(n) for n in secrets.names)
            assert re.fullmatch(rf"({pair}) and ({pair}) have exchanged a leprechaun\.", line)
            record.exchanges += 1
    if out_of_turn:
        ended = (
            f"{secrets.names[seat]} steps before the Wahlleiter and ends round {state['round']}."
        )
        assert ended in public
        assert after["last"]["ended_by"] == seat and after["last"]["round"] == state["round"]
        record.out_of_turn_ends.append((secrets.names[seat], state["round"], how))


async def test_a_whole_game_with_bribes_and_an_out_of_turn_round_end(tmp_path):
    db = str(tmp_path / "tavern.db")
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Tavern")
            chan = fake.add_text_channel(guild, "games")
            alice, bob = fake.add_user("alice"), fake.add_user("bob")
            carol = fake.add_user("carol", dms_open=False)
            async with running_bot(fake, db, seed=GAME_SEED) as bot:
                lobby, thread = await open_table(
                    fake, chan, alice, "wichtel", joiners=(bob, carol), options=f"target={TARGET}"
                )
                game = (await bot.tables.games_of_user(alice.id))[0]
                assert game.seed == GAME_SEED
                assert game.options == {"target": TARGET, "bribes": "turns"}
                names = [s.name for s in game.seats]
                assert [s.user_id for s in game.seats[:3]] == [alice.id, bob.id, carol.id]
                assert game.seats[3].is_bot
                table = Table(fake, bot, game.id, thread, {0: alice, 1: bob, 2: carol})
                assert "Der Herr der Wichtel" in table.board().embed_text
                assert f"play to {TARGET}" in (await table.text_board())["description"]
                secrets = Secrets(table, chan, bot.tables.engine("wichtel"), names)
                await secrets.start(game)

                rnd = random.Random(CHOOSER_SEED)
                record = Record()
                human_moves = 0
                while (await table.game()).status == "running":
                    await play_move(table, secrets, record, rnd)
                    human_moves += 1
                    assert human_moves < 200, "the game did not end"

                await fake.settle()
                game = await table.game()
                state = bot.tables.state(game)
                assert game.status == "finished" and state["over"]
                assert max(state["totals"]) >= TARGET
                assert await bot.tables.history.replay(game.id) == game.state

                # The situations this test is about really happened, through the controls.
                assert record.revealed, "no face-down bribe offered by a control was revealed"
                assert record.face_down == []
                assert record.hidden_steps["bribe"] and record.hidden_steps["exchange"]
                assert record.exchanges
                assert record.bot_bribe_hidden, "no bot bribe lay face down before a human"
                assert record.out_of_turn_ends, "no human ended a round out of turn"
                log = await bot.tables.store.moves(game.id)
                assert any(m.action.startswith("bribe:") and m.seat in table.users for m in log)
                assert record.by_slash and record.by_control

                # Final scores in the thread, the board and the lobby closed.
                finals = [
                    m.content for m in fake.channel_messages(thread) if "Final scores" in m.content
                ]
                assert len(finals) == 1
                for name, total in zip(names, state["totals"]):
                    assert f"{name}: {total}" in finals[0]
                winner = names[state["totals"].index(max(state["totals"]))]
                assert f"🏆 {winner}" in finals[0]
                assert "Game over" in table.board().embeds[0]["footer"]["text"]
                # no controls of the game any more: only the way to play again
                assert [b.get("label") for b in table.board().buttons] == ["Rematch"]
                assert assert_every_board_update_has_its_picture(fake, table) > human_moves
                assert "Finished" in fake.message(lobby.id).embed_text
                closed = [
                    m
                    for m in fake.channel_messages(thread)
                    if "can't send you direct messages" in m.content
                ]
                assert len(closed) == 1 and f"<@{carol.id}>" in closed[0].content
                assert secrets.public_checks == human_moves + 1
            assert fake.unknown_calls == []
