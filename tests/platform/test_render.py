"""Pure helpers of the Discord layer's rendering."""

from cogs.render import clip, clip_lines_tail


def test_latest_keeps_the_newest_lines_when_too_long():
    lines = [f"line {i} " + "x" * 300 for i in range(6)]
    text = clip_lines_tail(lines, 1000)
    assert len(text) <= 1000
    assert text.endswith(lines[-1]) and "line 0" not in text
    assert clip_lines_tail(["a", "b"], 1000) == "a\nb"


def test_a_single_overlong_line_is_cut_not_dropped():
    assert clip_lines_tail(["y" * 5000], 1000).startswith("y")
    assert len(clip("z" * 5000, 100)) == 100


def test_highlights_are_packed_into_as_few_messages_as_fit():
    from cogs.render import pack_lines

    assert pack_lines([], 2000) == []
    assert pack_lines(["a", "b"], 2000) == ["a\nb"]
    packed = pack_lines(["x" * 1500, "y" * 600, "z" * 100], 2000)
    assert packed == ["x" * 1500, "y" * 600 + "\n" + "z" * 100]
    assert all(len(m) <= 2000 for m in pack_lines(["w" * 5000], 2000))


def test_a_board_near_an_hour_old_is_posted_anew_not_edited():
    """Discord limits edits of messages older than an hour (30046): the messenger reads a
    board's age from its snowflake and posts a new board instead of editing an old one."""
    import datetime

    import discord

    from cogs.messenger import OLD_EDIT_AGE, too_old_to_edit

    now = discord.utils.utcnow()
    fresh = discord.utils.time_snowflake(now - datetime.timedelta(minutes=5))
    old = discord.utils.time_snowflake(now - datetime.timedelta(seconds=OLD_EDIT_AGE + 60))
    assert not too_old_to_edit(fresh) and too_old_to_edit(old)
    assert OLD_EDIT_AGE < 3600  # before Discord's hour


def test_the_story_gives_a_result_a_message_of_its_own():
    """``story``: every public line in order; a result alone; the lines after the last result
    ride with the board."""
    from cogs.render import story

    before, with_board = story(["a", "b", "R1", "c", "R2", "d", "e"], ["R1", "R2"], 2000)
    assert before == ["a\nb", "R1", "c", "R2"] and with_board == "d\ne"
    assert story(["R"], ["R"], 2000) == (["R"], "")
    assert story([], [], 2000) == ([], "")
    long = ["x" * 1500, "y" * 1500]
    assert story(long, [], 2000) == (["x" * 1500], "y" * 1500)  # within Discord's 2,000
