#!/usr/bin/env bash
# What a class award costs PostgreSQL alone, and which part of it costs what:
#   bash bench/pgbench/award.sh [seconds per run, default 10] [rounds, default 2]
# Creates a throw-away database next to 127.0.0.1:5432 (user postgres), applies the server's
# migrations, seeds 40 classes of 30 (award-seed.sql), then runs each award-*.sql script in turn
# (pgbench, 2 clients, prepared, generic plans as the app asks for), every round, and prints the
# CPU time of all PostgreSQL processes per award (read from /proc, with the children's time the
# postmaster collected). Run as root on the machine of the PostgreSQL server, with nothing else
# running. The database is dropped at the end. Every award adds 30 ledger rows, so later rounds
# write into larger indexes: compare scripts within a round.
set -euo pipefail
T=${1:-10}
ROUNDS=${2:-2}
HERE=$(cd "$(dirname "$0")" && pwd)
MIGRATIONS="$HERE/../../apps/server/src/db/migrations"
DB="kolikko_bench_award_$RANDOM$RANDOM"
PSQL=(psql -h 127.0.0.1 -U postgres -v ON_ERROR_STOP=1 -q)
PGBENCH=$(command -v pgbench || ls /usr/lib/postgresql/*/bin/pgbench | tail -1)
"${PSQL[@]}" -d postgres -c "create database $DB"
trap '"${PSQL[@]}" -d postgres -c "drop database if exists $DB with (force)"' EXIT
for f in "$MIGRATIONS"/*.sql; do "${PSQL[@]}" -d "$DB" -f "$f" >/dev/null; done
"${PSQL[@]}" -d "$DB" -f "$HERE/award-seed.sql"
# shellcheck source=cpu.sh
. "$HERE/cpu.sh"
run() { # script
  local before after out tx
  before=$(pg_cpu_ticks)
  out=$(PGOPTIONS="-c plan_cache_mode=force_generic_plan" "$PGBENCH" -h 127.0.0.1 -U postgres -n -M prepared -c 2 -j 1 -T "$T" -f "$HERE/$1" "$DB" 2>&1)
  after=$(pg_cpu_ticks)
  tx=$(grep -oP 'number of transactions actually processed: \K[0-9]+' <<<"$out") || { echo "$1 failed:"; echo "$out" | tail -5; exit 1; }
  awk -v s="$1" -v tx="$tx" -v t="$T" -v ticks="$((after - before))" -v hz="$(getconf CLK_TCK)" \
    'BEGIN { printf "%-26s %6.0f awards/s  PostgreSQL CPU %5.0f µs an award\n", s, tx / t, ticks * 1e6 / hz / tx }'
}
for round in $(seq 1 "$ROUNDS"); do
  echo "round $round"
  for s in award.sql award-one-statement.sql award-no-lock.sql award-no-credits.sql award-no-ledger.sql award-lookup.sql; do run "$s"; done
done
