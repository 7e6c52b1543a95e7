#!/usr/bin/env bash
# The newest releases of every dependency, before a player meets them: a fresh venv with the
# newest versions (past the caps in pyproject.toml, as an unpinned install would take them), the
# app installed as a user installs it, then the real-window tour (tests/window) and the headless
# UI tests.  Run before each release and daily in .github/workflows/newest.yml; a failure here
# means a release changed something we rely on: cap it in pyproject.toml, regenerate the locks
# (tools/lock.sh), and fix the code before lifting the cap.
#   tools/check_newest.sh [SHOTS_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
shots=${1:-newest-shots}
venv=$(mktemp -d)/venv
python3 -m venv "$venv"
"$venv/bin/pip" install -q --upgrade pip
"$venv/bin/pip" install -q --no-deps .
# Each runtime dependency by name alone: the newest release, whatever our caps say.
"$venv/bin/pip" install -q --upgrade pygame-ce pygame-gui pytmx platformdirs
echo "== the newest releases"
"$venv/bin/pip" list 2>/dev/null | grep -iE "^(pygame-ce|pygame_gui|pygame-gui|pytmx|platformdirs) "
echo "== the real-window tour with them"
CT_REAL_WINDOW=1 CT_APP_PYTHON="$venv/bin/python" CT_WINDOW_SHOTS="$shots" \
  python3 -m pytest -q -p no:cacheprovider tests/window
