#!/usr/bin/env bash
# Throwaway PostgreSQL cluster for the API tests.
#
#   scripts/pg-test-cluster.sh start    create (if needed) and start it; prints `export TEST_DATABASE_URL=...`
#   scripts/pg-test-cluster.sh stop     stop it and delete its files
#   scripts/pg-test-cluster.sh status   exit 0 and print the URL when running, exit 1 otherwise
#   scripts/pg-test-cluster.sh url      print the URL of the running cluster
#
# Typical use:  eval "$(scripts/pg-test-cluster.sh start)"; npx vitest run --project api; scripts/pg-test-cluster.sh stop
#
# stdout carries only the `export TEST_DATABASE_URL=...` line (so it can be eval'ed); progress goes to stderr.
# The cluster lives in $PGTEST_DIR (default /tmp/backoffice-pgtest, owned by the postgres user when run as
# root), uses trust auth, listens on 127.0.0.1 only, on $PGTEST_PORT (default 55432) or the next free port,
# and runs with fsync off: it is for tests only. `start` is idempotent: an already running cluster is reused.
# When the PostgreSQL binaries are missing and we are root, Debian's `postgresql` package is installed.
set -euo pipefail

DIR="${PGTEST_DIR:-/tmp/backoffice-pgtest}"
WANT_PORT="${PGTEST_PORT:-55432}"
DB_NAME="${PGTEST_DB:-backoffice_test}"
DATA="$DIR/data"
PORT_FILE="$DIR/port"
LOG="$DIR/server.log"
export PGCONNECT_TIMEOUT="${PGCONNECT_TIMEOUT:-5}"

log() { echo "[pg-test-cluster] $*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# ---- binaries -----------------------------------------------------------------------------------------
find_bindir() {
  if [[ -n "${PG_BINDIR:-}" && -x "$PG_BINDIR/pg_ctl" ]]; then echo "$PG_BINDIR"; return 0; fi
  local d
  # highest version first
  for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k5 -V -r); do
    if [[ -x "$d/pg_ctl" && -x "$d/initdb" ]]; then echo "$d"; return 0; fi
  done
  if command -v pg_ctl >/dev/null 2>&1 && command -v initdb >/dev/null 2>&1; then
    dirname "$(command -v pg_ctl)"; return 0
  fi
  return 1
}

ensure_binaries() {
  if BIN="$(find_bindir)"; then return 0; fi
  [[ "$(id -u)" == 0 ]] || die "PostgreSQL binaries not found (install Debian's postgresql, or set PG_BINDIR)"
  log "PostgreSQL binaries not found; installing Debian's postgresql"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q >&2
  apt-get install -y -q --no-install-recommends postgresql >&2
  BIN="$(find_bindir)" || die "postgresql installed but pg_ctl/initdb still not found"
}

