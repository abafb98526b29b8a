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
