#!/usr/bin/env bash
# A throwaway Synapse homeserver on loopback for the Matrix adapter's tests.
#
#   tools/synapse.sh start DIR   install (once), configure, start, register users
#   tools/synapse.sh stop DIR    stop it (DIR and its data are kept)
#
# `start` writes DIR/env with the MATRIX_TEST_* variables tests/matrix/ reads:
#   set -a; . DIR/env; set +a; cargo test --test matrix
# The server is named `localhost`, listens on 127.0.0.1 only at a free port, has no
# federation, registers users by shared secret and has rate limits high enough that
# a test sending hundreds of messages is never throttled.
# The venv lives in $SYNAPSE_VENV (default ~/.cache/oware-bot-synapse-venv) and is
# reused between runs; pip only runs when it is missing.
set -euo pipefail

usage() {
  echo "usage: $0 start DIR | stop DIR" >&2
  exit 2
}
[ $# -eq 2 ] || usage
cmd=$1
dir=$(mkdir -p "$2" && cd "$2" && pwd)
venv=${SYNAPSE_VENV:-$HOME/.cache/oware-bot-synapse-venv}
py=$venv/bin/python

stop() {
  if [ -f "$dir/synapse.pid" ]; then
    pid=$(cat "$dir/synapse.pid")
    if kill "$pid" 2>/dev/null; then
      for _ in $(seq 50); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.2
      done
    fi
    rm -f "$dir/synapse.pid"
    echo "synapse stopped ($dir)"
  fi
}

install() {
  if [ -x "$py" ] && "$py" -c 'import synapse' 2>/dev/null; then
    return
  fi
  echo "installing matrix-synapse into $venv"
  local t0=$SECONDS
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check matrix-synapse
  echo "installed matrix-synapse in $((SECONDS - t0)) s"
}

configure() {
  local port=$1
  rm -f "$dir/homeserver.yaml"
  (cd "$dir" && "$py" -m synapse.app.homeserver --server-name localhost \
    --config-path "$dir/homeserver.yaml" --data-directory "$dir" \
    --generate-config --report-stats=no >/dev/null)
  "$py" - "$dir" "$port" <<'EOF'
import secrets, sys, yaml
d, port = sys.argv[1], int(sys.argv[2])
path = f"{d}/homeserver.yaml"
with open(path) as f:
    c = yaml.safe_load(f)
# One client listener on loopback; no federation listener.
c["listeners"] = [{
    "port": port, "bind_addresses": ["127.0.0.1"], "type": "http", "tls": False,
    "x_forwarded": False, "resources": [{"names": ["client"], "compress": False}],
}]
c["trusted_key_servers"] = []
c["suppress_key_server_warning"] = True
c["enable_registration"] = True
c["enable_registration_without_verification"] = True
c["registration_shared_secret"] = secrets.token_hex(16)
c["report_stats"] = False
c["presence"] = {"enabled": False}
c["url_preview_enabled"] = False
many = {"per_second": 1000, "burst_count": 1000}
for key in ["rc_message", "rc_registration", "rc_admin_redaction", "rc_joins_per_room",
            "rc_3pid_validation", "rc_media_create", "rc_delayed_event_mgmt",
            "rc_reports", "rc_room_creation", "rc_presence"]:
    c[key] = dict(many)
c["rc_login"] = {k: dict(many) for k in ["address", "account", "failed_attempts"]}
c["rc_joins"] = {k: dict(many) for k in ["local", "remote"]}
c["rc_invites"] = {k: dict(many) for k in ["per_room", "per_user", "per_issuer"]}
with open(path, "w") as f:
    yaml.safe_dump(c, f)
EOF
}

start() {
  stop
  install
  local port
  port=$("$py" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  # A fresh server every start: tests create rooms and users from scratch.
  rm -rf "$dir"/homeserver.db* "$dir/media_store" "$dir/env"
  configure "$port"
  local url=http://127.0.0.1:$port
  local t0=$SECONDS
  # Not in a subshell: the server must not keep the caller's stdout open.
  cd "$dir"
  nohup "$py" -m synapse.app.homeserver -c "$dir/homeserver.yaml" \
    </dev/null >"$dir/stdout.log" 2>&1 &
  echo $! >"$dir/synapse.pid"
  cd - >/dev/null
  for _ in $(seq 300); do
    if "$py" -c "import urllib.request as u; u.urlopen('$url/_matrix/client/versions', timeout=1)" 2>/dev/null; then
      break
    fi
    if ! kill -0 "$(cat "$dir/synapse.pid")" 2>/dev/null; then
      echo "synapse exited; see $dir/stdout.log and $dir/homeserver.log" >&2
      tail -20 "$dir/stdout.log" >&2
      exit 1
    fi
    sleep 0.2
  done
  echo "synapse answers at $url after $((SECONDS - t0)) s"
  for user in oware-bot alice bob; do
    "$venv/bin/register_new_matrix_user" -c "$dir/homeserver.yaml" -u "$user" \
      -p "pw-$user" --no-admin "$url" >/dev/null
  done
  cat >"$dir/env" <<EOF
MATRIX_TEST_HOMESERVER=$url
MATRIX_TEST_BOT_USER=@oware-bot:localhost
MATRIX_TEST_BOT_PASSWORD=pw-oware-bot
MATRIX_TEST_ALICE=@alice:localhost
MATRIX_TEST_ALICE_PASSWORD=pw-alice
MATRIX_TEST_BOB=@bob:localhost
MATRIX_TEST_BOB_PASSWORD=pw-bob
EOF
  echo "users oware-bot, alice, bob registered; env in $dir/env"
}

case $cmd in
  start) start ;;
  stop) stop ;;
  *) usage ;;
esac
