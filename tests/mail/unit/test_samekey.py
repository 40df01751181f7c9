"""``wtg.mail.poll.samekey``: which mail a key the journal knows names, and the key of its
own another mail gets."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from datetime import datetime, timezone
from email.message import EmailMessage
from pathlib import Path

from wtg.mail.poll.mailmark import mark_of
from wtg.mail.poll.samekey import told_apart
from wtg.mail.servers.inbox import Incoming

KEY = "imap:1:7"
SAME_ID = "<phone@players.example>"
OTHER_ID = "<laptop@players.example>"


class Rows:
    """A journal's rows of mails handled: each key's mark and outcome."""

    def __init__(self) -> None:
        self.rows: dict[str, tuple[str, str]] = {}

    def outcomes(self, keys: Sequence[str]) -> dict[str, str]:
        return {key: self.rows[key][1] for key in keys if key in self.rows}

    def marks(self, keys: Sequence[str]) -> dict[str, str]:
        return {key: self.rows[key][0] for key in keys if key in self.rows}


def incoming(body: str, message_id: str = SAME_ID) -> Incoming:
    msg = EmailMessage()
    msg["From"] = "p1@players.example"
    msg["Message-ID"] = message_id
    msg.set_content(body)
    when = datetime(2026, 12, 1, tzinfo=timezone.utc)
    raw = msg.as_bytes()
    return Incoming(key=KEY, order_key="0", received=when, size=len(raw), raw=raw)


def polled(rows: Rows, mail: Incoming, archive: Path) -> Incoming:
    """``mail`` as the poll takes it, its row written once handled."""
    ((message,), known) = told_apart([mail], rows.outcomes([mail.key]), rows, archive)
    if message.key not in known:
        rows.rows[message.key] = (mark_of(message), "stored: g1 turn 1 player 1")
    return message


def test_mails_of_one_message_id_in_three_mailboxes_numbered_alike_each_get_a_key(
    tmp_path: Path,
) -> None:
    rows = Rows()
    keys = [polled(rows, incoming(f"orders, take {n}"), tmp_path).key for n in (1, 2, 3)]
    assert keys[0] == KEY and len(set(keys)) == 3, keys
    assert len(rows.rows) == 3


def test_the_key_an_earlier_wtg_gave_by_the_message_id_is_read_as_it_was(tmp_path: Path) -> None:
    """A row written under a key and a digest of the Message-ID alone (round 43's, for a
    mail of another Message-ID than the key's): its mail, still in the inbox, is known by
    it, and moved without being read again."""
    rows = Rows()
    polled(rows, incoming("orders, take 1"), tmp_path)
    second = incoming("orders, take 2", OTHER_ID)
    before = f"{KEY}.{hashlib.sha256(OTHER_ID.encode()).hexdigest()[:12]}"
    rows.rows[before] = (mark_of(second), "stored: g1 turn 1 player 2")
    ((message,), known) = told_apart([second], rows.outcomes([KEY]), rows, tmp_path)
    assert known == {before: "stored: g1 turn 1 player 2"} and message.key == before


def test_a_copy_of_another_mail_under_the_key_in_any_month_gives_a_key_of_its_own(
    tmp_path: Path,
) -> None:
    """Each month's folder is looked in for the name."""
    mine, other = incoming("orders, take 2"), incoming("orders, take 1")
    name = mine.kept_in(tmp_path).name
    for month, kept in (("2026-01", other), ("2026-12", mine)):
        (tmp_path / month).mkdir()
        (tmp_path / month / name).write_bytes(kept.kept_bytes())
    ((message,), _) = told_apart([mine], {}, Rows(), tmp_path)
    assert message.key.startswith(f"{KEY}.")
    (tmp_path / "2026-01" / name).write_bytes(mine.raw[:100])  # its own, torn by a kill
    ((message,), _) = told_apart([mine], {}, Rows(), tmp_path)
    assert message.key == KEY


def test_a_copy_under_the_key_that_cannot_be_read_is_taken_for_another_mails(
    tmp_path: Path,
) -> None:
    """Never written over, and the poll goes on (a folder where the copy should be)."""
    mine = incoming("orders, take 1")
    (tmp_path / "2026-01" / mine.kept_in(tmp_path).name).mkdir(parents=True)
    ((message,), _) = told_apart([mine], {}, Rows(), tmp_path)
    assert message.key.startswith(f"{KEY}.")


def test_a_row_without_a_mark_is_its_mails_when_the_archive_holds_its_copy(
    tmp_path: Path,
) -> None:
    """A row a wtg before marks wrote (its mark ""), its mail handled and not moved out:
    the copy in the archive under the key is the mail's, so it is moved, not read again;
    another mail under the key is read under a key of its own, and so is one with no copy
    to tell by (in doubt, read)."""
    rows = Rows()
    mine = incoming("orders, take 1")
    rows.rows[KEY] = ("", "stored: g1 turn 1 player 1")
    kept = mine.kept_in(tmp_path)
    ((message,), _) = told_apart([mine], rows.outcomes([KEY]), rows, tmp_path)
    assert message.key != KEY  # no copy: in doubt, read
    kept.parent.mkdir()
    kept.write_bytes(mine.kept_bytes())
    ((message,), known) = told_apart([mine], rows.outcomes([KEY]), rows, tmp_path)
    assert message.key == KEY and known == {KEY: "stored: g1 turn 1 player 1"}
    other = incoming("orders, take 2")
    ((message,), _) = told_apart([other], rows.outcomes([KEY]), rows, tmp_path)
    assert message.key.startswith(f"{KEY}.")


def test_the_mark_an_earlier_wtg_kept_still_knows_its_mail(tmp_path: Path) -> None:
    """Round 44's mark (a digest of the sender and the body's bytes), kept for the key of a
    mail handled and not moved out before an upgrade: the mail is known by it, not read
    again; under a key of its own, that key is found again too."""
    rows = Rows()
    mine = incoming("orders, take 1")
    body = mine.raw.split(b"\n\n", 1)[1]
    written = hashlib.sha256(b"p1@players.example\0" + body).hexdigest()[:32]
    rows.rows[KEY] = (f"{SAME_ID} {written}", "stored: g1 turn 1 player 1")
    ((message,), known) = told_apart([mine], rows.outcomes([KEY]), rows, tmp_path)
    assert message.key == KEY and known == {KEY: "stored: g1 turn 1 player 1"}
    own = f"{KEY}.{hashlib.sha256(f'{SAME_ID} {written}'.encode()).hexdigest()[:12]}"
    rows.rows = {KEY: ("bytes:0", "stored: g1 turn 1 player 2"), own: rows.rows[KEY]}
    ((message,), known) = told_apart([mine], rows.outcomes([KEY]), rows, tmp_path)
    assert message.key == own and known == {own: "stored: g1 turn 1 player 1"}
