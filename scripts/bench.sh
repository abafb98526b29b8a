#!/usr/bin/env bash
# Every benchmark (python -m bench), with the PostgreSQL lines: unless TAVERN_BENCH_PG names a
# server, a throwaway one is started for the run (Debian's postgresql, with its durable
# defaults: fsync and synchronous_commit on), on a loopback port with its data under /tmp,
# and stopped at the end (without PostgreSQL installed, its lines say they were skipped).
# Run from a virtual environment made as the README says.
set -euo pipefail
cd "$(dirname "$0")/.."
python=.venv/bin/python
[ -x "$python" ] || python=python3
if [ -z "${TAVERN_BENCH_PG:-}" ] && "$python" -c 'import sys, tests.pgserver as p; sys.exit(p.bin_dir() is None)'; then
    pgdir=$(mktemp -d /tmp/tavern-pg.XXXXXX)
    trap '"$python" -m tests.pgserver stop "$pgdir"; rm -rf "$pgdir"' EXIT
    TAVERN_BENCH_PG=$("$python" -m tests.pgserver start-durable "$pgdir")
    export TAVERN_BENCH_PG
fi
"$python" -m bench "$@"
