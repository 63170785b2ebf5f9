#!/usr/bin/env bash
# `npm run test:postgres`: the Postgres suite (tests/postgres), then the integration suite a second time
# on Postgres (tests/vitest.integration-pg.config.ts). With TEST_DATABASE_URL set it runs
# against that server; otherwise it starts a throw-away PostgreSQL cluster on a loopback port (Debian's
# `postgresql` package; as root the cluster runs as the `postgres` user, which PostgreSQL requires),
# runs the suite and removes the cluster. Without a PostgreSQL installation it says so and skips.
set -euo pipefail
cd "$(dirname "$0")/.."

run_suite() {
  local status=0
  npx vitest run --config tests/vitest.postgres.config.ts || status=1
  npx vitest run --config tests/vitest.integration-pg.config.ts || status=1
  return $status
}

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  run_suite
  exit $?
fi

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  echo "Postgres suite skipped: no PostgreSQL server here (apt-get install postgresql, or set TEST_DATABASE_URL)."
  exit 0
fi

dir=$(mktemp -d /tmp/curated-pg-XXXXXX)
port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
as_owner() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" = 0 ] && chown postgres "$dir"

cleanup() {
  as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --no-sync >/dev/null
as_owner "$bin/pg_ctl" -D "$dir/data" -w -l "$dir/server.log" \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" start >/dev/null

TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres" run_suite
