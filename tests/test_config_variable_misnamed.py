"""`export WTG_CONFG=/srv/wtg/wtg.yaml` (a slip of the export, at night), and every command
said `no config: neither --config FILE nor the environment variable WTG_CONFIG names one`,
though the GM had just given one: it now names the variable and the export meant."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from wtg.cli import main


@pytest.mark.parametrize("name", ["WTG_CONFG", "WTG_CONFIG_FILE", "wtg_config", "WTGCONFIG"])
def test_a_config_exported_under_another_name_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    made = CliRunner().invoke(main, ["init", str(tmp_path / "h")])
    assert made.exit_code == 0, made.output
    config = tmp_path / "h" / "wtg.yaml"
    for variable in ("WTG_CONFIG", "WTG_GAMES_DIR"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv(name, str(config))
    monkeypatch.chdir(tmp_path)
    refused = CliRunner().invoke(main, ["poll"])
    assert refused.exit_code == 1
    assert refused.stderr == (
        "wtg: no config: neither --config FILE nor the environment variable WTG_CONFIG names "
        "one; give it (`wtg init DIR` makes one for a new host); the environment has "
        f"{name}={config}, not WTG_CONFIG: export WTG_CONFIG={config} (and unset {name})\n"
    )
    monkeypatch.setenv("WTG_CONFIG", str(config))  # as told: the host is found
    assert CliRunner().invoke(main, ["status"]).exit_code == 0


def test_a_variable_of_a_close_name_naming_nothing_is_not_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for variable in ("WTG_CONFIG", "WTG_GAMES_DIR"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("WTG_CONFG", str(tmp_path / "nowhere.yaml"))
    monkeypatch.chdir(tmp_path)
    refused = CliRunner().invoke(main, ["poll"])
    assert refused.exit_code == 1
    assert "WTG_CONFG" not in refused.stderr
    assert not os.path.exists(tmp_path / "nowhere.yaml")
