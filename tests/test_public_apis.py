"""The product uses its dependencies through their public API only.

A private attribute (one leading underscore) of a library's object may change in any patch
release without a word in its changelog. The scan reads the product's source with ``ast``:
which names and ``self`` attributes hold an object of the library (a parameter annotated with
its types, what its calls return, what an ``async with`` over such a call binds), and fails
on any ``._name`` read on one of them, or on the library's modules themselves.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
# The product's code; tests and the bench may look inside a library.
PRODUCT = (
    "bot.py",
    "config.py",
    "fault_points.py",
    "cogs",
    "games",
    "rendering",
    "screens",
    "drawing",
    "storage",
    "locales",
)
STORAGE_LIBRARIES = ("aiosqlite", "asyncpg")
CLIENT_LIBRARIES = ("discord", "aiosqlite", "asyncpg")
# Markers a library reads on objects of its own kind: not a promise to anyone else.
LIBRARY_DUNDERS = frozenset({"__discord_ui_view__", "__discord_ui_modal__"})


def product_files() -> list[Path]:
    files: list[Path] = []
    for name in PRODUCT:
        path = REPO / name
        files += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return files


def private_uses(source: str, libraries: tuple[str, ...]) -> list[str]:
    """``line: expression`` for every private attribute read on the libraries' objects."""
    tree = ast.parse(source)
    aliases = _aliases(tree, libraries)
    if not aliases:
        return []
    held = _holders(tree, aliases)
    found = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and _is_private(node.attr)
        and (_root(node.value) in aliases or ast.unparse(node.value) in held)
    ]
    found.sort(key=lambda node: (node.lineno, node.col_offset))
    return [f"{node.lineno}: {ast.unparse(node)}" for node in found]


def _is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _aliases(tree: ast.Module, libraries: tuple[str, ...]) -> set[str]:
    """The names under which the module imported the libraries (``import asyncpg as pg``)."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in libraries:
                    names.add(alias.asname or alias.name.split(".")[0])
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in libraries:
            names.update(alias.asname or alias.name for alias in node.names)
    return names


def _root(node: ast.expr) -> str | None:
    while isinstance(node, ast.Attribute):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def _holders(tree: ast.Module, aliases: set[str]) -> set[str]:
    """Expressions (``connection``, ``self._db``) that hold one of the libraries' objects."""
    held: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.arg) and _names_library(node.annotation, aliases):
            held.add(node.arg)
    while True:  # what such an object's calls return is the library's too
        before = len(held)
        for target, value in _bindings(tree):
            if _comes_from(value, aliases, held):
                held.add(ast.unparse(target))
        if len(held) == before:
            return held


def _names_library(annotation: ast.expr | None, aliases: set[str]) -> bool:
    """``aiosqlite.Connection``, ``asyncpg.Pool | None``; also as a string annotation."""
    if annotation is None:
        return False
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        annotation = ast.parse(annotation.value, mode="eval").body
    return any(isinstance(node, ast.Name) and node.id in aliases for node in ast.walk(annotation))


def _bindings(tree: ast.Module) -> Iterator[tuple[ast.expr, ast.expr]]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                yield target, node.value
        elif isinstance(node, ast.AnnAssign | ast.NamedExpr) and node.value is not None:
            yield node.target, node.value
        elif isinstance(node, ast.With | ast.AsyncWith):
            for item in node.items:
                if item.optional_vars is not None:
                    yield item.optional_vars, item.context_expr


def _comes_from(value: ast.expr, aliases: set[str], held: set[str]) -> bool:
    while isinstance(value, ast.Await | ast.Call | ast.Attribute | ast.Subscript):
        if ast.unparse(value) in held:
            return True
        value = value.value if not isinstance(value, ast.Call) else value.func
    return isinstance(value, ast.Name) and (value.id in aliases or value.id in held)


def test_storage_reaches_aiosqlite_and_asyncpg_only_through_their_public_api():
    found = {
        str(path.relative_to(REPO)): uses
        for path in product_files()
        if (uses := private_uses(path.read_text(encoding="utf-8"), STORAGE_LIBRARIES))
    }
    assert found == {}


def test_the_storage_scan_finds_the_private_uses_there_were():
    """The scan itself, on the shapes the product once had and on a few more."""
    once = """
import aiosqlite

class Database:
    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._db = connection

    async def save_game(self, save):
        saved = await self._db._execute(save, self._db._conn)
        cursor = await self._db.execute("SELECT 1")
        return cursor._cursor
"""
    assert private_uses(once, STORAGE_LIBRARIES) == [
        "9: self._db._execute",
        "9: self._db._conn",
        "11: cursor._cursor",
    ]
    pooled = """
import asyncpg as pg

async def open_pool(url):
    pool = await pg.create_pool(url)
    async with pool.acquire() as connection, connection.transaction():
        connection._connection.close()
    return pg.pool._private, pool._queue, pool.size
"""
    assert private_uses(pooled, STORAGE_LIBRARIES) == [
        "7: connection._connection",
        "8: pg.pool._private",
        "8: pool._queue",
    ]
    own = """
import aiosqlite

class Database:
    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._db = connection
        self._lock = None

    async def close(self):
        await self._db.close()
        return self._lock, self._migrate(), other._db
"""
    assert private_uses(own, STORAGE_LIBRARIES) == []


