#!/usr/bin/env bash
# The whole test suite, on both storage backends: SQLite files and a real PostgreSQL server,
# also reached through a connection pooler. Installs Debian's postgresql and pgbouncer when
# their programs are missing (as root), starts a throwaway server on a loopback port with its
# data under /tmp and a PgBouncer in transaction pooling mode in front of it, runs pytest
# (arguments are passed on) with TAVERN_TEST_PG and TAVERN_TEST_PGBOUNCER set, and stops both
# however pytest ends. Exits with pytest's status. Run from a virtual environment made as the
# README says.
#
# pytest runs in parallel workers, two per core (pytest-xdist, from requirements-dev.txt: the
# tests wait on timers and sockets as much as they compute, so two a core keep both busy; every
# test has its own temporary files, PostgreSQL schema or database). The tests marked
# ``alone`` (they measure rates or load across processes) then run by themselves, with nothing
# beside them. TAVERN_TEST_WORKERS=N sets how many workers; 0 runs every test in pytest's own
# process (for a debugger, or -x stopping at once).

set -euo pipefail
cd "$(dirname "$0")/.."
python=.venv/bin/python
[ -x "$python" ] || python=python3

# have bin_dir / have bouncer_bin: are PostgreSQL's server programs / PgBouncer installed?
have() { "$python" -c "import sys, tests.pgserver as p; sys.exit(p.$1() is None)"; }

missing=()
have bin_dir || missing+=(postgresql)
have bouncer_bin || missing+=(pgbouncer)
if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "+ installing ${missing[*]} (Debian's packages)"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
        # the packages may start services of their own: not needed, ours are started below
        (service postgresql stop || true) >/dev/null 2>&1
        (service pgbouncer stop || true) >/dev/null 2>&1
    else
        echo "${missing[*]} not installed and cannot be installed here (needs root and" \
             "apt-get): their tests will be skipped." >&2
    fi
fi

pgdir=
bouncerdir=
stop_servers() {
    if [ -n "$bouncerdir" ]; then
        "$python" -m tests.pgserver unbounce "$bouncerdir"
        rm -rf "$bouncerdir"
    fi
    if [ -n "$pgdir" ]; then
        "$python" -m tests.pgserver stop "$pgdir"
        rm -rf "$pgdir"
    fi
}
trap stop_servers EXIT

if [ -z "${TAVERN_TEST_PG:-}" ] && have bin_dir; then
    pgdir=$(mktemp -d /tmp/tavern-pg.XXXXXX)
    TAVERN_TEST_PG=$("$python" -m tests.pgserver start "$pgdir")
    export TAVERN_TEST_PG
    echo "+ PostgreSQL for the tests: $TAVERN_TEST_PG"
fi
if [ -z "${TAVERN_TEST_PGBOUNCER:-}" ] && [ -n "${TAVERN_TEST_PG:-}" ] && have bouncer_bin; then
    bouncerdir=$(mktemp -d /tmp/tavern-pgbouncer.XXXXXX)
    TAVERN_TEST_PGBOUNCER=$("$python" -m tests.pgserver bouncer "$bouncerdir" "$TAVERN_TEST_PG")
    export TAVERN_TEST_PGBOUNCER
    echo "+ PgBouncer (transaction pooling) in front of it: $TAVERN_TEST_PGBOUNCER"
fi

workers=${TAVERN_TEST_WORKERS:-$((2 * $(nproc)))}
if [ "$workers" != 0 ] && ! "$python" -c 'import xdist' 2>/dev/null; then
    echo "pytest-xdist is not installed (requirements-dev.txt): the tests run in one process" >&2
    workers=0
fi
if [ "$workers" = 0 ]; then
    status=0
    "$python" -m pytest -p no:cacheprovider "$@" || status=$?
    exit "$status"
fi

# worksteal: an idle worker takes tests from a busy one (some tests take 20 s, most 0.1)
status=0
"$python" -m pytest -p no:cacheprovider -n "$workers" --dist worksteal -m "not alone" "$@" || status=$?
# Without a path among the arguments, only the files holding such tests are collected again.
alone_files=()
if [ $# -eq 0 ] || ! printf '%s\n' "$@" | grep -qv '^-'; then
    mapfile -t alone_files < <(grep -rlE 'mark\.alone' tests --include='test_*.py' | sort)
fi
alone=0
"$python" -m pytest -p no:cacheprovider -m alone "$@" ${alone_files[@]+"${alone_files[@]}"} || alone=$?
# 5: pytest selected no test (arguments naming only one of the two kinds)
if [ "$status" = 5 ] && [ "$alone" != 5 ]; then status=0; fi
if [ "$alone" != 0 ] && [ "$alone" != 5 ] && [ "$status" = 0 ]; then status=$alone; fi
exit "$status"
