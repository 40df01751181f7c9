"""`wtg check-config` as root on a games folder another user owns: a host unpacked as root
from another machine's tarball, which keeps its owner's number (gmtrial43). Every cron line
refused it (`... belongs to cloudsdk, and wtg runs as root here ...`) while check-config
said `ok    games_dir ...: a folder wtg can write in` and exited 0. It says the same refusal
in a `FAIL` line."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.test_sudo_path import made_for_another
from wtg.cli import main


def test_check_config_fails_the_games_folder_root_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config, games, name = made_for_another(tmp_path)  # nobody's here
    monkeypatch.setattr(os, "geteuid", lambda: 0)  # and this wtg runs as root
    refused = CliRunner().invoke(main, ["--config", config, "send"]).stderr
    checked = CliRunner().invoke(main, ["--config", config, "check-config"])
    assert checked.exit_code == 1, checked.output
    (line,) = [line for line in checked.stdout.splitlines() if line.startswith("FAIL")]
    assert line == f"FAIL  games_dir {games}: " + refused.removeprefix("wtg: ").rstrip("\n")
    assert f"run it as {name} (sudo -u {name} " in line