def _own_private_names(files: list[Path]) -> set[str]:
    """The private names the product defines itself: its functions, classes, module names
    and the attributes it assigns."""
    names: set[str] = set()
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names.add(node.name)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
            elif isinstance(node, ast.arg):
                names.add(node.arg)
            elif isinstance(node, ast.alias):
                names.add((node.asname or node.name).split(".")[0])
    return {name for name in names if _is_private(name)}


def foreign_private_uses(files: list[Path]) -> list[str]:
    """``file:line: expression`` for every read of a private attribute the product does not
    define itself (so one of a library's: discord.py's ``_connection``, aiosqlite's
    ``_execute``), and every use of a library's undocumented dunder protocol."""
    own = _own_private_names(files)
    found: list[str] = []
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Attribute | ast.Name):
                continue
            name = node.attr if isinstance(node, ast.Attribute) else node.id
            foreign = isinstance(node, ast.Attribute) and _is_private(name) and name not in own
            if foreign or name in LIBRARY_DUNDERS:
                where = path.relative_to(REPO) if path.is_relative_to(REPO) else path.name
                found.append(f"{where}:{node.lineno}: {ast.unparse(node)}")
    return found


def _talks_to(path: Path, libraries: tuple[str, ...]) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return bool(_aliases(tree, libraries))


def test_what_talks_to_discord_or_a_database_reads_no_private_attribute_of_a_library():
    """Every module that imports discord.py, aiosqlite or asyncpg: whatever private name it
    reads on an object is one the product defines itself."""
    talking = [path for path in product_files() if _talks_to(path, CLIENT_LIBRARIES)]
    assert len(talking) > 20  # bot.py, the cogs, the storage
    assert foreign_private_uses(talking) == []


def test_the_library_scan_finds_what_the_bot_once_used(tmp_path: Path) -> None:
    once = tmp_path / "once.py"
    once.write_text(
        "class Bot:\n"
        "    def __init__(self):\n"
        "        self._own = 1\n"
        "        parsers = self._connection.parsers\n"
        "        print(self._own)\n"
        "class Controls:\n"
        "    __discord_ui_view__ = True\n"
        "async def save(db):\n"
        "    await db._execute(print, db._conn)\n"
    )
    assert sorted(use.split(": ", 1)[1] for use in foreign_private_uses([once])) == [
        "__discord_ui_view__",
        "db._conn",
        "db._execute",
        "self._connection",
    ]


PILLOW = ("PIL",)


def _pillow_private_names() -> set[str]:
    """The private names of Pillow's modules and of the classes the product draws with."""
    import PIL.Image
    import PIL.ImageDraw
    import PIL.ImageFont
    import PIL.ImagePalette

    holders = (
        PIL.Image,
        PIL.ImageDraw,
        PIL.ImageFont,
        PIL.ImagePalette,
        PIL.Image.Image,
        PIL.ImageDraw.ImageDraw,
        PIL.ImageFont.FreeTypeFont,
        PIL.ImagePalette.ImagePalette,
    )
    return {name for holder in holders for name in dir(holder) if _is_private(name)}


def pillow_private_uses(files: list[Path]) -> list[str]:
    """``file:line: name`` for every private name of Pillow's read on an object, or defined
    as a method of a class that extends one of Pillow's (an override of its inner workings),
    and every private attribute read that the product does not define itself."""
    private = _pillow_private_names()
    found = foreign_private_uses(files)
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        aliases = _aliases(tree, PILLOW)
        where = path.relative_to(REPO) if path.is_relative_to(REPO) else path.name
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in private:
                found.append(f"{where}:{node.lineno}: {ast.unparse(node)}")
            elif isinstance(node, ast.ClassDef) and any(
                _root(base) in aliases for base in node.bases
            ):
                for item in node.body:
                    if isinstance(item, ast.FunctionDef) and item.name in private:
                        found.append(f"{where}:{item.lineno}: def {node.name}.{item.name}")
    return sorted(set(found))


def test_the_pictures_use_pillow_through_its_public_api():
    drawing = [path for path in product_files() if _talks_to(path, PILLOW)]
    assert any(path.parent.name == "rendering" for path in drawing)
    assert pillow_private_uses(drawing) == []


def test_the_pillow_scan_finds_what_the_pictures_once_used(tmp_path: Path) -> None:
    once = tmp_path / "once.py"
    once.write_text(
        "from PIL import Image, ImageDraw\n"
        "class PaletteDraw(ImageDraw.ImageDraw):\n"
        "    def _getink(self, ink, fill=None):\n"
        "        return super()._getink(ink, fill)\n"
        "    def bitmap(self, xy, bitmap, fill=None):\n"
        "        self._image.paste(fill, xy, bitmap)\n"
        "        return self._normalize_coords(xy)\n"
        "def mapped(image, palette):\n"
        "    return image._new(image.im.convert('P', 0, palette.im))\n"
    )
    uses = [use.split(": ", 1)[1] for use in pillow_private_uses([once])]
    assert sorted(set(uses)) == [
        "def PaletteDraw._getink",
        "image._new",
        "self._image",
        "self._normalize_coords",
        "super()._getink",
    ]
