"""Issue 12, "Secrets stay secret": everything under a game folder or the mail spool holds a
secret code or a player's address, so it is created 0600 (folders 0700) whatever the umask."""

from __future__ import annotations

import os
import sqlite3
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tests.privacy import UMASKS, names, process_umask, shared
from tests.shipped import WOK4
from wtg.cli import main
from wtg.cli.demo import filled_aof
from wtg.files.private import maildir, make_dirs, write_file
from wtg.game.engine import open_game
from wtg.mail.spool.journal import Journal

PLAYERS = [f"--player=P{i}:p{i}@example.org:CODE{i:04d}" for i in range(1, 5)]


def wtg(*args: object) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


@pytest.mark.parametrize("mask", UMASKS, ids=lambda mask: f"umask{mask:03o}")
def test_the_demo_leaves_nothing_open_to_group_or_others(tmp_path: Path, mask: int) -> None:
    """Tried: game.yaml, reports, AOFs, the mail archive and the outbox were 0644."""
    out = tmp_path / "demo-output"
    with process_umask(mask):
        result = wtg("demo", out, "--turns", 2)
    assert result.exit_code == 0, result.output
    games = out / "games"
    covered = names(games)
    assert {
        "demo/game.yaml",
        "demo/.lock",
        "demo/pending",
        "demo/turns/0002/state.json",
        "demo/turns/0002/reports/p01.txt",
        "demo/turns/0002/aofs/p01.txt",
        "demo/turns/0002/orders/p01.yaml",
        ".mail/journal.sqlite",
        ".mail/poll-health.json",
        ".mail/poll.lock",
        ".mail/send.lock",
        ".mail/outbox/queue",
        ".mail/outbox/failed",
        ".mail/maildir-in/.processed/maildirfolder",
        ".mail/maildir-out/new",
    } <= covered
    kinds = {
        "archive": ".mail/archive/",
        "sent": ".mail/outbox/sent/",
        "filed": ".mail/maildir-in/.processed/cur/",
        "delivered": ".mail/maildir-out/new/report-",
    }
    assert all(any(name.startswith(start) for name in covered) for start in kinds.values())
    assert shared(games) == []


@pytest.mark.parametrize("mask", UMASKS, ids=lambda mask: f"umask{mask:03o}")
def test_orders_and_turns_written_by_hand_are_private(tmp_path: Path, mask: int) -> None:
    game_dir = tmp_path / "games" / "g"
    with process_umask(mask):
        made = wtg("new-game", game_dir, "--ruleset", "wok4", "--map", "small", *PLAYERS)
        assert made.exit_code == 0, made.output
        orders = tmp_path / "orders.txt"
        orders.write_text(filled_aof(open_game(game_dir).typed(WOK4), 1), encoding="utf-8")
        assert wtg("orders", game_dir, orders).exit_code == 0
        pending = names(game_dir)
        assert wtg("run-turn", game_dir).exit_code == 0
        assert wtg("run-turn", game_dir, "--rerun", "--unchanged").exit_code == 0
    assert {f"pending/0001/p01.{suffix}" for suffix in ("yaml", "aof.txt", "result.txt")} <= pending
    assert {"turns/0001/orders/p01.yaml", "turns/0001/reports/p02.txt"} <= names(game_dir)
    assert shared(tmp_path / "games") == []


def test_the_journal_and_its_sqlite_side_files_are_private(tmp_path: Path) -> None:
    spool = tmp_path / "games" / ".mail"
    with process_umask(0o022):
        journal = Journal(spool)
        try:
            journal.handled("maildir:1", "<m1@players.example>", "stored: p01")
            journal.commit()
            side = {p.name for p in spool.iterdir()}
            assert {"journal.sqlite", "journal.sqlite-wal", "journal.sqlite-shm"} <= side
            assert shared(tmp_path / "games") == []
        finally:
            journal.close()
    with sqlite3.connect(spool / "journal.sqlite") as db:
        assert db.execute("SELECT outcome FROM messages").fetchall() == [("stored: p01",)]


def test_private_files_and_folders_are_exactly_0600_and_0700(tmp_path: Path) -> None:
    """An odd umask that also takes the owner's bits, and a file a crashed run left wider."""
    with process_umask(0o277):
        folder = make_dirs(tmp_path / "a" / "b")
        write_file(folder / "one", b"1")
        box = maildir(tmp_path / "c" / "box")
        box.add(b"Subject: hi\n\nhello\n")
        box.add_folder("processed").add(b"Subject: again\n\nhello\n")
    left = folder / "left"
    left.write_bytes(b"wide")
    left.chmod(0o644)
    write_file(left, b"narrow")
    modes = {
        str(p.relative_to(tmp_path)): oct(p.stat().st_mode & 0o777)
        for p in sorted(tmp_path.rglob("*"))
    }
    assert {modes[name] for name in ("a", "a/b", "c", "c/box", "c/box/.processed")} == {"0o700"}
    assert {modes[name] for name in ("a/b/one", "a/b/left", "c/box/.processed/maildirfolder")} == {
        "0o600"
    }
    mails = [name for name in modes if "/new/" in name]
    assert len(mails) == 2 and {modes[name] for name in mails} == {"0o600"}


def test_status_warns_about_a_game_folder_made_before_the_change(tmp_path: Path) -> None:
    game_dir = tmp_path / "games" / "old"
    assert wtg("new-game", game_dir, "--ruleset", "wok4", "--map", "small", *PLAYERS).exit_code == 0
    for path in [game_dir, *game_dir.rglob("*")]:
        path.chmod(0o755 if path.is_dir() else 0o644)
    warned = wtg("status", game_dir)
    assert warned.exit_code == 0
    assert (
        f"warning: {game_dir / 'game.yaml'} is open to group or others and holds the players' "
        f"secret codes; make the game private: chmod -R go-rwx {game_dir}"
    ) in warned.stderr
    assert "warning" in wtg("--games-dir", tmp_path / "games", "status").stderr
    subprocess.run(["chmod", "-R", "go-rwx", str(game_dir)], check=True)  # docs/mail.md's line
    assert shared(game_dir) == []
    assert wtg("status", game_dir).stderr == ""


def test_a_file_written_in_short_writes_is_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``write_file`` writes all at once mostly; a write that takes only part (a signal, a
    full pipe) is followed by more until every byte is there."""
    real_write = os.write
    calls: list[int] = []

    def short_write(fd: int, data: bytes | memoryview) -> int:
        calls.append(len(data))
        return real_write(fd, bytes(data[:7]))

    monkeypatch.setattr(os, "write", short_write)
    data = bytes(range(256)) * 3
    write_file(tmp_path / "f", data, sync=False)
    monkeypatch.undo()
    assert (tmp_path / "f").read_bytes() == data
    assert calls[:3] == [768, 761, 754] and len(calls) == 110
