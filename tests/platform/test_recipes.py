"""The hosting recipes of docs/hosting.md, run here: the systemd unit ``docs/tavern.service`` and
the container recipe ``Containerfile``.

Neither systemd (as the service manager) nor a container engine runs in the tests, so:

- The unit is checked by ``systemd-analyze verify`` (and its ``security`` score), parsed, and
  its ``ExecStart`` run as systemd would start it: in its ``WorkingDirectory``, with its
  ``EnvironmentFile`` (the ``.env.example`` a host copies) and no token, in a copy of this
  folder standing for the unit's (its paths moved there; its ``.venv`` is the test's own
  virtual environment). It must print bot.py's no-token help and exit as bot.py does.
- The container recipe is built instruction by instruction into a temporary folder standing
  for the image's root (``build``): FROM gives a ``python`` (a virtual environment of the
  test's interpreter at ``/usr/local``), WORKDIR, COPY (from this folder, the build context),
  ENV, USER, VOLUME and CMD do what they do in a build, and RUN runs its command with bash in
  the working directory. The few commands that change the image's system (``useradd``,
  ``chown``, ``mkdir`` of an absolute path) cannot run on this machine: they act on the folder
  and a table of users instead, and any other command is refused. ``pip install`` runs for
  real, offline by default (``PIP_NO_INDEX``: the pinned requirements must all be installed in
  the test's environment, which the README's command made from PyPI); with
  ``TAVERN_TEST_PYPI=1`` it installs them from PyPI into the image's own environment (about
  20 s). Then the CMD runs with no token and must print the no-token help.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

import bot as tavern

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "docs" / "tavern.service"
CONTAINERFILE = ROOT / "Containerfile"
HOSTING = ROOT / "docs" / "hosting.md"
# Every top-level folder the running bot needs; the rest are tools for developers.
NOT_RUNTIME = {"tests", "bench", "i18n", "docs", "scripts"}
RUNTIME = sorted(
    {p.name for p in ROOT.iterdir() if (p / "__init__.py").exists()} - NOT_RUNTIME | {"locale"}
)


def _words(text: str) -> str:
    return " ".join(text.split())


# --- the systemd unit ----------------------------------------------------------------------------
def read_unit(text: str) -> dict[str, dict[str, list[str]]]:
    """A unit file as systemd reads it: sections of ``Key=value`` (a key may repeat), comments
    starting with # or ;, a line ending in a backslash continued on the next."""
    sections: dict[str, dict[str, list[str]]] = {}
    current = None
    pending = ""
    for raw in text.splitlines():
        line = pending + raw.strip()
        pending = ""
        if not line or line[0] in "#;":
            continue
        if line.endswith("\\"):
            pending = line[:-1] + " "
            continue
        if line.startswith("[") and line.endswith("]"):
            current = sections.setdefault(line[1:-1], {})
            continue
        assert current is not None and "=" in line, f"not a unit line: {line!r}"
        key, value = line.split("=", 1)
        current.setdefault(key.strip(), []).append(value.strip())
    return sections


def read_environment_file(text: str) -> dict[str, str]:
    """``EnvironmentFile=`` as systemd reads it: KEY=value lines, # and ; comments, quotes
    around a value removed."""
    env = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line[0] in "#;":
            continue
        key, _, value = line.partition("=")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        env[key.strip()] = value
    return env


def _one(unit: dict, key: str, section: str = "Service") -> str:
    values = unit[section][key]
    assert len(values) == 1, f"{key} is set {len(values)} times"
    return values[0]


def _app() -> str:
    """The folder the unit runs: its WorkingDirectory."""
    return _one(read_unit(UNIT.read_text(encoding="utf-8")), "WorkingDirectory")


