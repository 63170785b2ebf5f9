#!/usr/bin/env bash
# Runs a command with TEST_DATABASE_URL naming a Postgres server: the one already named, or a throw-away
# cluster started on a loopback port (Debian's `postgresql`; as root it runs as the `postgres` user, which
# PostgreSQL requires) and removed after. Without PostgreSQL: under CI=true that is a failure; otherwise the
# command is skipped, or with --optional run without a server (its Postgres parts then leave themselves out).
set -euo pipefail
cd "$(dirname "$0")/.."
optional=0
if [ "${1:-}" = "--optional" ]; then optional=1; shift; fi

if [ -n "${TEST_DATABASE_URL:-}" ]; then exec "$@"; fi

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  if [ "${CI:-}" = "true" ]; then
    echo "No PostgreSQL server here and CI=true: install Debian's postgresql (apt-get install -y --no-install-recommends postgresql) or set TEST_DATABASE_URL." >&2
    exit 1
  fi
  if [ "$optional" = 1 ]; then
    echo "No PostgreSQL server here: running without its Postgres parts (apt-get install postgresql, or set TEST_DATABASE_URL)."
    exec "$@"
  fi
  echo "Skipped: no PostgreSQL server here (apt-get install postgresql, or set TEST_DATABASE_URL)."
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
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=400" start >/dev/null

TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres" "$@"
