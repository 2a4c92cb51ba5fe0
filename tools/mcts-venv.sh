#!/usr/bin/env bash
# Creates (once) a Python venv with OpenSpiel for tools/mcts_engine.py and prints the
# path of its python, so commands can use it from the repository root:
#   "$(tools/mcts-venv.sh)" tools/mcts_engine.py --simulations 2000
# The venv lives in ${XDG_CACHE_HOME:-~/.cache}/oware-bot-mcts-venv (outside the repo).
set -euo pipefail
venv="${XDG_CACHE_HOME:-$HOME/.cache}/oware-bot-mcts-venv"
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import pyspiel" 2>/dev/null; then
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install --quiet --upgrade pip >&2
  # The version the measurements in docs/engine.md were made with.
  "$venv/bin/pip" install --quiet "open-spiel==2.0.2" numpy >&2
fi
echo "$venv/bin/python"
