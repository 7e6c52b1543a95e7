#!/usr/bin/env bash
# Regenerate the lock files from pyproject.toml's ranges (exact versions and hashes for every OS):
#   requirements/app.lock.txt  what the app needs to run (the installed app in the real-window test)
#   requirements/lock.txt      that plus the test, build and lint tools (CI, the frozen build)
# Run after changing a dependency, then run .ci/run; commit the lock files with the change.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v uv >/dev/null || python3 -m pip install -q uv
common=(--generate-hashes --universal --python-version 3.10 --quiet)
uv pip compile pyproject.toml "${common[@]}" -o requirements/app.lock.txt
uv pip compile pyproject.toml --extra test --extra build --extra lint --extra lan "${common[@]}" -o requirements/lock.txt
