"""Board pictures: every game renders for random states of every player count and option within
300 KB; hidden parts of a state never change a byte; pixel probes catch wrong drawings."""

from __future__ import annotations

import copy
import io
import random

import pytest
from PIL import Image

import pictures
from engines import REGISTRY
from engines.ziegen import data as ziegen_data
from pictures import henchmania, korrigans, wichtel, ziegen
from pictures.palette import SEAT_COLOURS
from pictures.samples import sample_state, sample_view

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def rgb(png: bytes) -> Image.Image:
    assert png.startswith(PNG_MAGIC)
    return Image.open(io.BytesIO(png)).convert("RGB")


def count_colour(img: Image.Image, box, colour) -> int:
    x0, y0, x1, y1 = (int(v) for v in box)
    colours = img.crop((x0, y0, x1, y1)).getcolors(maxcolors=1 << 16) or []
    return sum(count for count, px in colours if px == tuple(colour))


def picture_of(kind: str, state, lang: str = "en") -> bytes:
    return pictures.picture(kind, REGISTRY[kind].view(state, None), lang=lang)


# --- every game, every player count, every option -------------------------------------------------
def _option_variants(engine) -> list[dict]:
    """The defaults, then each other choice of each option on its own."""
    variants = [{}]
    for key, choices in engine.option_choices.items():
        variants += [{key: c} for c in choices if c != engine.options[key]]
    for key, default in engine.options.items():
        if isinstance(default, bool):
            variants.append({key: not default})
    return variants


@pytest.mark.parametrize("kind", pictures.kinds())
def test_every_player_count_renders_through_a_whole_random_game(kind):
    engine = REGISTRY[kind]
    for players in range(engine.min_players, engine.max_players + 1):
        rnd = random.Random(players)
        state = engine.new_game(players, 100 + players)
        step = 0
        sizes = []
        while True:
            if step % 9 == 0 or engine.is_over(state):
                png = picture_of(kind, state)
                assert png.startswith(PNG_MAGIC) and len(png) <= pictures.MAX_BYTES
                sizes.append(len(png))
            if engine.is_over(state):
                break
            seat = rnd.choice(engine.to_act(state))
            state, _ = engine.apply(state, seat, rnd.choice(engine.legal_actions(state, seat)))
            step += 1
        assert len(sizes) > 3
        assert rgb(png).size[0] == 1040


@pytest.mark.parametrize("kind", pictures.kinds())
def test_every_option_renders(kind):
    engine = REGISTRY[kind]
    for i, options in enumerate(_option_variants(engine)):
        players = engine.min_players + i % (engine.max_players - engine.min_players + 1)
        for fraction in (0.35, 1.0):
            view = sample_view(kind, players, seed=i, fraction=fraction, options=options)
            png = pictures.picture(kind, view, ["Ann", "Bérénice", "Çağrı", "D" * 40, "Eve"])
            assert png.startswith(PNG_MAGIC) and len(png) <= pictures.MAX_BYTES


def test_only_the_spectator_view_is_drawn():
    state = sample_state("ziegen", 3, 1)
    with pytest.raises(ValueError, match="from the spectator view only"):
        pictures.picture("ziegen", REGISTRY["ziegen"].view(state, 0))
    with pytest.raises(ValueError, match="no picture for 'chess'"):
        pictures.picture("chess", {})


# --- hidden information never changes a byte ---------------------------------------------------
def _hide_ziegen(s, rnd):
    """Other hand cards and another draw-pile order (same counts, nothing revealed touched)."""
    owner = s["owner"]

    def free(card):  # a card whose place is not public through the reserved small goats
        goat_set = ziegen_data.GOAT_SET[card]
        return card not in s["revealed"] and (goat_set is None or goat_set not in owner)

    for hand in s["hands"]:
        for k, card in enumerate(hand):
            swaps = [j for j, c in enumerate(s["draw"]) if free(c) and c != card]
            if free(card) and swaps:
                j = rnd.choice(swaps)
                hand[k], s["draw"][j] = s["draw"][j], card
    s["draw"].reverse()
    s["mull"] = (
        [None if m is None else 0 for m in s["mull"]] if s["phase"] == "mulligan" else s["mull"]
    )