def _checkout(dest: Path) -> Path:
    """This folder as a host has it after the README's command: the code (here without the tests
    and benchmarks, which the bot never loads) and ``.venv``, the test's own environment."""
    shutil.copytree(
        ROOT,
        dest,
        ignore=shutil.ignore_patterns(
            ".git", ".venv", ".env", "*.db", "*.db-*", "__pycache__", "tests", "bench"
        ),
    )
    venv = dest / ".venv"
    if sys.prefix != sys.base_prefix:  # a virtual environment: the same one, by a link
        venv.symlink_to(sys.prefix, target_is_directory=True)
    else:
        (venv / "bin").mkdir(parents=True)
        (venv / "bin" / "python").symlink_to(sys.executable)
    return dest


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> tuple[Path, Path]:
    """(the folder, the unit with its paths moved there): as installed by docs/hosting.md, with
    ``cp .env.example .env`` done and no token in it."""
    base = tmp_path_factory.mktemp("unit")
    folder = _checkout(base / "tavern")
    shutil.copy(ROOT / ".env.example", folder / ".env")
    unit = base / "tavern.service"
    text = UNIT.read_text(encoding="utf-8")
    unit.write_text(text.replace(_app(), str(folder)), encoding="utf-8")
    return folder, unit


def test_the_unit_runs_the_folder_the_readme_makes():
    unit = read_unit(UNIT.read_text(encoding="utf-8"))
    app = _one(unit, "WorkingDirectory")  # the folder, as docs/hosting.md installs it
    assert app.startswith("/")
    assert _one(unit, "EnvironmentFile") == f"{app}/.env"  # the file bot.py reads
    # The README's command makes .venv in the folder and runs bot.py with its python.
    assert "python3 -m venv .venv && .venv/bin/pip install -q -r requirements.txt" in (
        ROOT / "README.md"
    ).read_text(encoding="utf-8")
    assert _one(unit, "ExecStart") == f"{app}/.venv/bin/python {app}/bot.py"
    assert _one(unit, "User") not in ("root", "0")
    assert _one(unit, "Restart") == "on-failure"
    assert _one(unit, "WantedBy", "Install") == "multi-user.target"
    # The hardening leaves the folder writable: SQLite writes tavern.db, -wal and -shm there.
    if _one(unit, "ProtectSystem") == "strict":
        assert app in " ".join(unit["Service"].get("ReadWritePaths", [])).split()
    if unit["Service"].get("ProtectHome", ["no"])[-1] != "no":
        assert not app.startswith(("/home/", "/root/", "/run/user/"))
    for key in ("ReadOnlyPaths", "InaccessiblePaths", "TemporaryFileSystem"):
        for path in " ".join(unit["Service"].get(key, [])).split():
            assert not app.startswith(path.lstrip("-+")), f"{key}={path} hides {app}"
    # docs/hosting.md installs it at these paths.
    hosting = HOSTING.read_text(encoding="utf-8")
    assert f"sudo cp {app}/docs/tavern.service /etc/systemd/system/" in hosting
    assert f"cd {app}" in hosting


