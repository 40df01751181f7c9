"""review46: a host restored from a backup whose last poll found mail filed after the
backup and never read holds its turns due (movedhost46: `run-turn --due` exits 1, `wtg
serve` logs it once). Only those two said so: `wtg status` called the game OVERDUE and sent
the GM to `run-turn --due` for why, and the morning digest said nothing, so a GM under
`wtg serve` (no cron to mail the due run's line) heard of it in the log alone. `wtg
status` (each game's, the overview, `--host`, and their `--json`: `turns_held`) and the
digest now say the line the due run says."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

from click.testing import CliRunner, Result

from tests.gmtyped import ann_and_bob_host
from wtg.cli import main
from wtg.mail.outgoing.digest import make_digest
from wtg.mail.spool.afterbackup import AFTER_BACKUP, note_backup, note_unread

ENV: dict[str, str | None] = {"WTG_CONFIG": None, "WTG_GAMES_DIR": None}


def wtg(config: Path, *args: str) -> Result:
    return CliRunner(env=ENV).invoke(main, ["--config", str(config), *args])


def test_status_and_the_digest_say_the_turns_due_held(tmp_path: Path) -> None:
    config = ann_and_bob_host(tmp_path / "h")  # its game g1
    games = tmp_path / "h" / "games"
    spool = games / ".mail"
    now = datetime(2026, 12, 7, 9, 0, tzinfo=timezone.utc)
    note_backup(spool, "2026-12-07T03:30:00Z", "2026-12-07T08:00:00Z")
    assert wtg(config, "status").stdout.count("TURNS HELD") == 0  # no poll yet: none held
    assert make_digest(games, now).turns_held == ""
    note_unread(spool, {"wtg-processed": [41, 42, 43]})  # as a poll on IMAP keeps it
    held = (
        "no turn run: this host was restored from a backup made 2026-12-07 03:30 UTC, and its "
        "last poll found 3 mails in wtg-processed (UID 41, 42, 43) that came in since then or "
        "a little before and that this host never read (a player's orders, perhaps, for a "
        "turn due): move each of yours back into the inbox (in a mail client), and the next "
        "poll files it, then the turns due run; to run the turns without the mails you leave "
        f"there, `rm {spool / AFTER_BACKUP}`: the polls then name them no more"
    )
    for args in (("status",), ("status", "--host"), ("status", "g1")):
        shown = wtg(config, *args)
        assert shown.exit_code == 0, shown.output
        said = " ".join(shown.stdout.split())
        assert f"TURNS HELD: {held}" in said, args  # before: not a word of it
        listed = json.loads(wtg(config, *args, "--json").stdout)
        assert listed["turns_held"] == held, args
    digest = make_digest(games, now)
    assert not digest.empty()
    assert digest.turns_held == held
    assert f"TURNS HELD: {held}." in " ".join(digest.text().split())
    assert digest.line().endswith(", the turns due held")
    (spool / AFTER_BACKUP).unlink()  # as the line says: held no more, said no more
    assert "TURNS HELD" not in wtg(config, "status").stdout
    assert json.loads(wtg(config, "status", "--host", "--json").stdout)["turns_held"] is None
    assert make_digest(games, now + timedelta(minutes=1)).turns_held == ""
