#!/usr/bin/env bash
# The unit suites of `npm test`: the scripts' own tests, then shared's (every package builds on
# it), then the api's and the web's side by side. Each vitest keeps one worker on a two-core
# machine, so one after the other left a core idle for about four minutes of CI. The web suite's output is kept apart and printed
# whole after the api's, so the two runs' lines do not interleave.
set -uo pipefail
cd "$(dirname "$0")/.."

node --test scripts/ || exit 1
npx -y pnpm@10 --filter @allstall/shared test || exit 1

web_log=$(mktemp /tmp/allstall-web-suite.XXXXXX.log)
npx -y pnpm@10 --filter @allstall/web test >"$web_log" 2>&1 &
web_pid=$!
echo "web unit suite: running beside the api suite (output follows it)"

npx -y pnpm@10 --filter @allstall/api test
api_status=$?

wait "$web_pid"
web_status=$?
echo "---- web unit suite ----"
cat "$web_log"
rm -f "$web_log"

if [ "$api_status" -ne 0 ]; then echo "api unit suite failed (exit $api_status)" >&2; fi
if [ "$web_status" -ne 0 ]; then echo "web unit suite failed (exit $web_status)" >&2; fi
[ "$api_status" -eq 0 ] && [ "$web_status" -eq 0 ]
