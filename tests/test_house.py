"""The house's rules, read from the code's imports: the rooms that never speak to Discord, one
way down at run time, and table modules small enough to read in one sitting."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
ROOMS = ("games", "rendering", "screens", "drawing", "storage", "locales", "cogs")
WITHOUT_DISCORD = ("games", "rendering", "screens", "drawing", "storage", "locales")
TABLE_MODULE_LINES = 450


def _modules() -> dict[str, Path]:
    found = {path.stem: REPO / path for path in map(Path, ("bot.py", "config.py"))}
    found["fault_points"] = REPO / "fault_points.py"
    for room in ROOMS:
        for path in (REPO / room).rglob("*.py"):
            parts = path.relative_to(REPO).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    return found


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _run_time_nodes(tree: ast.Module) -> list[ast.stmt]:
    """The statements run at import time: the top level, outside ``if TYPE_CHECKING:``."""
    nodes: list[ast.stmt] = []
    pending: list[ast.stmt] = list(tree.body)
    while pending:
        node = pending.pop()
        if isinstance(node, ast.If) and _is_type_checking(node):
            pending += node.orelse
        elif isinstance(node, ast.If | ast.Try | ast.With):
            pending += [n for n in ast.iter_child_nodes(node) if isinstance(n, ast.stmt)]
        else:
            nodes.append(node)
    return nodes


def _imports(path: Path) -> set[str]:
    """Every module a file names in an import, wherever (``from a import b``: ``a`` and
    ``a.b``)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
            names |= {f"{node.module}.{alias.name}" for alias in node.names}
    return names


def _run_time_targets(path: Path, modules: dict[str, Path]) -> set[str]:
    """The project's modules a file runs at its import: ``from a import b`` runs ``a.b`` when
    that is a module of the project, else ``a``; ``import a.b`` runs ``a.b``."""
    found: set[str] = set()
    for node in _run_time_nodes(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                submodule = f"{node.module}.{alias.name}"
                found.add(submodule if submodule in modules else node.module)
    return found & set(modules)


def _room(module: str) -> str:
    return module.split(".")[0]


@pytest.mark.parametrize("room", WITHOUT_DISCORD)
def test_rooms_without_discord_never_import_it(room: str) -> None:
    for name, path in _modules().items():
        if _room(name) == room:
            reached = {_room(module) for module in _imports(path)}
            assert not reached & {"discord", "aiohttp"}, f"{name} imports discord.py"


@pytest.mark.parametrize(
    ("room", "never"),
    [
        ("games", {"rendering", "screens", "drawing", "storage", "cogs", "bot", "config"}),
        ("rendering", {"screens", "drawing", "storage", "cogs", "bot"}),
        ("screens", {"drawing", "storage", "cogs", "bot"}),
        ("drawing", {"storage", "cogs", "bot"}),
        ("storage", {"rendering", "screens", "drawing", "cogs", "bot"}),
    ],
)
def test_rooms_import_one_way_down(room: str, never: set[str]) -> None:
    for name, path in _modules().items():
        if _room(name) == room:
            reached = {_room(module) for module in _imports(path)}
            assert not reached & never, f"{name} imports {sorted(reached & never)}"


def test_the_settings_import_nothing_of_the_games() -> None:
    reached = {_room(module) for module in _imports(REPO / "config.py")}
    assert "games" not in reached


def test_no_import_circle_at_run_time() -> None:
    modules = _modules()
    graph = {name: _run_time_targets(path, modules) - {name} for name, path in modules.items()}
    visiting: list[str] = []
    done: set[str] = set()

    def visit(name: str) -> None:
        if name in visiting:
            circle = [*visiting[visiting.index(name) :], name]
            raise AssertionError("import circle: " + " -> ".join(circle))
        if name in done:
            return
        visiting.append(name)
        for target in sorted(graph[name]):
            visit(target)
        visiting.pop()
        done.add(name)

    for name in sorted(graph):
        visit(name)


def test_table_modules_are_short() -> None:
    for path in sorted((REPO / "cogs" / "table").glob("*.py")):
        lines = len(path.read_text().splitlines())
        assert lines <= TABLE_MODULE_LINES, f"{path.name}: {lines} lines"


TABLE_COG = "cogs.table.cog"
PLUGIN_HOOKS = (
    "on_ui",
    "answer_in_place",
    "sync_seat",
    "show_panels",
    "sync_private",
    "personal_best",
)


def test_table_modules_are_handed_services_not_the_cog() -> None:
    # Not even for type checking: a module of the table that names the cog reaches into it.
    for path in sorted((REPO / "cogs" / "table").glob("*.py")):
        if path.name == "cog.py":
            continue
        named = {module for module in _imports(path) if module.startswith(TABLE_COG)}
        assert not named, f"{path.name} imports the table cog ({sorted(named)})"


def test_the_checker_sees_an_import_of_the_cog_for_type_checking(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from cogs.table.cog import TableCog\n"
    )
    assert TABLE_COG in _imports(sample)
    assert not _run_time_targets(sample, _modules())


def _hook_annotations(path: Path) -> dict[str, list[str]]:
    """Each plugin hook a file defines, with its parameters' annotations as written."""
    found: dict[str, list[str]] = {}
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.AsyncFunctionDef | ast.FunctionDef) and node.name in PLUGIN_HOOKS:
            found[node.name] = [
                ast.unparse(arg.annotation) for arg in node.args.args if arg.annotation
            ]
    return found


def test_plugin_hooks_take_the_services_not_the_cog() -> None:
    files = [REPO / "cogs" / "table" / "plugin.py", *sorted((REPO / "cogs").glob("*.py"))]
    seen: set[str] = set()
    for path in files:
        for hook, written in _hook_annotations(path).items():
            seen.add(hook)
            assert "TableCog" not in written, f"{path.name}: {hook} takes the cog"
            assert written[0] == "TableServices", f"{path.name}: {hook} {written}"
    assert seen == set(PLUGIN_HOOKS)  # the check reads every hook the table calls


# Where a click's interaction is still read: the channel step's edits and posts through its
# token (changes.py notes the posting click, repair.py hands it to the step).
READS_THE_CLICKS_INTERACTION = {"changes.py", "repair.py"}


def test_clicks_are_answered_through_their_reply() -> None:
    for path in sorted((REPO / "cogs").rglob("*.py")):
        if "reply.interaction" in path.read_text():
            assert path.parent.name == "table", f"{path.name} reaches through a click's reply"
            assert path.name in READS_THE_CLICKS_INTERACTION, path.name
