"""A command given while another process writes the game (a poll under cron, a turn, a
send): it said `GAME is being written by another process` and no more. It says now that
nothing was changed and that the same command given again when that is done does it, as
every refusal should say what to do; and nothing was changed, indeed."""

from __future__ import annotations

import fcntl
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from wtg.cli import main
from wtg.files.store import LOCK_FILE

PLAYERS = ("--player", "Me:me@example.org", "--player", "Also:also@example.org")
SCHEDULE = ("--every", 2, "--at", "18:00")


def wtg(*args: object) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.mark.parametrize(
    "command",
    [("run-turn", "--now", "--unmailed"), ("hold",), ("extend", "24"), ("orders", "AOF")],
)
def test_a_command_on_a_game_another_process_writes_says_what_to_do(
    tmp_path: Path, command: tuple[str, ...]
) -> None:
    assert wtg("init", tmp_path / "host").exit_code == 0
    config = ("--config", tmp_path / "host" / "wtg.yaml")
    made = wtg(*config, "new-game", "test1", "--ruleset", "wok4", *PLAYERS, *SCHEDULE)
    assert made.exit_code == 0, made.output
    game = tmp_path / "host" / "games" / "test1"
    aof = tmp_path / "aof.txt"
    aof.write_text(wtg("aof", game, "--player", "1").output, encoding="utf-8")
    before = sorted(str(p.relative_to(game)) for p in game.rglob("*"))
    args = [aof if word == "AOF" else word for word in command[1:]]
    with open(game / LOCK_FILE, "rb") as poll:  # another process's lock, as a poll holds it
        fcntl.flock(poll, fcntl.LOCK_EX | fcntl.LOCK_NB)
        result = wtg(*config, command[0], "test1", *args)
    assert result.exit_code == 1
    assert result.stderr == (
        f"wtg: {game} is being written by another process (a poll, a turn, a send, wtg "
        "serve): nothing was changed; give the command again when that is done\n"
    )
    assert sorted(str(p.relative_to(game)) for p in game.rglob("*")) == before
    again = wtg(*config, command[0], "test1", *args)
    assert again.exit_code == 0, again.output
