"""A host moved while the old one's cron goes on (newgm45): the old host's poll and its
`run-turn --due` stop once the copy claimed the mailbox, but its hourly `remind` went on,
and mailed every player who owed orders in the old copy "no orders for turn N yet", though
their orders were on file with the new host. Its `remind` stops too, exit 1, with the line
that says to stop it: no reminder is queued."""

from __future__ import annotations

import shutil
from datetime import datetime, timedelta, timezone
from pathlib import Path

from click.testing import CliRunner, Result

from tests.mail.test_host_moved import dropped, stopped_line
from tests.mail.test_two_hosts_one_mailbox import form_mail, seats
from tests.shipped import WOK4
from wtg.cli import main
from wtg.cli.demo import filled_aof
from wtg.game.engine import create_game
from wtg.game.schedule import Schedule


def wtg(config: Path, *args: str) -> Result:
    return CliRunner().invoke(main, ["--config", str(config), *args])


def test_the_old_hosts_remind_stops_once_the_copy_polls(tmp_path: Path) -> None:
    maildir = tmp_path / "Maildir"
    for sub in ("cur", "new", "tmp"):
        (maildir / sub).mkdir(parents=True)
    old_root = tmp_path / "old"
    (old_root / "games").mkdir(parents=True)
    old_config = old_root / "wtg.yaml"
    old_config.write_text(
        f"games_dir: games\nmaildir_in: {maildir}\nmail:\n  remind_hours: 1000\n",
        encoding="utf-8",
    )
    first = (datetime.now(timezone.utc) + timedelta(days=3)).strftime("%Y-%m-%d")
    schedule = Schedule(every_days=2, at="18:00", timezone="Europe/Vienna", first=first)
    made = create_game(
        old_root / "games" / "g1", "wok4", "small", seats("g1"), 5, schedule=schedule
    )
    game = made.typed(WOK4)
    assert wtg(old_config, "poll").exit_code == 0  # it claims the Maildir
    shutil.copytree(old_root, tmp_path / "new", symlinks=True)  # `cp -a`
    new_config = tmp_path / "new" / "wtg.yaml"
    for seat in (1, 2):
        mail = form_mail(filled_aof(game, seat), f"g1p{seat}@players.example", seat)
        dropped(maildir, mail, f"{seat}.a")
    taken = wtg(new_config, "poll")
    assert taken.exit_code == 0 and taken.stdout.startswith("filed 2,"), taken.output
    assert wtg(new_config, "remind").stdout == "0 reminders queued\n"  # all on file there
    reminded = wtg(old_config, "remind", "-q")  # the old cron's hourly line
    assert reminded.exit_code == 1, reminded.output
    head, tail = stopped_line(str(maildir), tmp_path / "new" / "games", "the Maildir")
    assert reminded.stdout == ""
    assert reminded.stderr.startswith(f"wtg: remind: {head}")
    assert reminded.stderr.endswith(tail.replace("{config}", str(old_config.absolute())))
    queue = old_root / "games" / ".mail" / "outbox" / "queue"
    assert not queue.is_dir() or not list(queue.iterdir())  # no reminder queued
