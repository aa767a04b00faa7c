"""Settings: read ``config.toml`` (see ``config.example.toml``) and check every value.

A wrong setting stops start-up with :class:`ConfigError`, whose message is one sentence naming
the setting; ``bot.py`` prints that sentence alone instead of a stack trace.
"""

from __future__ import annotations

import dataclasses
import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

LANGUAGES = ("en", "de", "fr")
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
DISCORD_API = "https://discord.com/api/v10"
DISCORD_GATEWAY = "wss://gateway.discord.gg/"
POSTGRES_SCHEMES = ("postgresql://", "postgres://")
POSTGRES_EXAMPLE = "postgresql://user:password@host:5432/tablebot"


class ConfigError(Exception):
    """A setting is missing or invalid; the message is one sentence naming it."""


@dataclass(frozen=True)
class Config:
    token: str
    database: Path
    storage_url: str = ""  # empty: the SQLite file `database`; else a PostgreSQL server
    dev_guild_ids: tuple[int, ...] = ()
    shard_count: int = 0  # 0: no sharding, one gateway connection
    shard_ids: tuple[int, ...] = ()  # the shards of this process; empty: all of them
    api_base: str = DISCORD_API
    gateway_url: str = DISCORD_GATEWAY
    default_language: str = "en"
    log_level: str = "INFO"
    default_turn_minutes: int = 0
    max_turn_minutes: int = 10080
    reminder_at: float = 0.5
    timer_poll_seconds: float = 60.0  # also look for deadlines other processes set
    dizzle_levels_folder: Path | None = None  # a server's own Dizzle levels, besides the shipped
    stella_cards_folder: Path | None = None  # a server's own Stella picture cards
    drawing_processes: int = 1  # worker processes that draw pictures; 0: a thread of the bot
    extra: Mapping[str, Any] = field(default_factory=dict)


def load_config(
    path: Path | str = "config.toml",
    env: Mapping[str, str] | None = None,
    *,
    named: bool = False,
) -> Config:
    """Read and check the settings file; the token may come from ``DISCORD_TOKEN`` instead.

    The default file may be absent (the environment then gives the token); a file the host
    ``named`` must exist: a mistyped name is an error, not a file silently ignored.
    """
    env = os.environ if env is None else env
    path = Path(path)
    data: dict[str, Any] = {}
    if named and not path.exists():
        raise ConfigError(f"The settings file {path} does not exist.")
    if path.exists():
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as error:
            raise ConfigError(f"{path} is not valid TOML: {error}.") from None
        except OSError as error:
            reason = error.strerror or error
            raise ConfigError(f"The settings file {path} cannot be read: {reason}.") from None
    return parse_config(data, env, base=path.resolve().parent)


def parse_config(data: Mapping[str, Any], env: Mapping[str, str], base: Path) -> Config:
    discord = _section(data, "discord")
    storage = _section(data, "storage")
    bot = _section(data, "bot")
    timers = _section(data, "timers")
    dizzle = _section(data, "dizzle")
    stella = _section(data, "stella")

    token = env.get("DISCORD_TOKEN") or _get(discord, "discord.token", str, "")
    if not token.strip():
        raise ConfigError(
            "The setting discord.token is missing: put the bot token in config.toml "
            "or in the environment variable DISCORD_TOKEN."
        )
    guild_ids = _get(discord, "discord.dev_guild_ids", list, [])
    if not all(isinstance(g, int) and g > 0 for g in guild_ids):
        raise ConfigError(
            "The setting discord.dev_guild_ids must be a list of guild ids (numbers)."
        )
    shard_count, shard_ids = _shards(discord)
    api_base = _url(discord, "discord.api_base", DISCORD_API, ("http://", "https://"))
    gateway = _url(discord, "discord.gateway_url", DISCORD_GATEWAY, ("ws://", "wss://"))

    database = Path(_get(storage, "storage.database", str, "data/tables.sqlite3"))
    if not database.is_absolute():
        database = base / database
    storage_url = _storage_url(storage, env)

    language = _get(bot, "bot.default_language", str, "en")
    if language not in LANGUAGES:
        raise ConfigError(
            f"The setting bot.default_language must be one of {', '.join(LANGUAGES)}."
        )
    drawing = _get(bot, "bot.drawing_processes", int, 1)
    if not 0 <= drawing <= 8:
        raise ConfigError("The setting bot.drawing_processes must be a number from 0 to 8.")
    log_level = _get(bot, "bot.log_level", str, "INFO").upper()
    if log_level not in LOG_LEVELS:
        raise ConfigError(f"The setting bot.log_level must be one of {', '.join(LOG_LEVELS)}.")

    max_minutes = _get(timers, "timers.max_turn_minutes", int, 10080)
    if max_minutes < 1:
        raise ConfigError("The setting timers.max_turn_minutes must be at least 1.")
    default_minutes = _get(timers, "timers.default_turn_minutes", int, 0)
    if not 0 <= default_minutes <= max_minutes:
        raise ConfigError(
            "The setting timers.default_turn_minutes must be between 0 and timers.max_turn_minutes."
        )
    reminder_at = _get(timers, "timers.reminder_at", (int, float), 0.5)
    if not 0 < reminder_at < 1:
        raise ConfigError(
            "The setting timers.reminder_at must be a share between 0 and 1, e.g. 0.5."
        )
    poll_seconds = _get(timers, "timers.poll_seconds", (int, float), 60)
    if poll_seconds <= 0:
        raise ConfigError("The setting timers.poll_seconds must be a number of seconds above 0.")
    levels_folder = _levels_folder(dizzle, base)
    cards_folder = _cards_folder(stella, base)

    return Config(
        token=token.strip(),
        database=database,
        storage_url=storage_url,
        dev_guild_ids=tuple(guild_ids),
        shard_count=shard_count,
        shard_ids=shard_ids,
        api_base=api_base.rstrip("/"),
        gateway_url=gateway,
        default_language=language,
        log_level=log_level,
        default_turn_minutes=default_minutes,
        max_turn_minutes=max_minutes,
        reminder_at=float(reminder_at),
        timer_poll_seconds=float(poll_seconds),
        dizzle_levels_folder=levels_folder,
        stella_cards_folder=cards_folder,
        drawing_processes=drawing,
    )


