"""Which Python ``scripts/run`` and ``scripts/test`` make .venv with (scripts/_venv.sh).

Fake Pythons stand in for real ones: small shell scripts that print a version (as the real
``python -c 'print(...)'`` does), fail, or make a fake .venv. No real venv is made.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
VENV_SH = REPO / "scripts" / "_venv.sh"
BASH = shutil.which("bash") or "/bin/bash"
# What the script runs besides Python: these alone are on PATH with the fake Pythons, so that
# no real Python of the machine is ever found.
TOOLS = ("dirname", "sha256sum", "cut", "rm", "mkdir", "cp", "touch")

# A fake Python of version $VERSION: prints it when asked; "-m venv DIR" makes DIR/bin/python
# (a copy of itself, as a venv's python is the Python that made it); "-m pip" installs nothing.
FAKE_PYTHON = """#!/bin/sh
if [ "$1" = -c ]; then echo {version}; exit 0; fi
if [ "$1" = -m ] && [ "$2" = venv ]; then mkdir -p "$3/bin" && cp "$0" "$3/bin/python"; fi
exit 0
"""
BROKEN_PYTHON = "#!/bin/sh\necho 'error while loading shared libraries' >&2\nexit 127\n"


def fake(folder: Path, name: str, version: str | None) -> Path:
    """A fake Python called ``name`` in ``folder``; ``version`` None: one that does not run."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    text = BROKEN_PYTHON if version is None else FAKE_PYTHON.format(version=version)
    path.write_text(text, encoding="utf-8")
    path.chmod(0o755)
    return path


def choose(shims: Path, python: str | None = None) -> subprocess.CompletedProcess[str]:
    """``find_python`` with only the fake Pythons on PATH (and ``PYTHON`` if given)."""
    script = f'source "{VENV_SH}"; PATH="{shims}" find_python'
    env = {"HOME": str(shims), "PATH": str(tools(shims.parent))}
    if python is not None:
        env["PYTHON"] = python
    return subprocess.run([BASH, "-c", script], env=env, capture_output=True, text=True)


def tools(tmp_path: Path) -> Path:
    folder = tmp_path / "tools"
    if not folder.exists():
        folder.mkdir()
        for name in TOOLS:
            (folder / name).symlink_to(shutil.which(name) or f"/bin/{name}")
    return folder


@pytest.mark.parametrize(
    ("installed", "chosen"),
    [
        ({"python3": "3.10", "python3.11": "3.11"}, "python3.11"),  # Ubuntu 22.04 with 3.11
        ({"python3": "3.12"}, "python3"),
        ({"python3": "3.11", "python3.12": "3.12", "python3.13": "3.13"}, "python3.13"),
        ({"python3.13": None, "python3.12": "3.12", "python3": "3.12"}, "python3.12"),  # broken
        ({"python3": "4.0"}, "python3"),
    ],
)
def test_the_first_python_of_3_11_or_newer_is_chosen(tmp_path, installed, chosen):
    for name, version in installed.items():
        fake(tmp_path, name, version)
    found = choose(tmp_path)
    assert (found.returncode, found.stdout.strip(), found.stderr) == (0, chosen, "")


def test_the_python_named_in_PYTHON_comes_first_when_it_fits(tmp_path):
    fake(tmp_path, "python3.13", "3.13")
    mine = fake(tmp_path / "elsewhere", "my-python", "3.12")
    assert choose(tmp_path, str(mine)).stdout.strip() == str(mine)
    old = fake(tmp_path / "elsewhere", "old-python", "3.9")
    assert choose(tmp_path, str(old)).stdout.strip() == "python3.13", "too old: the next one"


@pytest.mark.parametrize(
    "installed", [{"python3": "3.10"}, {"python3": "3.9", "python3.11": None}, {}]
)
def test_without_a_fitting_python_one_sentence_says_which_to_install(tmp_path, installed):
    for name, version in installed.items():
        fake(tmp_path, name, version)
    found = choose(tmp_path)
    assert found.returncode != 0 and found.stdout == ""
    lines = found.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].count(". ") == 0, found.stderr
    assert "needs Python 3.11 or newer" in lines[0] and "install python3.11" in lines[0]


def project(tmp_path: Path) -> Path:
    """A project folder with scripts/_venv.sh and a script that runs ``ensure_venv``."""
    scripts = tmp_path / "project" / "scripts"
    scripts.mkdir(parents=True)
    (scripts / "_venv.sh").write_bytes(VENV_SH.read_bytes())
    (scripts / "go").write_text('source "$(dirname "$0")/_venv.sh"\nensure_venv\n', "utf-8")
    (tmp_path / "project" / "pyproject.toml").write_text("[project]\nname = 'x'\n", "utf-8")
    return tmp_path / "project"


def ensure_venv(folder: Path, shims: Path) -> subprocess.CompletedProcess[str]:
    env = {"HOME": str(folder), "PATH": f"{shims}:{tools(shims.parent)}"}
    return subprocess.run([BASH, "scripts/go"], cwd=folder, env=env, capture_output=True, text=True)


@pytest.mark.parametrize("made_by", ["3.10", None], ids=["older Python", "Python gone"])
def test_a_venv_made_by_a_wrong_python_is_made_again(tmp_path, made_by):
    folder = project(tmp_path)
    # A .venv left by a Python 3.10 (or by one that no longer runs), with an install stamp.
    wrong = fake(folder / ".venv" / "bin", "python", made_by)
    (folder / ".venv" / ".installed-stale").touch()
    shims = tmp_path / "shims"
    fake(shims, "python3", "3.10")
    fake(shims, "python3.11", "3.11")
    done = ensure_venv(folder, shims)
    assert done.returncode == 0, done.stderr
    assert "Making .venv again" in done.stderr and "Installing into .venv" in done.stderr
    assert wrong.read_text("utf-8") == (shims / "python3.11").read_text("utf-8")
    assert not (folder / ".venv" / ".installed-stale").exists()
    again = ensure_venv(folder, shims)
    assert (again.returncode, again.stderr) == (0, ""), "a fitting .venv is kept"


def test_no_fitting_python_makes_no_venv(tmp_path):
    folder = project(tmp_path)
    shims = tmp_path / "shims"
    fake(shims, "python3", "3.10")
    done = ensure_venv(folder, shims)
    assert done.returncode != 0
    assert "needs Python 3.11 or newer" in done.stderr
    assert not (folder / ".venv").exists()
