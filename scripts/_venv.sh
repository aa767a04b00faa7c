# Shared by scripts/run and scripts/test: `ensure_venv [extra]` makes .venv with the project
# installed (with the optional dependencies `extra`), refreshed whenever pyproject.toml changes.
set -euo pipefail
cd "$(dirname "$0")/.."

ensure_venv() {
  local extra="${1:-}"
  local python="${PYTHON:-python3}"
  if [ ! -x .venv/bin/python ]; then
    "$python" -m venv .venv
  fi
  local stamp
  stamp=".venv/.installed-$(sha256sum pyproject.toml | cut -c1-16)${extra:+-$extra}"
  if [ ! -e "$stamp" ]; then
    echo "Installing into .venv (first run, or pyproject.toml changed; about a minute)..." >&2
    # PYTHONWARNINGS: setuptools' boxed warning about editable installs only alarms a host.
    PYTHONWARNINGS=ignore .venv/bin/python -m pip install --quiet --upgrade pip
    PYTHONWARNINGS=ignore .venv/bin/python -m pip install --quiet -e ".${extra:+[$extra]}"
    touch "$stamp"
  fi
}
