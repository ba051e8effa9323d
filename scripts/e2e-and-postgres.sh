#!/usr/bin/env bash
# The last step of `npm test`: the Chromium end-to-end tests and the api suite on PostgreSQL, side
# by side. The first mostly waits on a browser and the second on a database server, so together
# they take about as long as the longer one, which keeps CI on two cores under its time limit.
# Without PostgreSQL (no Debian `postgresql` binaries and no TEST_DATABASE_URL) the second is
# skipped with a line saying so; CI installs it, so there it always runs.
set -uo pipefail
cd "$(dirname "$0")/.."

pg_log=""
pg_pid=""
if [ -n "${TEST_DATABASE_URL:-}" ] || compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null; then
  pg_log=$(mktemp /tmp/allstall-pg-suite.XXXXXX.log)
  # Its output is kept apart and printed whole afterwards, so the two runs' lines do not interleave.
  bash scripts/test-postgres.sh >"$pg_log" 2>&1 &
  pg_pid=$!
  echo "api suite on PostgreSQL: running beside the end-to-end tests (output follows them)"
else
  echo "PostgreSQL is not installed (apt-get install postgresql) and TEST_DATABASE_URL is not set: skipping the api suite's PostgreSQL run"
fi

npx -y pnpm@10 --filter @allstall/web test:e2e
e2e_status=$?

pg_status=0
if [ -n "$pg_pid" ]; then
  wait "$pg_pid"
  pg_status=$?
  echo "---- api suite on PostgreSQL ----"
  cat "$pg_log"
  rm -f "$pg_log"
fi

if [ "$e2e_status" -ne 0 ]; then echo "end-to-end tests failed (exit $e2e_status)" >&2; fi
if [ "$pg_status" -ne 0 ]; then echo "api suite on PostgreSQL failed (exit $pg_status)" >&2; fi
[ "$e2e_status" -eq 0 ] && [ "$pg_status" -eq 0 ]
