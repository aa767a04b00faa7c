# Shared by scripts/run and scripts/test: a .venv with the project installed, refreshed
# whenever pyproject.toml changes.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
extra="${1:-}"
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
stamp=".venv/.installed-$(sha256sum pyproject.toml | cut -c1-16)${extra:+-$extra}"
if [ ! -e "$stamp" ]; then
  .venv/bin/python -m pip install --quiet --upgrade pip
  .venv/bin/python -m pip install --quiet -e ".${extra:+[$extra]}"
  touch "$stamp"
fi
