# Sourced by the pgbench scripts here. pg_cpu_ticks: the CPU time of all PostgreSQL processes so
# far (user and system, with the children's time the postmaster collected), in clock ticks
# (getconf CLK_TCK a second), read from /proc. Run as root on the machine of the PostgreSQL server.
pg_cpu_ticks() {
  local sum=0 fields
  for pid in $(pgrep -u postgres postgres); do
    read -r -a fields 2>/dev/null <"/proc/$pid/stat" || continue
    sum=$((sum + fields[13] + fields[14] + fields[15] + fields[16]))
  done
  echo "$sum"
}
