#!/usr/bin/env bash
# Runs the api suite a second time against a real PostgreSQL server. With TEST_DATABASE_URL set it
# uses that database; otherwise it starts a throwaway cluster from Debian's postgresql binaries in a
# temporary directory (as the postgres user when run as root) and removes it afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  exec npx -y pnpm@10 --filter @allstall/api test
fi

pg_bin=$(compgen -G '/usr/lib/postgresql/*/bin' | sort -V | tail -n 1 || true)
if [ -z "$pg_bin" ]; then
  echo "PostgreSQL is not installed (apt-get install postgresql), and TEST_DATABASE_URL is not set." >&2
  exit 1
fi

as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

work=$(mktemp -d /tmp/allstall-pg.XXXXXX)
[ "$(id -u)" = 0 ] && chown postgres "$work"
port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")

stop_cluster() {
  as_owner "$pg_bin/pg_ctl" -D "$work/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap stop_cluster EXIT

as_owner "$pg_bin/initdb" -D "$work/data" -U postgres -A trust --no-sync >/dev/null
# fsync off: the cluster is thrown away after the run, and durability is not what is being tested.
as_owner "$pg_bin/pg_ctl" -D "$work/data" -w -l "$work/server.log" \
  -o "-p $port -k $work -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off" start >/dev/null
as_owner "$pg_bin/createdb" -h 127.0.0.1 -p "$port" -U postgres allstall_test

echo "api suite on PostgreSQL $("$pg_bin/postgres" --version | awk '{print $3}') (port $port)"
TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/allstall_test" npx -y pnpm@10 --filter @allstall/api test
