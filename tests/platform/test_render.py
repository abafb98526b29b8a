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
