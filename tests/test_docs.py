"""The README is for whoever hosts the bot; ``docs/`` holds the players' guide, the hosting guide
and the developers' guide. These checks keep each for its reader and true to the code: the
README starts with the two commands and stays short, the players' guide names every command
and no module, every setting the bot reads is described wherever settings are listed, and every
link leads somewhere. (The developers' module map is ``tests/test_readme_layout.py``'s.)"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import bot as tavern
import engines
from tables.words import WORDS as TAVERN_WORDS

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"
PLAYERS = DOCS / "players.md"
HOSTING = DOCS / "hosting.md"
DEVELOPERS = DOCS / "developers.md"
# Top-level folders with code: naming one of their modules is for developers.
PACKAGES = sorted(p.name for p in ROOT.iterdir() if (p / "__init__.py").exists())


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def _words(text: str) -> str:
    return " ".join(text.split())


def _section(text: str, heading: str) -> str:
    start = text.index(f"\n## {heading}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end > 0 else None]


def _code_blocks(text: str) -> list[tuple[int, str]]:
    """(offset, body) of every fenced block."""
    return [(m.start(), m.group(1)) for m in re.finditer(r"^```\n(.*?)^```$", text, re.S | re.M)]


def _module_names(text: str) -> list[str]:
    """Python files and folders of code named in a text (``guides/`` links excepted: the guides
    are the players' own pages)."""
    found = re.findall(r"\b[\w/]+\.py\b", text)
    found += [
        m.group(0)
        for m in re.finditer(rf"\b({'|'.join(PACKAGES)})/[\w/.<>-]*", text)
        if not m.group(0).startswith("guides/")
    ]
    return found


# --- the README, for a host -----------------------------------------------------------------------
def test_the_readme_starts_with_the_two_commands():
    """CI runs the test command found in the README (.ci/run); a host reads the first lines."""
    readme = _text(README)
    (run_at, run), (test_at, test) = _code_blocks(readme)[:2]
    assert run.startswith("python3 -m venv .venv && ") and run.rstrip().endswith("bot.py")
    assert test.startswith("python3 -m venv .venv && ") and "requirements-dev.txt" in test
    assert "bash scripts/test.sh" in test
    assert readme.index("\n## ") > test_at  # nothing but the intro before them


def test_python_3_11_is_said_before_the_commands():
    """On 3.10, pip stops at the pinned Pillow: the README says so before the first command,
    naming the pin that fails, and bot.py checks the same version."""
    readme = _text(README)
    before = _words(readme[: _code_blocks(readme)[0][0]])
    (pillow,) = re.findall(r"^pillow==[\d.]+$", _text(ROOT / "requirements.txt"), re.M)
    major, minor = tavern.MIN_PYTHON
    assert f"Python {major}.{minor} or newer" in before
    assert f"No matching distribution found for {pillow}" in before
    assert f"No matching distribution found for {pillow}" in _words(_text(HOSTING))


def test_the_readme_is_short_and_for_a_host():
    readme = _text(README)
    assert len(readme.splitlines()) < 120
    assert "## Layout" not in readme and not re.search(r"\bissues? \d+", readme)
    assert set(_module_names(readme)) <= {"bot.py"}, _module_names(readme)
    assert "bot.py --check" in readme  # the smoke check
    assert "discord.com/developers/applications" in readme  # the application
    assert "invite link" in readme
    for target in ("docs/players.md", "docs/hosting.md", "docs/developers.md", "LICENSE"):
        assert f"]({target})" in readme, target


# --- the players' guide -----------------------------------------------------------------------
def test_the_players_guide_names_every_command_and_no_module():
    guide = _text(PLAYERS)
    assert not re.search(r"\bissues? \d+", guide)
    assert _module_names(guide) == []
    names = [v for k, v in TAVERN_WORDS.items() if k.startswith("cmd.")]
    assert names
    missing = [n for n in names if f"`/{n}" not in guide and f"`/<game> {n}" not in guide]
    assert missing == []
    for topic in (
        "**Join** / **Add bot**",
        "**Start**",
        "DM",
        "quiet hours",
        "Languages",
        "Timing reveals nothing",
        "python3 -m fairplay verify",
    ):
        assert topic in guide, topic


def test_the_players_guide_links_every_guide():
    guide = _text(PLAYERS)
    pages = sorted((ROOT / "guides").rglob("*.md"))
    assert len(pages) >= 2 * len(engines.REGISTRY) * 3  # English, German, Spanish
    unlinked = [
        p.relative_to(ROOT).as_posix()
        for p in pages
        if f"](../{p.relative_to(ROOT).as_posix()})" not in guide
    ]
    assert unlinked == []
    for kind, engine in engines.REGISTRY.items():
        assert f"| {engine.title} |" in guide and f"`{kind}`" in guide


# --- settings -----------------------------------------------------------------------------------
def _settings_read_by_the_code() -> set[str]:
    found = set()
    for path in [ROOT / "bot.py", *(p for d in PACKAGES for p in (ROOT / d).rglob("*.py"))]:
        if path.relative_to(ROOT).parts[0] in ("tests", "bench"):
            continue
        text = _text(path)
        found |= set(
            re.findall(r"(?:getenv|environ\.get|_setting)\(\s*\"([A-Z][A-Z0-9_]+)\"", text)
        )
        found |= set(re.findall(r"environ\[\s*\"([A-Z][A-Z0-9_]+)\"\s*\]", text))
    return found


def test_every_setting_the_bot_reads_is_described_everywhere_settings_are_listed():
    read = _settings_read_by_the_code()
    assert {"DISCORD_TOKEN", "TAVERN_DB", "TAVERN_TEST_GUILD"} <= read
    readme = set(re.findall(r"^- `([A-Z][A-Z0-9_]+)`:", _section(_text(README), "Settings"), re.M))
    hosting = set(
        re.findall(r"^\| `([A-Z][A-Z0-9_]+)` \|", _section(_text(HOSTING), "Settings"), re.M)
    )
    example = set(re.findall(r"^([A-Z][A-Z0-9_]+)=", _text(ROOT / ".env.example"), re.M))
    doc = ast.get_docstring(ast.parse(_text(ROOT / "bot.py")))
    usage = set(re.findall(r"^    ([A-Z][A-Z0-9_]+) {2,}", doc, re.M))
    assert readme == hosting == example == usage == read


def test_test_guild_says_it_turns_global_command_sync_off():
    """Set and forgotten, TAVERN_TEST_GUILD leaves every other server with old commands (or
    none): wherever it is described, that is said."""
    example = re.sub(r"^# ?", "", _text(ROOT / ".env.example"), flags=re.M)
    for name, text in (
        ("README.md", _section(_text(README), "Settings")),
        ("docs/hosting.md", _section(_text(HOSTING), "Settings")),
        (".env.example", example),
        ("bot.py --help", ast.get_docstring(ast.parse(_text(ROOT / "bot.py")))),
    ):
        assert "It turns global command sync off" in _words(text), name


# --- the hosting guide --------------------------------------------------------------------------
def test_the_hosting_guide_covers_running_backing_up_restoring_and_upgrading():
    hosting = _words(_text(HOSTING))
    for needed in (
        "](tavern.service)",
        "](../Containerfile)",
        "python -m storage.backup tavern.db backups/",
        'sqlite3 tavern.db ".backup',
        "pg_dump --format=custom",
        "pg_restore --no-owner",
        "git pull",
        ".venv/bin/pip install -q -r requirements.txt",
        "migrated at start",
        "Running games survive",
        "written by a newer Tavern",
        "Stop every process",
    ):
        assert needed in hosting, needed
    for heading in ("PostgreSQL and several processes", "Backups", "Restoring a backup"):
        assert f"\n## {heading}\n" in _text(HOSTING)


# --- every guide --------------------------------------------------------------------------------
def _slug(heading: str) -> str:
    """The anchor GitHub gives a heading."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    return {_slug(h) for h in re.findall(r"^#+ (.+)$", _text(path), re.M)}


def test_every_link_leads_somewhere():
    broken = []
    for page in [README, *sorted(DOCS.glob("*.md"))]:
        for target in re.findall(r"\]\(([^)\s]+)\)", _text(page)):
            if target.startswith(("http://", "https://")):
                continue
            file, _, anchor = target.partition("#")
            path = (page.parent / file).resolve() if file else page
            if not path.exists() or (anchor and anchor not in _anchors(path)):
                broken.append(f"{page.relative_to(ROOT)}: {target}")
    assert broken == []


def test_a_long_guide_starts_with_its_contents():
    for page in (PLAYERS, HOSTING, DEVELOPERS):
        text = _text(page)
        headings = re.findall(r"^## (.+)$", text, re.M)
        listed = re.findall(r"^- \[(.+)\]\(#([^)]+)\)$", text.split("\n## ", 1)[0], re.M)
        assert [title for title, _ in listed] == headings, page.name
        assert all(anchor == _slug(title) for title, anchor in listed), page.name
