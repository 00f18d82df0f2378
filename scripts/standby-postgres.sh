#!/usr/bin/env bash
# A disposable PostgreSQL 15 streaming standby of the local primary (127.0.0.1:5432), for the read
# replica tests, the fault drills and trying DATABASE_REPLICA_URLS by hand.
#
#   scripts/standby-postgres.sh start    # prints the standby's port, then a URL template, last
#   scripts/standby-postgres.sh status   # the port and whether it is in recovery; exit 1 when not running
#   scripts/standby-postgres.sh pause    # pg_wal_replay_pause() on the standby (tests of a lagging replica)
#   scripts/standby-postgres.sh resume   # pg_wal_replay_resume()
#   scripts/standby-postgres.sh stop     # stops it and removes its data directory
#
# It runs the server binaries directly (pg_ctl), not as a Debian-registered cluster, so nothing of it
# outlives `stop`. Every role of the primary is replicated, so app_test reads there with its password.
# Must run as root (it switches to the postgres user) or as postgres. Environment: PRIMARY_PORT
# (5432), STANDBY_FIRST_PORT (5433), STANDBY_BASE (/var/lib/postgresql/glowfind-standby).
set -euo pipefail

PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
PRIMARY_PORT="${PRIMARY_PORT:-5432}"
PRIMARY_SOCKET="${PRIMARY_SOCKET:-/var/run/postgresql}"
PRIMARY_CONF_DIR="${PRIMARY_CONF_DIR:-/etc/postgresql/15/main}"
FIRST_PORT="${STANDBY_FIRST_PORT:-5433}"
BASE="${STANDBY_BASE:-/var/lib/postgresql/glowfind-standby}"
DATA="$BASE/data"
PORT_FILE="$BASE/port"
LOG="$BASE/standby.log"

as_postgres() {
  if [ "$(id -un)" = postgres ]; then "$@"; else runuser -u postgres -- "$@"; fi
}

primary_sql() {
  as_postgres "$PG_BIN/psql" -X -q -A -t -h "$PRIMARY_SOCKET" -p "$PRIMARY_PORT" -d postgres -c "$1"
}

standby_sql() {
  as_postgres "$PG_BIN/psql" -X -q -A -t -h "$BASE" -p "$(cat "$PORT_FILE")" -d postgres -c "$1"
}

is_running() {
  [ -f "$PORT_FILE" ] && [ -f "$DATA/postmaster.pid" ] && as_postgres "$PG_BIN/pg_ctl" -D "$DATA" status >/dev/null 2>&1
}

port_is_free() {
  local port="$1"
  # pg_isready exits 2 when nothing answers; ss (when present) also catches non-PostgreSQL listeners.
  local rc=0
  "$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$port" -t 1 || rc=$?
  if [ "$rc" != 2 ]; then return 1; fi
  if command -v ss >/dev/null 2>&1 && ss -Hltn "sport = :$port" | grep -q .; then return 1; fi
  [ ! -e "/var/run/postgresql/.s.PGSQL.$port" ]
}

# Streaming needs wal_level replica (the default) and WAL senders; both need a restart of the primary
# to change, which this script does not do to a shared server: it says what to change instead.
check_primary() {
  if ! "$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$PRIMARY_PORT"; then
    echo "standby: the primary on 127.0.0.1:$PRIMARY_PORT is not accepting connections" >&2
    exit 1
  fi
  local wal_level senders
  wal_level="$(primary_sql 'SHOW wal_level')"
  senders="$(primary_sql 'SHOW max_wal_senders')"
  if [ "$wal_level" = minimal ] || [ "$senders" -lt 1 ]; then
    echo "standby: the primary needs wal_level=replica and max_wal_senders>0 (now $wal_level, $senders); set them and restart it" >&2
    exit 1
  fi
  # The base backup and the stream connect as the postgres superuser over the primary's Unix socket
  # (peer authentication, no password to keep); a 127.0.0.1 line serves a replication role with a
  # password. Each is added only when missing, then the configuration is reloaded.
  local hba="$PRIMARY_CONF_DIR/pg_hba.conf" changed=0
  if [ -f "$hba" ]; then
    if ! grep -Eq '^[[:space:]]*local[[:space:]]+replication[[:space:]]+(all|postgres)[[:space:]]' "$hba"; then
      echo 'local   replication     postgres                                peer' >>"$hba"
      changed=1
    fi
    if ! grep -Eq '^[[:space:]]*host[[:space:]]+replication[[:space:]]+all[[:space:]]+127\.0\.0\.1/32[[:space:]]' "$hba"; then
      echo 'host    replication     all             127.0.0.1/32            scram-sha-256' >>"$hba"
      changed=1
    fi
  fi
  if [ "$changed" = 1 ]; then primary_sql 'SELECT pg_reload_conf()' >/dev/null; fi
}

