"""Settings: defaults, the token from the environment, and one clear sentence per mistake."""

import ast
import sys
from pathlib import Path

import pytest

import config
from config import ConfigError, load_config


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_defaults_with_token_from_environment(tmp_path):
    config = load_config(tmp_path / "missing.toml", env={"DISCORD_TOKEN": "abc"})
    assert config.token == "abc"
    assert config.database == tmp_path / "data" / "tables.sqlite3"
    assert config.api_base == "https://discord.com/api/v10"
    assert config.gateway_url == "wss://gateway.discord.gg/"
    assert config.default_language == "en"
    assert config.default_turn_minutes == 0


def test_environment_token_wins_over_file(tmp_path):
    path = write(tmp_path, '[discord]\ntoken = "from-file"\n')
    assert load_config(path, env={}).token == "from-file"
    assert load_config(path, env={"DISCORD_TOKEN": "env"}).token == "env"


def test_example_file_is_complete_and_valid(tmp_path):
    example = Path(__file__).resolve().parent.parent / "config.example.toml"
    config = load_config(example, env={"DISCORD_TOKEN": "x"})
    assert config.log_level == "INFO"
    assert config.max_turn_minutes == 10080


def test_shards_of_this_process_are_settings(tmp_path):
    path = write(tmp_path, '[discord]\ntoken = "t"\nshard_count = 4\nshard_ids = [3, 1]\n')
    config = load_config(path, env={})
    assert (config.shard_count, config.shard_ids) == (4, (1, 3))
    unsharded = load_config(write(tmp_path, '[discord]\ntoken = "t"\n'), env={})
    assert (unsharded.shard_count, unsharded.shard_ids) == (0, ())


def test_emulator_addresses_are_settings(tmp_path):
    path = write(
        tmp_path,
        '[discord]\ntoken = "t"\napi_base = "http://127.0.0.1:5000/api/v10/"\n'
        'gateway_url = "ws://127.0.0.1:5000/gateway"\ndev_guild_ids = [1, 2]\n',
    )
    config = load_config(path, env={})
    assert config.api_base == "http://127.0.0.1:5000/api/v10"
    assert config.gateway_url == "ws://127.0.0.1:5000/gateway"
    assert config.dev_guild_ids == (1, 2)


@pytest.mark.parametrize(
    ("text", "setting"),
    [
        ("", "discord.token"),
        ('[discord]\ntoken = "t"\ndev_guild_ids = ["x"]', "discord.dev_guild_ids"),
        ('[discord]\ntoken = "t"\napi_base = "ftp://x"', "discord.api_base"),
        ('[discord]\ntoken = "t"\ngateway_url = "http://x"', "discord.gateway_url"),
        ('[discord]\ntoken = "t"\n[bot]\ndefault_language = "es"', "bot.default_language"),
        ('[discord]\ntoken = "t"\n[bot]\nlog_level = "LOUD"', "bot.log_level"),
        (
            '[discord]\ntoken = "t"\n[timers]\ndefault_turn_minutes = -1',
            "timers.default_turn_minutes",
        ),
        ('[discord]\ntoken = "t"\n[timers]\nmax_turn_minutes = true', "timers.max_turn_minutes"),
        ('[discord]\ntoken = "t"\n[timers]\nreminder_at = 2', "timers.reminder_at"),
        ('[discord]\ntoken = "t"\n[storage]\ndatabase = 5', "storage.database"),
        ('[discord]\ntoken = "t"\nshard_count = -2', "discord.shard_count"),
        ('[discord]\ntoken = "t"\nshard_ids = [0]', "discord.shard_ids"),
        ('[discord]\ntoken = "t"\nshard_count = 2\nshard_ids = [2]', "discord.shard_ids"),
        ('[discord]\ntoken = "t"\nshard_count = 2\nshard_ids = [1, 1]', "discord.shard_ids"),
        ('[discord]\ntoken = "t"\nshard_count = 2\nshard_ids = [true]', "discord.shard_ids"),
        ('[discord]\ntoken = "t"\n[timers]\npoll_seconds = 0', "timers.poll_seconds"),
        ("discord = 3", "[discord]"),
    ],
)
def test_bad_setting_names_itself_in_one_sentence(tmp_path, text, setting):
    with pytest.raises(ConfigError) as caught:
        load_config(write(tmp_path, text), env={})
    message = str(caught.value)
    assert setting in message
    assert "\n" not in message and "Traceback" not in message


def test_broken_toml_is_one_sentence(tmp_path):
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_config(write(tmp_path, "[discord\n"), env={})


def test_bot_main_prints_the_sentence_and_exits(tmp_path, capsys, monkeypatch):
    import bot

    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert bot.main([str(write(tmp_path, ""))]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("The setting discord.token is missing")
    assert len(err.splitlines()) == 1


@pytest.mark.parametrize("token", ["from-env", None])
def test_a_named_settings_file_that_does_not_exist_is_an_error_naming_it(
    tmp_path, capsys, monkeypatch, token
):
    import bot

    if token:  # the token would do, but the host named a file: a typo must not pass unseen
        monkeypatch.setenv("DISCORD_TOKEN", token)
    else:
        monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    typo = tmp_path / "confg.toml"
    assert bot.main([str(typo), "--shard-count", "2"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"The settings file {typo} does not exist."


def test_a_named_folder_is_no_settings_file(tmp_path, capsys, monkeypatch):
    import bot

    monkeypatch.setenv("DISCORD_TOKEN", "from-env")
    assert bot.main([str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"The settings file {tmp_path} cannot be read: ") and "\n" not in err


def test_without_a_named_file_the_default_may_be_absent(tmp_path, monkeypatch):
    import bot

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "from-env")
    assert bot.settings([]).token == "from-env"
    monkeypatch.delenv("DISCORD_TOKEN")
    write(tmp_path, '[discord]\ntoken = "from-file"\n')
    assert (tmp_path / "config.toml").exists(), "the default file, read when it is there"
    assert bot.settings([]).token == "from-file"
    assert bot.settings(["config.toml"]).token == "from-file"


def test_the_settings_module_imports_only_the_standard_library():
    """Settings are plain values: nothing of the games (the Dizzle level files are read by
    cogs.dizzle_level_files), nothing of Discord."""
    tree = ast.parse(Path(config.__file__).read_text(encoding="utf-8"))
    imported = {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    }
    imported |= {
        node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.level == 0
    }
    assert imported and all(name.split(".")[0] in sys.stdlib_module_names for name in imported), (
        sorted(imported)
    )
