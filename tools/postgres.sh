#!/usr/bin/env bash
# A throwaway PostgreSQL on loopback for the store's tests and for developers, from
# Debian's packages (installed with apt when missing), like tools/synapse.sh.
#
#   tools/postgres.sh start DIR   create (once) and start a cluster in DIR
#   tools/postgres.sh stop DIR    stop it (DIR and its data are kept)
#
# `start` listens on 127.0.0.1 only, at a free port, with a database `oware` owned by
# the role `oware` (trust authentication: loopback and throwaway only), and writes
# DIR/env with the URL tests read:
#   set -a; . DIR/env; set +a; OWARE_TEST_DATABASE=postgres cargo test
# As root (CI, containers) the server runs as the `postgres` system user, which
# PostgreSQL requires.
set -euo pipefail

usage() {
  echo "usage: $0 start DIR | stop DIR" >&2
  exit 2
}
[ $# -eq 2 ] || usage
cmd=$1
mkdir -p "$2"
dir=$(cd "$2" && pwd)

bindir() {
  ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1
}

install() {
  if [ -n "$(bindir)" ]; then
    return
  fi
  echo "installing PostgreSQL from Debian's packages"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
}

# Runs a PostgreSQL program as a user it accepts (never root).
as_pg() {
  if [ "$(id -u)" = 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

stop() {
  local bin
  bin=$(bindir)
  if [ -n "$bin" ] && [ -f "$dir/data/postmaster.pid" ]; then
    as_pg "$bin/pg_ctl" -D "$dir/data" -m fast stop >/dev/null && echo "postgres stopped ($dir)"
  fi
}

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

case $cmd in
  start)
    install
    bin=$(bindir)
    if [ "$(id -u)" = 0 ]; then
      chown postgres "$dir"
    fi
    if [ ! -f "$dir/data/PG_VERSION" ]; then
      as_pg "$bin/initdb" -D "$dir/data" -U oware --auth=trust -E UTF8 --no-locale >/dev/null
    fi
    stop >/dev/null 2>&1 || true
    port=$(free_port)
    as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -w -t 60 \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off \
          -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
      start >/dev/null
    if ! as_pg "$bin/psql" -h 127.0.0.1 -p "$port" -U oware -d postgres -tAc \
        "SELECT 1 FROM pg_database WHERE datname = 'oware'" | grep -q 1; then
      as_pg "$bin/createdb" -h 127.0.0.1 -p "$port" -U oware oware
    fi
    url="postgres://oware@127.0.0.1:$port/oware"
    echo "OWARE_TEST_POSTGRES_URL=$url" >"$dir/env"
    echo "postgres answers at $url; env in $dir/env"
    ;;
  stop)
    stop
    ;;
  *)
    usage
    ;;
esac