start() {
  if is_running; then
    echo "standby: already running on port $(cat "$PORT_FILE")" >&2
    print_port
    return
  fi
  check_primary
  local port="$FIRST_PORT"
  while ! port_is_free "$port"; do
    port=$((port + 1))
    if [ "$port" -gt $((FIRST_PORT + 50)) ]; then
      echo "standby: no free port from $FIRST_PORT" >&2
      exit 1
    fi
  done
  rm -rf "$BASE"
  mkdir -p "$BASE"
  chown postgres:postgres "$BASE" 2>/dev/null || true
  chmod 700 "$BASE"
  echo "standby: base backup of 127.0.0.1:$PRIMARY_PORT into $DATA..." >&2
  # -R writes standby.signal and primary_conninfo (the same socket and user) into the copy.
  as_postgres "$PG_BIN/pg_basebackup" -h "$PRIMARY_SOCKET" -p "$PRIMARY_PORT" -U postgres \
    -D "$DATA" -R -X stream -c fast --no-sync
  # A hot standby refuses to start with fewer of these than its primary has.
  local settings
  settings="$(primary_sql "SELECT string_agg(name || ' = ' || setting, E'\n') FROM pg_settings WHERE name IN ('max_connections','max_worker_processes','max_wal_senders','max_prepared_transactions','max_locks_per_transaction')")"
  # Debian keeps the primary's configuration in /etc, so the copy has none: it gets its own.
  as_postgres tee "$DATA/postgresql.conf" >/dev/null <<EOF
port = $port
listen_addresses = '127.0.0.1'
unix_socket_directories = '$BASE'
hot_standby = on
shared_buffers = 64MB
ssl = off
logging_collector = off
$settings
EOF
  # A primary that keeps its pg_hba.conf in its data directory (not Debian's) passes it on: it stands.
  if [ ! -f "$DATA/pg_hba.conf" ]; then
    as_postgres tee "$DATA/pg_hba.conf" >/dev/null <<EOF
local   all             all                                     peer
host    all             all             127.0.0.1/32            scram-sha-256
EOF
  fi
  rm -f "$DATA/postmaster.pid" "$DATA/postmaster.opts"
  echo "$port" >"$PORT_FILE"
  as_postgres "$PG_BIN/pg_ctl" -D "$DATA" -l "$LOG" -w -t 60 start >/dev/null
  for _ in $(seq 1 60); do
    if [ "$(standby_sql 'SELECT pg_is_in_recovery()' 2>/dev/null || true)" = t ]; then
      echo "standby: streaming from 127.0.0.1:$PRIMARY_PORT, in recovery, on port $port" >&2
      print_port
      return
    fi
    sleep 0.5
  done
  echo "standby: did not come up in recovery; its log ($LOG):" >&2
  tail -n 20 "$LOG" >&2 || true
  exit 1
}

print_port() {
  local port
  port="$(cat "$PORT_FILE")"
  echo "port=$port url=postgres://USER:PASSWORD@127.0.0.1:$port/DATABASE"
}

stop() {
  if [ -f "$DATA/postmaster.pid" ]; then
    as_postgres "$PG_BIN/pg_ctl" -D "$DATA" -m fast -w -t 60 stop >/dev/null 2>&1 || true
  fi
  rm -rf "$BASE"
  echo "standby: stopped" >&2
}

status() {
  if ! is_running; then
    echo "standby: not running" >&2
    exit 1
  fi
  echo "standby: in recovery: $(standby_sql 'SELECT pg_is_in_recovery()'), replay paused: $(standby_sql 'SELECT pg_is_wal_replay_paused()')" >&2
  print_port
}

replay() {
  if ! is_running; then
    echo "standby: not running" >&2
    exit 1
  fi
  standby_sql "SELECT pg_wal_replay_$1()" >/dev/null
  echo "standby: replay $1d" >&2
}

case "${1:-}" in
start) start ;;
stop) stop ;;
status) status ;;
pause) replay pause ;;
resume) replay resume ;;
*)
  echo "usage: $0 start|stop|status|pause|resume" >&2
  exit 2
  ;;
esac
