# Shared by scripts/run and scripts/test: `ensure_venv [extra]` makes .venv with the project
# installed (with the optional dependencies `extra`), refreshed whenever pyproject.toml changes.
# It is made with `find_python`: $PYTHON, then python3.13, python3.12, python3.11, python3, the
# first that is Python 3.11 or newer. A .venv made by an older Python, or by one that no longer
# runs, is made again rather than reused.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# Whether the Python command $1 runs and is 3.11 or newer.
python_fits() {
  local version major minor
  version="$("$1" -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null)" || return 1
  major="${version%%.*}"
  minor="${version#*.}"
  [[ "$major" =~ ^[0-9]+$ && "$minor" =~ ^[0-9]+$ ]] || return 1
  ((major > 3 || (major == 3 && minor >= 11)))
}

# Prints the first Python command that fits; else says which to install, and fails.
find_python() {
  local candidate
  for candidate in ${PYTHON:+"$PYTHON"} python3.13 python3.12 python3.11 python3; do
    if command -v "$candidate" >/dev/null 2>&1 && python_fits "$candidate"; then
      echo "$candidate"
      return 0
    fi
  done
  echo "The table bot needs Python 3.11 or newer and found none: install python3.11 or newer" \
    "(on Ubuntu 22.04: sudo apt install python3.11 python3.11-venv), or name it in PYTHON." >&2
  return 1
}

make_venv() {
  local python
  python="$(find_python)"
  if ! "$python" -m venv .venv; then
    rm -rf .venv
    echo "$python could not make .venv: install its venv module" \
      "(on Debian or Ubuntu: sudo apt install ${python##*/}-venv)." >&2
    return 1
  fi
}

ensure_venv() {
  local extra="${1:-}"
  if [ -e .venv ] && ! python_fits .venv/bin/python; then
    echo "Making .venv again: it was made by a Python older than 3.11 or one that no longer runs." >&2
    rm -rf .venv
  fi
  if [ ! -e .venv ]; then
    make_venv
  fi
  local stamp
  stamp=".venv/.installed-$(sha256sum pyproject.toml | cut -c1-16)${extra:+-$extra}"
  if [ ! -e "$stamp" ]; then
    if ! .venv/bin/python -m pip --version >/dev/null 2>&1; then
      echo "Making .venv again: it has no pip (an earlier attempt to make it failed)." >&2
      rm -rf .venv
      make_venv
    fi
    echo "Installing into .venv (first run, or pyproject.toml changed; about a minute)..." >&2
    # PYTHONWARNINGS: setuptools' boxed warning about editable installs only alarms a host.
    PYTHONWARNINGS=ignore .venv/bin/python -m pip install --quiet --upgrade pip
    PYTHONWARNINGS=ignore .venv/bin/python -m pip install --quiet -e ".${extra:+[$extra]}"
    touch "$stamp"
  fi
}
