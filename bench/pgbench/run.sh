#!/usr/bin/env bash
# What a completion costs PostgreSQL alone, in its own transaction and in batches:
#   bash bench/pgbench/run.sh <database kept by membertodos.mjs --keep-db> [seconds]
# Prints pgbench's transactions per second and the CPU time of all PostgreSQL processes per
# transaction (read from /proc, with the children's time the postmaster collected). Run as root
# on the machine of the PostgreSQL server; nothing else should be running.
set -euo pipefail
DB=$1
T=${2:-8}
HERE=$(dirname "$0")
psql -h 127.0.0.1 -U postgres -d "$DB" -qf "$HERE/pool.sql"
# shellcheck source=cpu.sh
. "$HERE/cpu.sh"
run() { # script, clients, completions per transaction
  local before after out tx tps
  before=$(pg_cpu_ticks)
  # Generic plans, as the app asks for in a batch's transaction (the batch statements take arrays).
  out=$(PGOPTIONS="-c plan_cache_mode=force_generic_plan" pgbench -h 127.0.0.1 -U postgres -n -M prepared -c "$2" -j 2 -T "$T" -D batch="$3" -f "$HERE/$1" "$DB" 2>&1)
  after=$(pg_cpu_ticks)
  tx=$(grep -oP 'number of transactions actually processed: \K[0-9]+' <<<"$out")
  tps=$(grep -oP 'tps = \K[0-9.]+' <<<"$out" | head -1)
  awk -v s="$1" -v c="$2" -v tps="$tps" -v tx="$tx" -v b="$3" -v ticks="$((after - before))" -v hz="$(getconf CLK_TCK)" \
    'BEGIN { ms = ticks * 1000 / hz / tx; printf "%-24s batch %2d  clients %2d  %8.0f tx/s  %8.0f completions/s  PostgreSQL CPU %.3f ms per transaction, %.3f per completion\n", s, b, c, tps, tps * b, ms, ms / b }'
}
run one-per-transaction.sql 16 1
run batch.sql 4 4
run batch.sql 2 8
run batch.sql 2 16
psql -h 127.0.0.1 -U postgres -d "$DB" -qc 'drop table bench_pool'