def test_its_exec_start_runs_bot_py_without_a_token(installed):
    folder, path = installed
    unit = read_unit(path.read_text(encoding="utf-8"))
    argv = shlex.split(_one(unit, "ExecStart"))
    assert argv[0].startswith("/"), "systemd runs an absolute path"
    env = read_environment_file(Path(_one(unit, "EnvironmentFile")).read_text(encoding="utf-8"))
    assert env["DISCORD_TOKEN"] == ""  # the .env.example a host copies, read as systemd does
    env["PATH"] = "/usr/bin:/bin"
    done = subprocess.run(
        argv,
        cwd=_one(unit, "WorkingDirectory"),
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.stderr.strip() == tavern.NO_TOKEN.strip()
    assert done.returncode == 2
    # A setting to fix: systemd does not start it again and again.
    assert str(done.returncode) in _one(unit, "RestartPreventExitStatus").split()
    assert not list(folder.glob("*.db"))  # nothing opened


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd-analyze here")
def test_systemd_analyze_verifies_the_unit(installed):
    """No error and no warning (an unknown or misspelt key is a warning): ExecStart must be an
    executable file, the unit well formed."""
    _folder, unit = installed
    done = subprocess.run(
        ["systemd-analyze", "verify", "--man=no", str(unit)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (done.returncode, done.stderr) == (0, "")
    # Its hardening, as systemd rates it (0 is best, 10 worst; below 2 is "OK").
    done = subprocess.run(
        ["systemd-analyze", "security", "--offline=yes", "--no-pager", str(unit)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    rated = re.search(r"Overall exposure level for \S+: ([\d.]+)", done.stdout + done.stderr)
    if rated is None:  # systemd before 250 cannot rate a unit file offline
        pytest.skip(f"systemd-analyze security --offline is not supported here: {done.stderr}")
    assert float(rated.group(1)) < 2.0, done.stdout


# --- the container recipe -------------------------------------------------------------------------
def read_containerfile(text: str) -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) in order; comments dropped, continued lines joined."""
    steps = []
    pending = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not pending and (not line or line.startswith("#")):
            continue
        if pending and line.startswith("#"):
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        line, pending = pending + line, ""
        instruction, _, args = line.partition(" ")
        steps.append((instruction.upper(), args.strip()))
    assert not pending, "the recipe ends inside a continued line"
    return steps


# The commands a RUN may use. These two change the image's system, so they act on the
# image's folder and the build's record instead of this machine (see the module docstring).
SYSTEM = """
_in() { case "$1" in /*) printf '%s%s' "$IMAGE_ROOT" "$1" ;; *) printf '%s' "$1" ;; esac; }
useradd() { printf 'useradd %s\\n' "$*" >> "$IMAGE_ROOT/.build"; }
chown() {
    local args=() x
    for x in "$@"; do case "$x" in -*) ;; *) args+=("$x") ;; esac; done
    for x in "${args[@]:1}"; do
        [ -e "$(_in "$x")" ] || { echo "chown: cannot access '$x'" >&2; return 1; }
        printf 'chown %s %s\\n' "${args[0]}" "$(realpath "$(_in "$x")")" >> "$IMAGE_ROOT/.build"
    done
}
mkdir() {
    local args=() x
    for x in "$@"; do args+=("$(_in "$x")"); done
    command mkdir "${args[@]}"
}
"""
RUN_COMMANDS = {"python", "pip", "useradd", "chown", "mkdir"}


@dataclass
class Image:
    root: Path  # stands for the image's /
    base: str = ""
    workdir: str = "/"
    env: dict[str, str] = field(default_factory=dict)
    user: str = "root"
    volumes: list[str] = field(default_factory=list)
    cmd: list[str] = field(default_factory=list)
    copied: list[str] = field(default_factory=list)  # the sources, relative to the context
    users: dict[str, int] = field(default_factory=dict)
    owners: dict[str, str] = field(default_factory=dict)  # image path -> user

    def host(self, path: str) -> Path:
        """Where an image path is in the folder."""
        full = path if path.startswith("/") else f"{self.workdir.rstrip('/')}/{path}"
        return self.root / full.lstrip("/")

    def environ(self) -> dict[str, str]:
        """The environment a process in the image gets: the image's ENV (an absolute path
        moved into the folder) and its python first on PATH; nothing of this test's own."""
        env = {k: str(self.root) + v if v.startswith("/") else v for k, v in self.env.items()}
        env["PATH"] = f"{self.root}/usr/local/bin:/usr/bin:/bin"
        env["HOME"] = str(self.root / "tmp")
        return env


def _python_in(image: Image, pypi: bool) -> None:
    """The base image's interpreter at /usr/local/bin/python: a virtual environment of this
    Python; offline, it sees this test's installed packages (and pip) through a .pth file."""
    prefix = image.root / "usr" / "local"
    args = [sys.executable, "-m", "venv", str(prefix)]
    subprocess.run(args if pypi else [*args, "--without-pip"], check=True, timeout=120)
    if not pypi:
        import site

        (site_packages,) = prefix.glob("lib/python3*/site-packages")
        (site_packages / "outer.pth").write_text("\n".join(site.getsitepackages()) + "\n")


def build(recipe: Path, root: Path, *, pypi: bool = False) -> Image:
    image = Image(root)
    (root / "tmp").mkdir(parents=True)
    for instruction, args in read_containerfile(recipe.read_text(encoding="utf-8")):
        if instruction == "FROM":
            image.base = args
            _python_in(image, pypi)
        elif instruction == "ENV":
            words = shlex.split(args)
            pairs = [w.split("=", 1) for w in words] if "=" in words[0] else [words[:2]]
            image.env.update(dict(pairs))
        elif instruction == "WORKDIR":
            image.workdir = args if args.startswith("/") else f"{image.workdir}/{args}"
            image.host(image.workdir).mkdir(parents=True, exist_ok=True)
        elif instruction == "COPY":
            *sources, dest = [w for w in shlex.split(args) if not w.startswith("--")]
            target = image.host(dest)
            for source in sources:
                path = (ROOT / source).resolve()
                assert path.is_relative_to(ROOT) and path.exists(), f"COPY {source}: not found"
                image.copied.append(path.relative_to(ROOT).as_posix())
                if path.is_dir():
                    shutil.copytree(path, target, dirs_exist_ok=True)
                else:
                    into = dest.endswith("/") or len(sources) > 1
                    (target if into else target.parent).mkdir(parents=True, exist_ok=True)
                    shutil.copy(path, target / path.name if into else target)
        elif instruction == "RUN":
            tokens = shlex.shlex(args, posix=True, punctuation_chars=True)
            tokens.whitespace_split = True
            words = list(tokens)
            joins = {"&&", "||", ";", "|"}
            commands = {w for i, w in enumerate(words) if i == 0 or words[i - 1] in joins}
            unknown = commands - RUN_COMMANDS
            assert not unknown, f"RUN {args}: this build does not know how to run {unknown}"
            env = {**image.environ(), "IMAGE_ROOT": str(root)}
            if not pypi:
                env["PIP_NO_INDEX"] = "1"  # everything must be installed already
            done = subprocess.run(
                ["bash", "-c", f"{SYSTEM}\n{args}"],
                cwd=image.host(image.workdir),
                env=env,
                capture_output=True,
                text=True,
                timeout=300,
            )
            assert done.returncode == 0, f"RUN {args} failed:\n{done.stdout}\n{done.stderr}"
        elif instruction == "USER":
            image.user = args.split(":")[0]
        elif instruction == "VOLUME":
            image.volumes += json.loads(args) if args.startswith("[") else args.split()
        elif instruction == "CMD":
            image.cmd = json.loads(args) if args.startswith("[") else ["/bin/sh", "-c", args]
        else:
            raise AssertionError(f"{instruction}: not an instruction this build knows")
    record = root / ".build"
    for line in record.read_text().splitlines() if record.exists() else []:
        command, *words = line.split()
        if command == "useradd":
            names = [w for w in words if not w.startswith("-")]
            uid = words[words.index("--uid") + 1] if "--uid" in words else "1000"
            image.users[names[-1]] = int(uid)
        else:  # chown OWNER PATH
            owner, path = words
            inside = Path(path).relative_to(root.resolve()).as_posix()
            image.owners["/" + inside] = owner.split(":")[0]
    return image


@pytest.fixture(scope="module")
def image(tmp_path_factory) -> Image:
    return build(
        CONTAINERFILE,
        tmp_path_factory.mktemp("image") / "root",
        pypi=os.environ.get("TAVERN_TEST_PYPI") == "1",
    )


def _run(image: Image, argv: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run(
        argv,
        cwd=image.host(image.workdir),
        env=image.environ(),
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_image_runs_bot_py_as_its_cmd_without_a_token(image):
    done = _run(image, image.cmd)
    assert done.stderr.strip() == tavern.NO_TOKEN.strip()
    assert done.returncode == 2
    assert image.base.startswith("python:3.11")
    assert image.cmd == ["python", "bot.py"]  # exec form: the bot gets the stop signal


def test_the_image_keeps_its_games_on_a_volume_its_user_owns(image):
    """A non-root user, created in the image, owns the folder of TAVERN_DB, which is a volume;
    the image holds what the bot runs and nothing secret."""
    assert image.user in image.users and image.users[image.user] != 0
    database = image.env["TAVERN_DB"]
    folder = database.rsplit("/", 1)[0]
    assert folder in image.volumes
    assert image.owners.get(folder) == image.user
    assert sorted(set(image.copied) - {"bot.py", "LICENSE", "requirements.txt"}) == RUNTIME
    inside = {p.name for p in image.host(image.workdir).iterdir()}
    assert not inside & {".env", ".git", ".venv", "tests", "bench", "tavern.db"}
    # Every part of every game loads there, and the database is made on the volume.
    done = _run(
        image,
        [
            "python",
            "-c",
            "import asyncio, importlib, os, bot\n"
            "bot.check_games()\n"
            "for name in bot.cogs(): importlib.import_module(name)\n"
            "from storage import Store\n"
            "async def go():\n"
            "    await (await Store.open(os.environ['TAVERN_DB'])).close()\n"
            "asyncio.run(go())\n",
        ],
    )
    assert done.returncode == 0, done.stderr
    assert image.host(database).is_file()
