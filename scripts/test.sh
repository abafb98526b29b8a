#!/usr/bin/env bash
# The whole test suite, on both storage backends: SQLite files and a real PostgreSQL server.
# Installs Debian's postgresql when its server programs are missing (as root), starts a
# throwaway server on a loopback port with its data under /tmp, runs pytest (arguments are
# passed on) with TAVERN_TEST_PG set, and stops the server however pytest ends. Exits with
# pytest's status. Run from a virtual environment made as the README says.
#
# pytest runs in parallel workers, one per core (pytest-xdist, from requirements-dev.txt; the
# tests use their own temporary files and PostgreSQL schemas). TAVERN_TEST_WORKERS=N sets how
# many; 0 runs the tests in pytest's own process (for a debugger, or -x stopping at once).
set -euo pipefail
cd "$(dirname "$0")/.."
python=.venv/bin/python
[ -x "$python" ] || python=python3

if ! "$python" -c 'import sys, tests.pgserver as p; sys.exit(p.bin_dir() is None)'; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "+ installing PostgreSQL (Debian's postgresql package)"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
        # the package may start a cluster of its own: not needed, our server is started below
        (service postgresql stop || true) >/dev/null 2>&1
    else
        echo "PostgreSQL is not installed and cannot be installed here (needs root and apt-get):" \
             "its tests will be skipped." >&2
    fi
fi

if [ -z "${TAVERN_TEST_PG:-}" ] && "$python" -c 'import sys, tests.pgserver as p; sys.exit(p.bin_dir() is None)'; then
    pgdir=$(mktemp -d /tmp/tavern-pg.XXXXXX)
    trap '"$python" -m tests.pgserver stop "$pgdir"; rm -rf "$pgdir"' EXIT
    TAVERN_TEST_PG=$("$python" -m tests.pgserver start "$pgdir")
    export TAVERN_TEST_PG
    echo "+ PostgreSQL for the tests: $TAVERN_TEST_PG"
fi

parallel=()
workers=${TAVERN_TEST_WORKERS:-auto}
if [ "$workers" != 0 ]; then
    if "$python" -c 'import xdist' 2>/dev/null; then
        # worksteal: an idle worker takes tests from a busy one (some tests take 20 s, most 0.1)
        parallel=(-n "$workers" --dist worksteal)
    else
        echo "pytest-xdist is not installed (requirements-dev.txt): the tests run in one process" >&2
    fi
fi

"$python" -m pytest -p no:cacheprovider ${parallel[@]+"${parallel[@]}"} "$@"