def _hide_korrigans(s, rnd):
    """Other tokens behind the screens and face down on the fields, other Menhirs, bag order."""
    screened = [i for i, up in enumerate(s["screen"]) if up]
    pool = [t for i in screened for t in s["hidden"][i]]
    rnd.shuffle(pool)
    for i in screened:
        k = len(s["hidden"][i])
        s["hidden"][i], pool = pool[:k], pool[k:]
    pool = [t for toks in s["tokens"] for t in toks]
    rnd.shuffle(pool)
    for i, toks in enumerate(s["tokens"]):
        s["tokens"][i], pool = pool[: len(toks)], pool[len(toks) :]
    standing = [i for i, m in enumerate(s["men"]) if m is not None]
    engraved = [s["men"][i] for i in standing]
    rnd.shuffle(engraved)
    for i, m in zip(standing, engraved):
        s["men"][i] = m
    rnd.shuffle(s["bag"])


def _hide_henchmania(s, rnd):
    """Other cards of the same sites in the hands, other deck orders."""
    from engines.henchmania.data import CARDS

    for hand in s["hand"]:
        for k, card in enumerate(hand):
            deck = s["deck"][CARDS[card][1]]
            others = [j for j, c in enumerate(deck) if c != card]
            if others:
                j = rnd.choice(others)
                hand[k], deck[j] = deck[j], card
    for deck in s["deck"].values():
        deck.reverse()


def _hide_wichtel(s, rnd):
    """Retinues and event hands passed round the table, another draw-stack order."""
    s["ret"] = s["ret"][1:] + s["ret"][:1] if len({len(r) for r in s["ret"]}) == 1 else s["ret"]
    pool = [e for hand in s["ev"] for e in hand]
    rnd.shuffle(pool)
    for i, hand in enumerate(s["ev"]):
        s["ev"][i], pool = pool[: len(hand)], pool[len(hand) :]
    draw = "left_stack" if s["dir"] == 1 else "right_stack"
    s[draw].reverse()


HIDE = {
    "ziegen": _hide_ziegen,
    "korrigans": _hide_korrigans,
    "henchmania": _hide_henchmania,
    "wichtel": _hide_wichtel,
}


@pytest.mark.parametrize("lang", ["en", "de", "es"])
@pytest.mark.parametrize("kind", pictures.kinds())
def test_hidden_parts_of_a_state_never_change_the_picture(kind, lang):
    engine = REGISTRY[kind]
    changed = 0
    for players in range(engine.min_players, engine.max_players + 1):
        for fraction in (0.2, 0.5, 0.7):
            state = sample_state(kind, players, seed=7 * players, fraction=fraction)
            if engine.is_over(state):
                continue
            other = copy.deepcopy(engine.dump(state))
            HIDE[kind](other, random.Random(players))
            other = engine.load(other)
            if engine.dump(other) != engine.dump(state):
                changed += 1
            assert picture_of(kind, other, lang) == picture_of(kind, state, lang), (
                players,
                fraction,
            )
    assert changed >= 3, "the hidden changes must really change the state"


# --- pixel probes ---------------------------------------------------------------------------------
def test_ziegen_pens_claims_and_goats_in_their_owners_colour():
    for players in (2, 4, 5):
        view = sample_view("ziegen", players, seed=3, fraction=0.6)
        img = rgb(pictures.picture("ziegen", view))
        size = view["size"]
        step = ziegen.GRID / size

        def cell_box(cell, size=size, step=step):
            r, c = divmod(cell, size)
            return (
                ziegen.LEFT + c * step,
                ziegen.TOP + r * step,
                ziegen.LEFT + (c + 1) * step,
                ziegen.TOP + (r + 1) * step,
            )

        for seat, pen in enumerate(view["pens"]):
            area = step * step
            assert count_colour(img, cell_box(pen), SEAT_COLOURS[seat]) > 0.5 * area
            for other, colour in enumerate(SEAT_COLOURS):
                if other != seat:
                    assert count_colour(img, cell_box(pen), colour) < 0.05 * area
        claimed = [c for c, m in enumerate(view["mark"]) if m >= 0]
        for cell in claimed:
            owner = view["mark"][cell]
            x0, y0, x1, y1 = cell_box(cell)
            assert count_colour(img, (x0, y0, x1, y0 + 8), SEAT_COLOURS[owner]) > step * 0.6
        for cell, card in enumerate(view["grid"]):
            if ziegen_data.is_card(card) and view["mark"][cell] < 0:
                for colour in SEAT_COLOURS[:players]:
                    assert count_colour(img, cell_box(cell), colour) == 0
        # each large goat stands in the band beside its row or column
        from engines.ziegen.geometry import edge_info

        for seat, pos in enumerate(view["goats"]):
            side, idx, _ = edge_info(size)[pos]
            lo, hi = idx * step, (idx + 1) * step
            band = {
                "top": (ziegen.LEFT + lo, ziegen.TOP - ziegen.MARGIN, ziegen.LEFT + hi, ziegen.TOP),
                "bottom": (
                    ziegen.LEFT + lo,
                    ziegen.TOP + ziegen.GRID,
                    ziegen.LEFT + hi,
                    ziegen.TOP + ziegen.GRID + ziegen.MARGIN,
                ),
                "left": (
                    ziegen.LEFT - ziegen.MARGIN,
                    ziegen.TOP + lo,
                    ziegen.LEFT,
                    ziegen.TOP + hi,
                ),
                "right": (
                    ziegen.LEFT + ziegen.GRID,
                    ziegen.TOP + lo,
                    ziegen.LEFT + ziegen.GRID + ziegen.MARGIN,
                    ziegen.TOP + hi,
                ),
            }[side]
            grow = ziegen.GOAT_R * 2  # goats sharing a spot stand side by side
            if side in ("top", "bottom"):
                band = (band[0] - grow, band[1], band[2] + grow, band[3])
            else:
                band = (band[0], band[1] - grow, band[2], band[3] + grow)
            assert count_colour(img, band, SEAT_COLOURS[seat]) > 60, (seat, side, idx)