def _section(data: Mapping[str, Any], name: str) -> Mapping[str, Any]:
    section = data.get(name, {})
    if not isinstance(section, Mapping):
        raise ConfigError(f"The setting [{name}] must be a table of settings.")
    return section


def _get(section: Mapping[str, Any], name: str, kind: type | tuple[type, ...], default: Any) -> Any:
    value = section.get(name.split(".", 1)[1], default)
    # bool is an int in Python, but `true` for a number is a mistake worth naming.
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        wanted = kind.__name__ if isinstance(kind, type) else "number"
        raise ConfigError(f"The setting {name} must be a {_NAMES.get(wanted, wanted)}.")
    return value


def _url(section: Mapping[str, Any], name: str, default: str, schemes: tuple[str, ...]) -> str:
    value = _get(section, name, str, default)
    if not value.startswith(schemes):
        raise ConfigError(
            f"The setting {name} must be an address starting with {' or '.join(schemes)}"
        )
    return value


def with_shards(
    config: Config, shard_count: int | None = None, shard_ids: list[int] | None = None
) -> Config:
    """The settings with the shards given on the command line instead (None: as set)."""
    count = config.shard_count if shard_count is None else shard_count
    ids = list(config.shard_ids if shard_ids is None else shard_ids)
    checked = _shards({"shard_count": count, "shard_ids": ids})
    return dataclasses.replace(config, shard_count=checked[0], shard_ids=checked[1])


def _shards(section: Mapping[str, Any]) -> tuple[int, tuple[int, ...]]:
    """How many shards the bot has (0: none) and which of them this process runs."""
    count = _get(section, "discord.shard_count", int, 0)
    if count < 0:
        raise ConfigError(
            "The setting discord.shard_count must be 0 (no sharding) or the number of shards."
        )
    ids = _get(section, "discord.shard_ids", list, [])
    if ids and not count:
        raise ConfigError(
            "The setting discord.shard_ids needs discord.shard_count, the number of shards."
        )
    valid = all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n < count for n in ids)
    if not valid or len(set(ids)) != len(ids):
        raise ConfigError(
            f"The setting discord.shard_ids must list different shard numbers "
            f"from 0 to {count - 1}."
        )
    return count, tuple(sorted(ids))


def _storage_url(section: Mapping[str, Any], env: Mapping[str, str]) -> str:
    """The PostgreSQL server's address, or "" for the SQLite file; ``DATABASE_URL`` wins."""
    if env.get("DATABASE_URL", "").strip():
        url, name = env["DATABASE_URL"].strip(), "The environment variable DATABASE_URL"
    else:
        url, name = _get(section, "storage.url", str, "").strip(), "The setting storage.url"
    if not url:
        return ""
    if not _is_postgres_address(url):
        # The address is not repeated: it may carry a password.
        raise ConfigError(
            f"{name} must be empty (the SQLite file of storage.database) "
            f"or a PostgreSQL address like {POSTGRES_EXAMPLE}."
        )
    return url


def _is_postgres_address(url: str) -> bool:
    if not url.startswith(POSTGRES_SCHEMES):
        return False
    try:
        urlsplit(url).port  # noqa: B018 - reading it checks that the port is a number
    except ValueError:
        return False
    return True


def _folder(section: Mapping[str, Any], name: str, base: Path) -> Path | None:
    """An optional folder setting: empty is none; relative paths start at the file's folder."""
    text = _get(section, name, str, "").strip()
    if not text:
        return None
    folder = Path(text)
    if not folder.is_absolute():
        folder = base / folder
    if not folder.is_dir():
        raise ConfigError(f"The setting {name} must name an existing folder, not {folder}.")
    return folder


def _levels_folder(section: Mapping[str, Any], base: Path) -> Path | None:
    """The folder of a server's own Dizzle levels; ``bot.py`` reads its files at the start
    (:mod:`cogs.dizzle_level_files`), so that a broken one stops it rather than a game."""
    return _folder(section, "dizzle.levels_folder", base)


def _cards_folder(section: Mapping[str, Any], base: Path) -> Path | None:
    """The folder of a server's own Stella cards; its pictures are checked when a game starts."""
    return _folder(section, "stella.cards_folder", base)


_NAMES = {"str": "text", "int": "whole number", "list": "list", "float": "number"}
