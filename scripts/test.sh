#!/usr/bin/env bash
# The whole test suite, on both storage backends: SQLite files and a real PostgreSQL server,
# also reached through a connection pooler. Installs Debian's postgresql and pgbouncer when
# their programs are missing (as root), starts a throwaway server on a loopback port with its
# data under /tmp and a PgBouncer in transaction pooling mode in front of it, runs pytest
# (arguments are passed on) with TAVERN_TEST_PG and TAVERN_TEST_PGBOUNCER set, and stops both
# however pytest ends. Exits with pytest's status. Run from a virtual environment made as the
# README says.
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

"$python" -m pytest -p no:cacheprovider "$@"
