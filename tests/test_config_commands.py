"""The commands that read the GM config say what is wrong with it in one line each (file,
line, key, what it takes) and exit 1: no traceback, whatever the config holds."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tests.mail.loop import World
from wtg.cli import main

COMMANDS = [
    ("poll",),
    ("poll", "-q"),
    ("send",),
    ("run-turn", "--due"),
    ("remind",),
    ("status",),
    ("status", "--json"),
]


def run(config: Path, *args: str) -> Result:
    return CliRunner().invoke(main, ["--config", str(config), *args])


def refused_with(result: Result, *lines: str) -> None:
    assert isinstance(result.exception, SystemExit), result.exception  # not a traceback
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.splitlines() == [f"wtg: {line}" for line in lines]


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_a_port_that_is_not_a_number(tmp_path: Path, command: tuple[str, ...]) -> None:
    config = tmp_path / "wtg.yaml"
    config.write_text(
        "games_dir: games\ntransport: imap\nimap:\n  host: imap.example.org\n  port: imap\n"
        "  username: gm\n  password: pw\nsmtp: {host: smtp.example.org}\n",
        encoding="utf-8",
    )
    refused_with(
        run(config, *command),
        f"{config}, line 5: imap.port: expected a port number from 1 to 65535, found the text "
        "'imap'",
    )


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_several_problems_a_line_each(tmp_path: Path, command: tuple[str, ...]) -> None:
    config = tmp_path / "wtg.yaml"
    config.write_text(
        "games_dir: games\nmail:\n  max_bytes: lots\n  remind_hour: 2\n"
        'smtp:\n  host: s\n  ssl: "no"\n',
        encoding="utf-8",
    )
    refused_with(
        run(config, *command),
        f"{config}, line 3: mail.max_bytes: expected a size: bytes, or with a unit such as 1MB, "
        "500kB or 2 MiB, found the text 'lots'",
        f"{config}, line 4: mail.remind_hour: no such key; did you mean 'remind_hours'?",
        f"{config}, line 7: smtp.ssl: expected true or false (a YAML boolean, not in quotes), "
        "found the text 'no'",
    )


def test_a_status_of_one_game_under_a_broken_config(tmp_path: Path) -> None:
    config = tmp_path / "wtg.yaml"
    config.write_text("games_dir: games\ngame_dir: x\n", encoding="utf-8")
    refused_with(
        run(config, "status", "g1"),
        f"{config}, line 2: game_dir: no such key; did you mean 'games_dir'?",
    )


def test_poll_takes_max_bytes_with_a_unit(tmp_path: Path) -> None:
    """`max_bytes: 1MB` used to crash the poll (a str compared with an int)."""
    world = World(tmp_path)
    world.mail(world.aof(1, R1="1"))
    world.mail(("x" * 70 + "\n") * 1000)  # 71 kB
    config = tmp_path / "wtg.yaml"
    config.write_text(
        f"games_dir: {world.gm.games_dir}\nmail:\n  max_bytes: 50kB\n", encoding="utf-8"
    )
    result = run(config, "poll")
    assert result.exit_code == 0, result.output
    assert (world.game.store.root / "pending" / "0001" / "p01.yaml").is_file()
    assert waiting(world.gm.maildir_in) == []
    assert len(waiting(world.gm.maildir_in / ".rejected")) == 1  # the big one, unread


def waiting(maildir: Path) -> list[str]:
    return sorted(p.name for sub in ("new", "cur") for p in (maildir / sub).iterdir())


def test_a_relative_config_path_finds_the_mail_where_the_config_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`wtg --config etc/wtg.yaml poll` used to look for mail in etc/etc/games/.mail."""
    world = World(tmp_path / "etc")
    world.mail(world.aof(1, R1="1"))
    monkeypatch.chdir(tmp_path)
    Path("etc/wtg.yaml").write_text("games_dir: games\n", encoding="utf-8")
    result = run(Path("etc/wtg.yaml"), "poll")
    assert result.exit_code == 0, result.output
    assert (world.game.store.root / "pending" / "0001" / "p01.yaml").is_file()
    assert waiting(world.gm.maildir_in) == []
    assert not Path("etc/etc").exists()
