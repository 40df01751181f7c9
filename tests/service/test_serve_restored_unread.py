"""`wtg serve` of a host restored whose last poll found mail filed after the backup and
never read (orders, perhaps, in the processed folder: ``wtg.mail.poll.filedafter``) runs
no turn, as `run-turn --due` runs none, and logs why once; the record gone (the mails
moved back and filed, or `rm` of it as the line says), the turns run. Before, the turn ran
at its deadline without those orders."""

from __future__ import annotations

import logging
from datetime import timedelta, timezone
from pathlib import Path

import pytest

from tests.service.week import START, SimClock, make_host
from wtg.game.engine import open_game
from wtg.host.config import load_config
from wtg.mail.spool.afterbackup import AFTER_BACKUP, note_backup, note_unread
from wtg.serve.service import Service


def test_the_restored_service_runs_no_turn_while_mail_after_the_backup_is_unread(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="wtg")
    gm = load_config(make_host(tmp_path, site=False))
    made = f"{START - timedelta(days=1):%Y-%m-%dT%H:%M:%SZ}"
    note_backup(gm.spool, made, f"{START:%Y-%m-%dT%H:%M:%SZ}")
    note_unread(gm.spool, {"wtg-processed": [41, 42]})  # as a poll on IMAP keeps it
    clock = SimClock(START, START + timedelta(hours=7))  # past the daily game's 18:00
    service = Service(gm, clock, zone=timezone.utc)
    clock.on_end = service.stop
    service.run()
    held = [r.getMessage() for r in caplog.records if "no turn run" in r.getMessage()]
    assert len(held) == 1  # once, not at each round
    assert held[0].startswith("run-turn: no turn run: this host was restored from a backup ")
    assert "its last poll found 2 mails in wtg-processed (UID 41, 42)" in held[0]
    assert open_game(gm.games_dir / "daily").latest_turn() == 0
    (gm.spool / AFTER_BACKUP).unlink()  # as the line says
    clock = SimClock(START + timedelta(hours=7), START + timedelta(hours=8))
    service = Service(gm, clock, zone=timezone.utc)
    clock.on_end = service.stop
    service.run()
    assert open_game(gm.games_dir / "daily").latest_turn() == 1
