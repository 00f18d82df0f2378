#!/usr/bin/env bash
# Starts the local PostgreSQL 15 cluster and provisions what the API tests need on it.
# Idempotent: safe to run before every test run. Progress goes to stderr; stdout is only the URL:
#
#   export TEST_DATABASE_URL="$(scripts/provision-test-postgres.sh)"
#   npx vitest run            # adds the api-postgres project
#
# - role app_test (password app_test), LOGIN CREATEDB: each API test file creates its own database
#   from the template below and drops it when done (src/server/test/build-test-app.ts);
# - database marketplace_test owned by app_test, the template, with the extensions created here by the
#   superuser once (earthdistance cannot be created by a non-superuser).
# Run as root (uses runuser/su to become postgres) or as postgres.
set -euo pipefail

PG_VERSION="${PG_VERSION:-15}"
PG_CLUSTER="${PG_CLUSTER:-main}"
PG_PORT="${PG_PORT:-5432}"
ROLE=app_test
PASSWORD=app_test
DATABASE=marketplace_test

log() { echo "provision-test-postgres: $*" >&2; }

as_postgres() {
  if [ "$(id -un)" = postgres ]; then
    "$@"
  elif [ "$(id -u)" = 0 ]; then
    if command -v runuser >/dev/null 2>&1; then runuser -u postgres -- "$@"; else su postgres -s /bin/sh -c "$(printf '%q ' "$@")"; fi
  else
    sudo -n -u postgres -- "$@"
  fi
}

psql_super() { as_postgres psql -X -q -v ON_ERROR_STOP=1 -p "$PG_PORT" "$@"; }

# 1. The cluster.
status="$(pg_lsclusters --no-header 2>/dev/null | awk -v v="$PG_VERSION" -v c="$PG_CLUSTER" '$1 == v && $2 == c { print $4 }')"
if [ -z "$status" ]; then
  log "no PostgreSQL $PG_VERSION cluster '$PG_CLUSTER' (apt-get install -y postgresql-$PG_VERSION)"
  exit 1
fi
if [ "$status" != online ]; then
  log "starting cluster $PG_VERSION/$PG_CLUSTER"
  pg_ctlcluster "$PG_VERSION" "$PG_CLUSTER" start >&2
fi
for _ in $(seq 1 60); do
  if pg_isready -q -h 127.0.0.1 -p "$PG_PORT"; then break; fi
  sleep 0.5
done
pg_isready -q -h 127.0.0.1 -p "$PG_PORT" || { log "server not ready on 127.0.0.1:$PG_PORT"; exit 1; }

# 2. The role (password reset every time, so a changed password is put right).
psql_super -d postgres <<SQL
DO \$\$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '$ROLE') THEN
    CREATE ROLE $ROLE LOGIN CREATEDB PASSWORD '$PASSWORD';
  ELSE
    ALTER ROLE $ROLE LOGIN CREATEDB PASSWORD '$PASSWORD';
  END IF;
END
\$\$;
SQL

# 3. The template database and its extensions.
psql_super -d postgres <<SQL
SELECT format('CREATE DATABASE %I OWNER %I', '$DATABASE', '$ROLE')
WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = '$DATABASE')
\gexec
ALTER DATABASE $DATABASE OWNER TO $ROLE;
SQL
psql_super -d "$DATABASE" <<SQL
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS cube;
CREATE EXTENSION IF NOT EXISTS earthdistance;
CREATE EXTENSION IF NOT EXISTS pg_trgm;
SQL

# 4. Per-file databases left behind by an interrupted run (t_<16 hex>); one still in use is kept.
leftovers="$(psql_super -d postgres -At -c "SELECT datname FROM pg_database WHERE datname ~ '^t_[0-9a-f]{16}\$'")"
for name in $leftovers; do
  if psql_super -d postgres -c "DROP DATABASE \"$name\"" 2>/dev/null; then
    log "dropped leftover test database $name"
  fi
done

# 5. The URL, checked by logging in with it.
url="postgres://$ROLE:$PASSWORD@127.0.0.1:$PG_PORT/$DATABASE"
PGPASSWORD="$PASSWORD" psql -X -q -h 127.0.0.1 -p "$PG_PORT" -U "$ROLE" -d "$DATABASE" -At \
  -c "SELECT extname FROM pg_extension WHERE extname IN ('cube', 'earthdistance', 'pg_trgm') ORDER BY 1" \
  | tr '\n' ' ' | grep -q 'cube earthdistance pg_trgm' || { log "extensions missing in $DATABASE"; exit 1; }
log "ready"
echo "$url"
