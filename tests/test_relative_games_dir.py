"""A copied config's relative games_dir (`cp /srv/wtg/wtg.yaml /etc/wtg/`, `games_dir:
games` in it) is read against the config file's folder, and every command said only `the
games folder /etc/wtg/games ... does not exist`: the GM, who meant the folder he runs wtg
in, was left to guess. The refusal says what it was read against and what to write."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from wtg.cli import main

FROM = "Game Master <gm@example.org>"


def copied(tmp_path: Path, games_dir: str | None = "games") -> tuple[Path, Path]:
    """A host's games folder /srv/games (its mail spool in it), and its config copied to
    /etc, whose games_dir (if any) is ``games_dir``."""
    srv = tmp_path / "srv"
    (srv / "games" / ".mail").mkdir(parents=True)
    etc = tmp_path / "etc"
    etc.mkdir()
    config = etc / "wtg.yaml"
    line = f"games_dir: {games_dir}\n" if games_dir is not None else ""
    config.write_text(f"{line}from: {FROM}\n", encoding="utf-8")
    return srv, config


def wtg(config: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["--config", str(config), *args])
    return result.exit_code, result.stderr + result.stdout


def test_a_relative_games_dir_names_what_it_was_read_against_and_what_to_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    srv, config = copied(tmp_path)
    monkeypatch.chdir(srv)
    etc = config.parent
    code, said = wtg(config, "status")
    assert code == 1
    assert said == (
        f"wtg: the games folder {etc}/games (games_dir of {config}) does not exist: "
        f"games_dir: games is relative, and is read in the config file's folder, {etc}, "
        f"not in the folder wtg runs in ({srv}, where {srv}/games holds a host's games): "
        f"write games_dir: {srv}/games\n"
    )
    code, said = wtg(config, "check-config")
    assert code == 1
    assert (
        f"FAIL  games_dir {etc}/games: missing: games_dir: games is relative, and is read "
        f"in the config file's folder, {etc}, not in the folder wtg runs in ({srv}, where "
        f"{srv}/games holds a host's games): write games_dir: {srv}/games\n"
    ) in said


def test_run_elsewhere_it_says_to_write_the_full_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _srv, config = copied(tmp_path)
    monkeypatch.chdir(tmp_path)
    etc = config.parent
    code, said = wtg(config, "status")
    assert code == 1
    assert said == (
        f"wtg: the games folder {etc}/games (games_dir of {config}) does not exist: "
        f"games_dir: games is relative, and is read in the config file's folder, {etc}, "
        "not in the folder wtg runs in: write the games folder's full path (games_dir: "
        "/srv/wtg/games), or make a new host with `wtg init DIR`\n"
    )


def test_a_config_without_games_dir_names_the_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    srv, config = copied(tmp_path, games_dir=None)
    monkeypatch.chdir(srv)
    etc = config.parent
    code, said = wtg(config, "status")
    assert code == 1
    assert said.startswith(
        f"wtg: the games folder {etc}/wtg-games (games_dir of {config}) does not exist: the "
        "config names no games_dir, and the default, wtg-games, is read in the config "
        f"file's folder, {etc}, not in the folder wtg runs in: write the games folder's "
        "full path"
    )
    code, said = wtg(config, "check-config")
    assert code == 1
    assert (
        f"FAIL  games_dir {etc}/wtg-games: missing: the config names no games_dir, and the "
        f"default, wtg-games, is read in the config file's folder, {etc}, not in the folder "
        "wtg runs in: create it, or write the games folder's full path (games_dir: "
        "/srv/wtg/games)\n"
    ) in said


def test_a_full_path_not_there_is_refused_as_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    srv, config = copied(tmp_path, games_dir=str(tmp_path / "nowhere"))
    monkeypatch.chdir(srv)
    code, said = wtg(config, "status")
    assert code == 1
    assert said == (
        f"wtg: the games folder {tmp_path}/nowhere (games_dir of {config}) does not exist: "
        "correct it, or make a new host with `wtg init DIR`\n"
    )


def test_run_in_the_config_files_folder_nothing_is_added(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _srv, config = copied(tmp_path)
    monkeypatch.chdir(config.parent)
    code, said = wtg(config, "status")
    assert code == 1
    assert said == (
        f"wtg: the games folder {config.parent}/games (games_dir of {config}) does not exist: "
        "correct it, or make a new host with `wtg init DIR`\n"
    )


def test_a_typo_beside_is_named_as_before(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    srv, config = copied(tmp_path, games_dir="gmaes")
    (config.parent / "games" / ".mail").mkdir(parents=True)
    monkeypatch.chdir(srv)
    code, said = wtg(config, "status")
    assert code == 1
    assert said == (
        f"wtg: the games folder {config.parent}/gmaes (games_dir of {config}) does not exist "
        f"(did you mean {config.parent}/games?): correct it, or make a new host with `wtg init "
        "DIR`\n"
    )