# Run a command as the cluster owner: `postgres` when we are root (initdb refuses root), else ourselves.
as_owner() {
  if [[ "$(id -u)" == 0 ]]; then
    id postgres >/dev/null 2>&1 || die "user 'postgres' does not exist (install Debian's postgresql)"
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

psql_bin() { if [[ -x "$BIN/psql" ]]; then echo "$BIN/psql"; else command -v psql; fi; }

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

is_running() {
  [[ -f "$DATA/PG_VERSION" ]] || return 1
  as_owner "$BIN/pg_ctl" -D "$DATA" status >/dev/null 2>&1 || return 1
  # pg_ctl only checks that the pid is alive (a zombie counts); make sure it accepts connections too.
  if [[ -f "$PORT_FILE" && -x "$BIN/pg_isready" ]]; then
    "$BIN/pg_isready" -q -h 127.0.0.1 -p "$(cat "$PORT_FILE")" -t 5 || return 1
  fi
}

url_for() { echo "postgres://postgres@127.0.0.1:$1/$DB_NAME"; }

ensure_database() {
  local port="$1" psql; psql="$(psql_bin)"
  local i
  for i in $(seq 1 50); do
    if "$psql" -h 127.0.0.1 -p "$port" -U postgres -d postgres -tAc "select 1" >/dev/null 2>&1; then break; fi
    sleep 0.2
  done
  if [[ "$("$psql" -h 127.0.0.1 -p "$port" -U postgres -d postgres -tAc \
        "select 1 from pg_database where datname = '$DB_NAME'")" != 1 ]]; then
    "$psql" -h 127.0.0.1 -p "$port" -U postgres -d postgres -q -v ON_ERROR_STOP=1 \
      -c "create database \"$DB_NAME\"" >&2
    log "created database $DB_NAME"
  fi
}

cmd_start() {
  ensure_binaries
  if is_running && [[ -f "$PORT_FILE" ]]; then
    local port; port="$(cat "$PORT_FILE")"
    log "already running on 127.0.0.1:$port ($DATA)"
    ensure_database "$port"
    echo "export TEST_DATABASE_URL=$(url_for "$port")"
    return 0
  fi
  # Leftovers of a cluster that is not running (crash, reboot): it is throwaway, start over.
  if [[ -e "$DIR" ]]; then
    log "removing stale $DIR"
    as_owner "$BIN/pg_ctl" -D "$DATA" stop -m immediate >/dev/null 2>&1 || true
    rm -rf "$DIR"
  fi

  local port="$WANT_PORT" tries=0
  while port_in_use "$port"; do
    tries=$((tries + 1)); [[ $tries -lt 50 ]] || die "no free port from $WANT_PORT to $port"
    port=$((port + 1))
  done

  mkdir -p "$DIR"
  chmod 700 "$DIR"
  [[ "$(id -u)" == 0 ]] && chown postgres: "$DIR"
  log "initdb in $DATA ($BIN)"
  as_owner "$BIN/initdb" -D "$DATA" -U postgres -A trust -E UTF8 --locale=C -N >"$DIR/initdb.log" 2>&1 \
    || { cat "$DIR/initdb.log" >&2; die "initdb failed"; }
  cat >>"$DATA/postgresql.conf" <<EOF

# --- throwaway test cluster (scripts/pg-test-cluster.sh) ---
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$DIR'
fsync = off
synchronous_commit = off
full_page_writes = off
max_connections = 200
shared_buffers = 128MB
logging_collector = off
EOF
  echo "$port" >"$PORT_FILE"
  [[ "$(id -u)" == 0 ]] && chown postgres: "$PORT_FILE"
  log "starting on 127.0.0.1:$port"
  as_owner "$BIN/pg_ctl" -D "$DATA" -l "$LOG" -w -t 60 start >/dev/null \
    || { cat "$LOG" >&2 || true; die "pg_ctl start failed"; }
  ensure_database "$port"
  echo "export TEST_DATABASE_URL=$(url_for "$port")"
}

cmd_stop() {
  if ! BIN="$(find_bindir)"; then
    rm -rf "$DIR"; return 0
  fi
  if [[ -f "$DATA/PG_VERSION" ]]; then
    if [[ -f "$DATA/postmaster.pid" ]]; then
      log "stopping"
      as_owner "$BIN/pg_ctl" -D "$DATA" -w -t 60 stop -m fast >/dev/null 2>&1 \
        || as_owner "$BIN/pg_ctl" -D "$DATA" stop -m immediate >/dev/null 2>&1 || true
    fi
  fi
  if [[ -e "$DIR" ]]; then rm -rf "$DIR"; log "removed $DIR"; fi
}

cmd_status() {
  BIN="$(find_bindir)" || { log "no PostgreSQL binaries"; return 1; }
  if is_running && [[ -f "$PORT_FILE" ]]; then
    url_for "$(cat "$PORT_FILE")"; return 0
  fi
  log "not running"; return 1
}

case "${1:-}" in
  start) cmd_start ;;
  stop) cmd_stop ;;
  status|url) cmd_status ;;
  *) echo "usage: $0 start|stop|status|url" >&2; exit 2 ;;
esac
