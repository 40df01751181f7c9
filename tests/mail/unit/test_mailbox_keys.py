"""The marks of the mailboxes a host polled (``wtg.mail.servers.mailboxkeys``): the first
keeps its keys unmarked, each other is given a mark once and keeps it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from wtg.files.store import write_atomic
from wtg.host.config import ImapConfig
from wtg.mail.servers import mailboxkeys
from wtg.mail.servers.mailboxkeys import MAILBOXES, key_mark, mailbox_of


def mailbox(username: str, host: str = "imap.old.example", folder: str = "INBOX") -> ImapConfig:
    return ImapConfig(
        host=host,
        port=993,
        ssl=True,
        starttls=False,
        username=username,
        password="pw",
        folder=folder,
    )


def test_each_mailbox_has_its_mark_for_good(tmp_path: Path) -> None:
    spool = tmp_path / "games" / ".mail"  # not made yet: the first poll makes it
    old = mailbox("gm@old.example")
    assert key_mark(spool, old) == ""
    new = mailbox("gm@new.example", "imap.new.example", "Games")
    assert key_mark(spool, new) == "m2."
    assert key_mark(spool, mailbox("GM@old.example", "IMAP.old.example", "inbox")) == ""
    assert key_mark(spool, new) == "m2."
    assert key_mark(spool, mailbox("gm@new.example", "imap.new.example", "games")) == "m3."
    assert mailbox_of(new) == "gm@new.example@imap.new.example:993/Games"
    assert (spool / MAILBOXES).stat().st_mode & 0o077 == 0


def test_a_marks_file_that_does_not_read_is_named(tmp_path: Path) -> None:
    (tmp_path / MAILBOXES).write_text('{"mailboxes": ["gm@old.example"]}', encoding="utf-8")
    with pytest.raises(OSError) as raised:
        key_mark(tmp_path, mailbox("gm@old.example"))
    assert str(raised.value).startswith(
        f"{tmp_path / MAILBOXES}: cannot read the marks of the mailboxes polled: not as wtg "
        'wrote it; mend it as wtg wrote it ({"mailboxes": {MAILBOX: MARK}}), or remove it'
    )


def test_two_new_mailboxes_given_marks_at_once_never_share_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two polls of two configs, each opening a mailbox new to the host at once: the second
    reads the marks while the first gives its own. Before, both read one mailbox marked,
    both gave ``m2.``, and the file kept the last written (round 44's reports)."""
    spool = tmp_path / "spool"
    assert key_mark(spool, mailbox("gm@old.example")) == ""
    first, second = mailbox("gm@one.example"), mailbox("gm@two.example")
    written = write_atomic
    meanwhile: list[str | OSError] = []
    writes: list[Path] = []

    def other_poll_first(path: Path, text: str) -> None:
        writes.append(path)
        if len(writes) == 1:  # the other poll, between this one's reading and its writing
            try:
                meanwhile.append(key_mark(spool, second))
            except OSError as busy:
                meanwhile.append(busy)
        written(path, text)

    monkeypatch.setattr(mailboxkeys, "write_atomic", other_poll_first)
    assert key_mark(spool, first) == "m2."
    monkeypatch.undo()
    (busy,) = meanwhile
    assert isinstance(busy, OSError)  # before: "m2.", the mark this one took
    assert str(busy) == f"{spool / MAILBOXES}: {mailboxkeys.BUSY}"
    assert key_mark(spool, second) == "m3."  # its next poll
    kept = json.loads((spool / MAILBOXES).read_text(encoding="utf-8"))["mailboxes"]
    assert sorted(kept.values()) == ["", "m2.", "m3."]