def test_korrigans_each_korrigan_on_its_field_in_its_colour():
    for players, seed in ((2, 1), (3, 2), (5, 3)):
        view = sample_view("korrigans", players, seed=seed, fraction=0.5)
        img = rgb(pictures.picture("korrigans", view))
        grid = view["map"]["grid"]
        on_field = {f["id"]: {int(k[1]) - 1 for k in f["korrigans"]} for f in view["fields"]}
        assert sum(len(v) for v in on_field.values()) > 0
        for letter, seats in on_field.items():
            cells = [
                (r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch == letter
            ]
            for seat in range(players):
                found = sum(
                    count_colour(
                        img,
                        (
                            korrigans.MAP_X + c * korrigans.CELL,
                            korrigans.MAP_Y + r * korrigans.CELL,
                            korrigans.MAP_X + (c + 1) * korrigans.CELL,
                            korrigans.MAP_Y + (r + 1) * korrigans.CELL,
                        ),
                        SEAT_COLOURS[seat],
                    )
                    for r, c in cells
                )
                assert (found > 150) == (seat in seats), (letter, seat, found)


def _text_boxes(kind: str, view: dict, names: list[str]) -> tuple[Image.Image, dict]:
    """The picture and, per text drawn, the bounding boxes it was drawn at."""
    from pictures.draw import recording

    with recording() as texts:
        img = rgb(pictures.picture(kind, view, names))
    boxes: dict[str, list] = {}
    for t in texts:
        boxes.setdefault(t.text, []).append(t.bbox)
    return img, boxes


NAMES = ["Alice", "Bruno", "Chiara", "Dmitri", "Eszter"]


def test_henchmania_pawns_on_their_sites_and_the_acting_row():
    for seed in range(4):
        view = sample_view("henchmania", 4, seed=seed, fraction=0.3)
        img, boxes = _text_boxes("henchmania", view, NAMES[:4])
        top = henchmania.SITE_Y + henchmania.SITE_HEAD
        for i, site in enumerate(view["sites"]):
            x = henchmania.MARGIN + i * henchmania.SITE_W
            box = (x, top, x + henchmania.SITE_W - 8, henchmania._spots_y(1) + henchmania.SPOT_R)
            for seat, count in enumerate(site["pawns"]):
                found = count_colour(img, box, SEAT_COLOURS[seat])
                assert (found > 100 * count - 1) and (found > 0) == (count > 0), (
                    site["site"],
                    seat,
                    count,
                    found,
                )
        for seat in range(4):
            # the player's row: its name (26 px, bold) at its top; the row's own background
            x0, y0, _x1, _y1 = boxes[NAMES[seat]][-1]  # (after the sites and the duel)
            acting = img.getpixel((henchmania.MARGIN + 4, y0 + 20)) == henchmania.ACTING
            assert acting == (seat in view["to_act"])


def test_wichtel_card_backs_per_player():
    for seed in range(12):
        view = sample_view("wichtel", 3 + seed % 3, seed=seed, fraction=0.45)
        n = view["num_players"]
        img, boxes = _text_boxes("wichtel", view, NAMES[:n])
        for s in range(n):
            x0, y0, _x1, _y1 = boxes[NAMES[s]][0]  # the seat's name; its backs below it
            y = y0 - 8 + 48 + 18
            left = x0 - 48 + 10
            row = [img.getpixel((x, y)) for x in range(left, left + 200)]
            runs = sum(1 for a, b in zip(row, row[1:]) if a != wichtel.BACK and b == wichtel.BACK)
            assert runs == view["retinue_sizes"][s], (s, runs, view["retinue_sizes"])


def test_wichtel_walk_arrow_points_the_walk_direction():
    for direction in ("left", "right"):
        view = dict(sample_view("wichtel", 4, seed=2, fraction=0.3), walk_direction=direction)
        img, boxes = _text_boxes("wichtel", view, NAMES[:4])
        from pictures.wichtel import tr as wichtel_tr

        ends = sorted([boxes[wichtel_tr("draw")][0], boxes[wichtel_tr("discard")][0]])
        y = (ends[0][1] + ends[0][3]) // 2  # the stacks' labels sit on the arrow's line
        start, stop = ends[0][2] + 2, ends[1][0] - 2  # between them: only the arrow
        mid = (start + stop) // 2
        left_half = [x for x in range(start, mid) if img.getpixel((x, y - 9)) == (28, 28, 28)]
        right_half = [x for x in range(mid, stop) if img.getpixel((x, y - 9)) == (28, 28, 28)]
        # the arrow head (wider than the shaft) is at the end the leprechauns walk to
        assert bool(right_half) == (direction == "right") and bool(left_half) == (
            direction == "left"
        )


def test_names_keep_what_the_font_draws():
    from pictures.draw import names_for

    assert names_for(["Zoë 😀", "中文", "", "A" * 30], 5) == [
        "Zoë 😀",
        "Player 2",
        "Player 3",
        "A" * 13 + "…",
        "Player 5",
    ]


def test_pictures_drawn_in_parallel_threads_are_the_same():
    from concurrent.futures import ThreadPoolExecutor

    views = [
        (kind, sample_view(kind, 3, seed=s), None, lang)
        for kind in pictures.kinds()
        for s, lang in ((1, "en"), (2, "de"), (3, "es"))
    ]
    alone = [pictures.picture(*args) for args in views]
    with ThreadPoolExecutor(4) as pool:
        for _ in range(3):
            assert list(pool.map(lambda kv: pictures.picture(*kv), views)) == alone


# --- languages ------------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", pictures.kinds())
def test_german_and_spanish_pictures_are_drawn_in_their_language(kind):
    """Every player count, mid-game and at the end: a de/es picture differs from the English one
    (its labels are translated), stays within 300 KB and leaves the language as it was."""
    from pictures.words import lang as drawing_lang

    engine = REGISTRY[kind]
    for players in range(engine.min_players, engine.max_players + 1):
        for fraction in (0.4, 1.0):
            view = sample_view(kind, players, seed=players, fraction=fraction)
            english = pictures.picture(kind, view, ["Ann", "Bo", "Cy", "Di", "Ed"])
            assert english == pictures.picture(
                kind, view, ["Ann", "Bo", "Cy", "Di", "Ed"], "xx-unknown"
            )  # unknown: English
            for lang in ("de", "es", "es-ES"):
                png = pictures.picture(kind, view, ["Ann", "Bo", "Cy", "Di", "Ed"], lang)
                assert png.startswith(PNG_MAGIC) and len(png) <= pictures.MAX_BYTES
                assert png != english, (players, fraction, lang)
                assert drawing_lang() == "en"


def test_labels_and_names_come_in_the_drawing_language():
    from pictures.words import drawing_in, name, show, tr
    from pictures.ziegen import tr as ziegen_tr

    with drawing_in("de"):
        assert ziegen_tr("draw", n=4) == "Nachziehstapel: 4"
        assert name("wichtel", "lep", "hf") == "Holzfäller"  # German on the cards, everywhere
        assert name("korrigans", "token", "squirrel") != "Squirrel"
        assert show(["ziegen.hand.no_cards", {}]) not in ("", "no cards")
    with drawing_in("es"):
        assert tr("player", n=2) == "Jugador 2"
        assert name("henchmania", "site", "tavern") == "Taberna"
        assert name("korrigans", "field_colour", "turquoise") == "turquoise"  # a map's own
    assert tr("player", n=2) == "Player 2" and name("korrigans", "token", "nope") == "nope"


def test_the_pictures_command_has_help_and_refuses_an_unknown_language(tmp_path, capsys):
    """``python -m pictures --help`` says what it does and exits 0; an unknown language is
    refused, naming the known ones (it used to fall back to English in silence), and writes
    nothing."""
    from pictures.__main__ import main

    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0 and "example board picture" in capsys.readouterr().out
    with pytest.raises(SystemExit) as done:
        main([str(tmp_path / "out"), "fr"])
    assert done.value.code == 2 and "'en', 'de', 'es'" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()
