"""A game copied into the games folder from another host (the GM moving hosts) at its turn 3:
the first `wtg send` mailed every player the reports of turns 0, 1, 2 and 3, four mails
each, three of them had long ago from the old host. A game the mail journal first notes
past its turn 0 is mailed from that turn on, and the command that noted it says so, with
how a player gets an older report. A game of this host run before its first send (by
`run-turn --due`, `wtg serve`, or `run-turn --unmailed`) is noted when its turn runs, at the
turn before: its players are mailed every turn of it."""

from __future__ import annotations

import shutil
from datetime import timedelta
from pathlib import Path

from click.testing import CliRunner, Result

from tests.conftest import players
from tests.test_due_many import LONG_AGO
from wtg.cli import main
from wtg.game.engine import Game, create_game
from wtg.game.schedule import make_schedule


def wtg(*args: object) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args])


def copied_in(tmp_path: Path, turns: int) -> Path:
    """A host (`wtg init`) and a game of three players, due long ago, run ``turns`` turns
    on another host and copied into its games folder; the host's config."""
    assert wtg("init", tmp_path / "host").exit_code == 0
    schedule = make_schedule(2, "18:00", "UTC", now=LONG_AGO)
    folder = tmp_path / "old" / "g7"
    elsewhere = create_game(
        folder, "wok4", "classic60", players(3), 3, schedule=schedule, now=LONG_AGO
    )
    for turn in range(1, turns + 1):
        elsewhere.run_turn(force=True, now=LONG_AGO + timedelta(days=2 * turn))
    shutil.copytree(folder, tmp_path / "host" / "games" / "g7")
    return tmp_path / "host" / "wtg.yaml"


def subjects(config: Path) -> list[str]:
    """The subjects of the mails in the host's outbox (the embedded maildir's), sorted."""
    outbox = config.parent / "games" / ".mail" / "maildir-out"
    return sorted(
        line
        for path in outbox.rglob("*")
        if path.is_file()
        for line in path.read_text(errors="replace").splitlines()
        if line.startswith("Subject:")
    )


def reports(*turns: int) -> list[str]:
    return sorted(
        f"Subject: [g7] turn {turn} report for {name}"
        for turn in turns
        for name in ("Ann", "Bob", "Cid")
    )


def said(latest: int) -> str:
    earlier = "turn 0 was" if latest == 1 else f"turns 0 to {latest - 1} were"
    return (
        f"wtg: game g7 is mailed from this host from its turn {latest} on: its {earlier} "
        "never mailed from here (a game copied in from another host had them mailed "
        "there); a player gets an older report by mailing REPORT g7 N\n"
    )


def test_a_game_copied_in_is_mailed_from_its_latest_turn(tmp_path: Path) -> None:
    config = copied_in(tmp_path, 3)
    sent = wtg("--config", config, "send")
    assert sent.exit_code == 0, sent.output
    assert subjects(config) == reports(3)
    assert sent.stderr == said(3)
    again = wtg("--config", config, "send")
    assert again.exit_code == 0 and again.stderr == ""
    assert subjects(config) == reports(3)


def test_a_game_copied_in_and_run_by_the_due_run_first_is_mailed_from_its_copied_turn(
    tmp_path: Path,
) -> None:
    """Cron's `run-turn --due` comes before `wtg send`: it runs turn 3 of a game copied in
    at turn 2, and notes the game at turn 2, saying so; the send mails turns 2 and 3."""
    config = copied_in(tmp_path, 2)
    ran = wtg("--config", config, "run-turn", "--due", "--jobs", "1")
    assert ran.exit_code == 0, ran.output
    assert ran.stdout.startswith("g7: turn 3 resolved")
    assert ran.stderr == said(2)
    sent = wtg("--config", config, "send")
    assert (sent.exit_code, sent.stderr) == (0, "")
    assert subjects(config) == reports(2, 3)


def test_a_game_copied_in_and_announced_to_first_is_mailed_from_its_copied_turn(
    tmp_path: Path,
) -> None:
    config = copied_in(tmp_path, 2)
    told = wtg("--config", config, "announce", "g7", "Welcome to the new host.")
    assert told.exit_code == 0, told.output
    sent = wtg("--config", config, "send")
    assert sent.exit_code == 0, sent.output
    assert [s for s in subjects(config) if "report" in s] == reports(2)


def test_a_game_of_this_host_run_by_the_due_run_before_its_first_send_is_mailed_whole(
    tmp_path: Path,
) -> None:
    """`wtg serve` (or cron's chain) ran turn 1 of a new game before its first send: its
    players are mailed turns 0 and 1, and nothing is said of a game copied in."""
    assert wtg("init", tmp_path / "host").exit_code == 0
    config = tmp_path / "host" / "wtg.yaml"
    schedule = make_schedule(2, "18:00", "UTC", now=LONG_AGO)
    game: Game = create_game(
        tmp_path / "host" / "games" / "g7",
        "wok4",
        "classic60",
        players(3),
        3,
        schedule=schedule,
        now=LONG_AGO,
    )
    ran = wtg("--config", config, "run-turn", "--due", "--jobs", "1")
    assert (ran.exit_code, ran.stderr) == (0, "")
    assert game.latest_turn() == 1
    sent = wtg("--config", config, "send")
    assert (sent.exit_code, sent.stderr) == (0, "")
    assert subjects(config) == reports(0, 1)


def test_a_game_run_by_hand_unmailed_before_its_first_send_is_mailed_whole(
    tmp_path: Path,
) -> None:
    assert wtg("init", tmp_path / "host").exit_code == 0
    config = tmp_path / "host" / "wtg.yaml"
    folder = tmp_path / "host" / "games" / "g7"
    create_game(folder, "wok4", "classic60", players(3), 3)
    ran = wtg("--config", config, "run-turn", folder, "--now", "--unmailed")
    assert (ran.exit_code, ran.stderr) == (0, ""), ran.output
    sent = wtg("--config", config, "send")
    assert (sent.exit_code, sent.stderr) == (0, "")
    assert subjects(config) == reports(0, 1)
