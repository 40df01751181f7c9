"""`wtg orders GAME FILE` given a relative FILE from another folder than the one it is in
(docs/gm.md's step 3 writes the form into the host's folder; the GM, back in his home
folder, types `wtg orders test1 aof-1.txt`): click said `'aof-1.txt': No such file or
directory`, neither where it looked nor where the file is."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from wtg.cli import main


def wtg(*args: object) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def host(tmp_path: Path) -> Path:
    root = tmp_path / "srv"
    assert wtg("init", root, "--from", "GM <gm@example.org>").exit_code == 0
    config = root / "wtg.yaml"
    made = wtg(
        "--config", config, "new-game", "test1", "--ruleset", "wok4", "--map", "small",
        "--player", "Me:me@example.org", "--player", "Also:also@example.org",
    )  # fmt: skip
    assert made.exit_code == 0, made.output
    form = wtg("--config", config, "aof", "test1", "--player", "1")
    (root / "aof-1.txt").write_text(form.output, encoding="utf-8")
    return config


def test_a_relative_file_of_the_host_s_folder_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = host(tmp_path)
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.chdir(home)
    refused = wtg("--config", config, "orders", "test1", "aof-1.txt")
    assert refused.exit_code == 2
    assert refused.stderr.splitlines()[-1] == (
        "Error: Invalid value for 'FILE': 'aof-1.txt': No such file or directory (a relative "
        f"path is read from the current folder, {home}: did you mean "
        f"{config.parent / 'aof-1.txt'}?)"
    )
    nowhere = wtg("--config", config, "orders", "test1", "aof-2.txt")
    assert nowhere.stderr.splitlines()[-1] == (
        "Error: Invalid value for 'FILE': 'aof-2.txt': No such file or directory (a relative "
        f"path is read from the current folder, {home}: give the file's full path)"
    )
    monkeypatch.chdir(config.parent)  # given as told, from its folder: filed
    filed = wtg("--config", config, "orders", "test1", "aof-1.txt")
    assert filed.exit_code == 0, filed.output
    assert "Orders of player 1 for turn 1" in filed.output


def test_a_full_path_that_is_not_there_is_said_as_before(tmp_path: Path) -> None:
    config = host(tmp_path)
    refused = wtg("--config", config, "orders", "test1", tmp_path / "nope.txt")
    assert refused.stderr.splitlines()[-1] == (
        f"Error: Invalid value for 'FILE': '{tmp_path / 'nope.txt'}': No such file or directory"
    )
