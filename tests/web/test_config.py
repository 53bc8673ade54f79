"""The live board's settings from the environment: defaults, PUBLIC_URL checked, the client secret hidden."""

from __future__ import annotations

import pytest

from tabletop.runtime.config import Config, ConfigError

WEB_VARIABLES = ("WEB_HOST", "WEB_PORT", "PUBLIC_URL", "DISCORD_CLIENT_ID", "DISCORD_CLIENT_SECRET", "ACTIVITY_ENABLED")


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    for name in WEB_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_defaults_listen_on_loopback(env: pytest.MonkeyPatch) -> None:
    config = Config.from_env(env_file=None)
    assert (config.web_host, config.web_port, config.public_url) == ("127.0.0.1", 8080, "http://127.0.0.1:8080")
    assert config.discord_client_id is None and not config.oauth_configured


def test_public_url_defaults_to_the_listening_address(env: pytest.MonkeyPatch) -> None:
    env.setenv("WEB_PORT", "9000")
    env.setenv("WEB_HOST", "0.0.0.0")
    assert Config.from_env(env_file=None).public_url == "http://127.0.0.1:9000"
    env.setenv("WEB_HOST", "::1")
    assert Config.from_env(env_file=None).public_url == "http://[::1]:9000"


def test_the_oauth_settings_and_the_hidden_secret(env: pytest.MonkeyPatch) -> None:
    env.setenv("PUBLIC_URL", "https://board.example.org/")
    env.setenv("DISCORD_CLIENT_ID", "123456789012345678")
    env.setenv("DISCORD_CLIENT_SECRET", "very-secret-value")
    config = Config.from_env(env_file=None)
    assert config.public_url == "https://board.example.org" and config.discord_client_id == 123456789012345678
    assert config.oauth_configured
    assert "very-secret-value" not in repr(config) and "very-secret-value" not in str(config)


@pytest.mark.parametrize(("name", "value", "names"), [
    ("WEB_PORT", "http", "WEB_PORT"), ("WEB_PORT", "70000", "WEB_PORT"), ("WEB_PORT", "0", "WEB_PORT"),
    ("DISCORD_CLIENT_ID", "my-app", "DISCORD_CLIENT_ID"),
    ("PUBLIC_URL", "board.example.org", "PUBLIC_URL"), ("PUBLIC_URL", "ftp://board.example.org", "PUBLIC_URL"),
    ("PUBLIC_URL", "https://board.example.org/tabletop", "PUBLIC_URL"),
    ("PUBLIC_URL", "https://user:pw@board.example.org", "PUBLIC_URL"), ("PUBLIC_URL", "https://:99999", "PUBLIC_URL"),
    ("PUBLIC_URL", "https://board.example.org?x=1", "PUBLIC_URL"),
])
def test_unusable_settings_are_named(env: pytest.MonkeyPatch, name: str, value: str, names: str) -> None:
    env.setenv(name, value)
    with pytest.raises(ConfigError) as refused:
        Config.from_env(env_file=None)
    assert names in str(refused.value)


def test_open_live_board_shows_only_what_is_set_up(env: pytest.MonkeyPatch) -> None:
    config = Config.from_env(env_file=None)
    assert not config.board_links and not config.activity_ready, "nothing set: boards look as they always did"
    env.setenv("DISCORD_CLIENT_ID", "123456789012345678")
    env.setenv("DISCORD_CLIENT_SECRET", "very-secret-value")
    assert not Config.from_env(env_file=None).board_links, "a derived loopback address is linked to nobody"
    env.setenv("PUBLIC_URL", "https://board.example.org")
    env.setenv("ACTIVITY_ENABLED", "yes")
    config = Config.from_env(env_file=None)
    assert config.board_links and config.activity_ready
    env.setenv("ACTIVITY_ENABLED", "maybe")
    with pytest.raises(ConfigError, match="ACTIVITY_ENABLED"):
        Config.from_env(env_file=None)
    env.setenv("ACTIVITY_ENABLED", "1")
    env.delenv("DISCORD_CLIENT_SECRET")
    with pytest.raises(ConfigError, match="DISCORD_CLIENT_SECRET"):
        Config.from_env(env_file=None)
