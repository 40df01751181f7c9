"""A game copied into the games folder from another host (the GM moving hosts) at its turn 3:
the first `wtg send` mailed every player the reports of turns 0, 1, 2 and 3, four mails
each, three of them had long ago from the old host. A game this host never mailed, past its
turn 0, is mailed from its latest turn on (`wtg run-turn` runs no turn of a game before the
one before it is mailed, so only a game copied in, or run with --unmailed, is one), and the
send says so, with how a player gets an older report."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner, Result

from tests.conftest import players
from wtg.cli import main
from wtg.game.engine import create_game


def wtg(*args: object) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args])


def test_a_game_copied_in_is_mailed_from_its_latest_turn(tmp_path: Path) -> None:
    assert wtg("init", tmp_path / "host").exit_code == 0
    config = tmp_path / "host" / "wtg.yaml"
    elsewhere = create_game(tmp_path / "old" / "g7", "wok4", "classic60", players(3), seed=3)
    for _ in range(3):
        elsewhere.run_turn(force=True)
    shutil.copytree(tmp_path / "old" / "g7", tmp_path / "host" / "games" / "g7")
    sent = wtg("--config", config, "send")
    assert sent.exit_code == 0, sent.output
    outbox = tmp_path / "host" / "games" / ".mail" / "maildir-out"
    subjects = sorted(
        line
        for path in outbox.rglob("*")
        if path.is_file()
        for line in path.read_text(errors="replace").splitlines()
        if line.startswith("Subject:")
    )
    assert subjects == [f"Subject: [g7] turn 3 report for {name}" for name in ("Ann", "Bob", "Cid")]
    assert sent.stderr == (
        "wtg: game g7 is mailed from this host from its turn 3 on: its turns 0 to 2 were "
        "never mailed from here (a game copied in from another host had them mailed "
        "there); a player gets an older report by mailing REPORT g7 N\n"
    )
    again = wtg("--config", config, "send")
    assert again.exit_code == 0 and again.stderr == ""
