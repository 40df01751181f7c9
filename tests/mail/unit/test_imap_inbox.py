"""ImapInbox with a fake connection: batches fetched ahead on the IMAP thread, in the
server's order, and moves that run later but never go unnoticed when they fail.
(The real server is in tests/mail/test_*_real_servers.py.)"""

from __future__ import annotations

import threading
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest

from wtg.host.config import GmConfig, ImapConfig, config_from_data
from wtg.host.pollhealth import last_poll
from wtg.mail.poll.poller import poll
from wtg.mail.servers import inbox as inbox_module
from wtg.mail.servers.inbox import HEAD_ITEM, HEAD_KEY, HEAD_MAX, ImapInbox

NOW = datetime(2026, 11, 22, 12, 0, tzinfo=timezone.utc)


class FakeClient:
    """Answers as imapclient does, and notes which thread asked what."""

    def __init__(self, count: int, fail_move: bool = False, fail_fetch: bool = False) -> None:
        self.mails = {
            uid: f"Subject: hello {uid}\r\n\r\nno form\r\n".encode() for uid in range(1, count + 1)
        }
        self.fail_move = fail_move
        self.fail_fetch = fail_fetch
        self.vanished: set[int] = set()
        """Removed by another client after their sizes were fetched."""
        self.flagged: set[int] = set()
        """Sequence numbers of messages another client flagged meanwhile: each comes as an
        unsolicited FETCH response with its flags alone, keyed by that number."""
        self.calls: list[tuple[str, str]] = []
        self.asked: list[list[str]] = []
        """The items of each FETCH."""
        self.moved: dict[str, list[int]] = {}
        self.appended: dict[str, list[bytes]] = {}
        """The mails of each folder made by a client (the claims' folder)."""

    def _note(self, name: str) -> None:
        self.calls.append((name, threading.current_thread().name))

    def list_folders(self) -> list[tuple[tuple[bytes, ...], bytes, str]]:
        return [((), b".", name) for name in ("INBOX", "wtg-processed", "wtg-rejected")]

    def select_folder(self, folder: str) -> dict[bytes, Any]:
        return {b"UIDVALIDITY": 77}

    def has_capability(self, name: str) -> bool:
        return name == "MOVE"

    def folder_exists(self, folder: str) -> bool:
        return folder in self.appended

    def create_folder(self, folder: str) -> None:
        self.appended[folder] = []

    def append(self, folder: str, raw: bytes, flags: list[bytes]) -> None:
        """A host's claim on the mailbox (``wtg.mail.servers.claims``)."""
        self.appended[folder].append(raw)

    def search(self, criteria: list[str]) -> list[int]:
        self._note("search")
        larger = int(criteria[2]) if criteria[1:2] == ["LARGER"] else -1
        found = [uid for uid, mail in self.mails.items() if len(mail) > larger]
        return sorted(found, reverse=True)  # servers need not answer in order

    def fetch(self, uids: list[int], items: list[str]) -> dict[int, dict[bytes, Any]]:
        self._note("fetch")
        if self.fail_fetch:
            raise ConnectionResetError("connection reset by peer")
        self.asked.append(items)
        when = datetime(2026, 11, 22, 11, 0)
        if items == ["BODY.PEEK[]", "INTERNALDATE"]:
            return {
                u: {b"BODY[]": self.mails[u], b"INTERNALDATE": when}
                for u in uids
                if u not in self.vanished
            }
        noise: dict[int, dict[bytes, Any]] = {n: {b"FLAGS": (b"\\Seen",)} for n in self.flagged}
        if items == [HEAD_ITEM, "INTERNALDATE"]:
            return noise | {
                u: {HEAD_KEY: self.mails[u].split(b"\r\n\r\n")[0][:HEAD_MAX], b"INTERNALDATE": when}
                for u in uids
                if u not in self.vanished
            }
        assert items == ["RFC822.SIZE"]
        return noise | {u: {b"RFC822.SIZE": len(self.mails[u])} for u in uids}

    def move(self, uids: list[int], folder: str) -> None:
        self._note("move")
        if self.fail_move:
            raise OSError("the server went away")
        self.moved.setdefault(folder, []).extend(uids)
        for uid in uids:
            del self.mails[uid]

    def folder_status(self, folder: str, items: list[bytes]) -> dict[bytes, int]:
        self._note("status")
        return {b"UIDVALIDITY": 1, b"UIDNEXT": 1 + len(self.moved.get(folder, []))}

    def logout(self) -> None:
        self._note("logout")


def gm_config(base: Path) -> GmConfig:
    server = {"host": "imap.invalid", "port": 993, "username": "gm", "password": "pw"}
    smtp = {"host": "smtp.invalid", "port": 25, "from": "gm@wtg.example"}
    data = {"games_dir": "games", "transport": "imap", "imap": server, "smtp": smtp}
    return config_from_data(data, base)


def imap_config(gm: GmConfig) -> ImapConfig:
    assert gm.imap is not None
    return gm.imap


def test_batches_come_in_server_order_from_the_imap_thread(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(inbox_module, "IMAP_BATCH", 3)
    client = FakeClient(8)
    inbox = ImapInbox(imap_config(gm_config(tmp_path)), client)
    keys = []
    for batch in inbox.waiting(max_bytes=10_000):
        keys.append([m.key for m in batch])
        inbox.finish(batch, [])
    inbox.settle()
    inbox.close()
    assert inbox.busy > 0  # the connection's own time, for the poll benchmark
    assert inbox.busy_cpu > 0  # and its CPU
    assert keys == [
        ["imap:77:1", "imap:77:2", "imap:77:3"],
        ["imap:77:4", "imap:77:5", "imap:77:6"],
        ["imap:77:7", "imap:77:8"],
    ]
    assert client.moved == {"wtg-processed": [1, 2, 3, 4, 5, 6, 7, 8]}
    threads = {thread for name, thread in client.calls if name != "logout"}
    assert len(threads) == 1
    assert threads.pop().startswith("imap")
    assert client.asked == [["BODY.PEEK[]", "INTERNALDATE"]] * 3  # no FETCH of small sizes


def test_a_big_message_comes_without_its_body_and_a_vanished_one_not_at_all(
    tmp_path: Path,
) -> None:
    client = FakeClient(4)
    client.mails[2] = b"Subject: big\r\n\r\n" + b"x" * 5000
    client.vanished = {3}
    inbox = ImapInbox(imap_config(gm_config(tmp_path)), client)
    (batch,) = list(inbox.waiting(max_bytes=1000))
    inbox.close()
    assert client.asked[0] == ["RFC822.SIZE"]  # of the one big message only
    assert [(m.key, m.size, bool(m.raw), m.head) for m in batch] == [
        ("imap:77:1", len(client.mails[1]), True, b""),
        ("imap:77:2", len(client.mails[2]), False, b"Subject: big\r\n\r\n"),  # over: its head
        ("imap:77:4", len(client.mails[4]), True, b""),
    ]


def test_another_clients_flag_change_among_the_sizes_is_no_size(tmp_path: Path) -> None:
    """A flag another client set while the sizes were fetched comes as a FETCH response of
    its flags alone, keyed by its sequence number: the poll stopped on it (no size)."""
    client = FakeClient(3)
    client.mails[2] = b"Subject: big\r\n\r\n" + b"x" * 5000
    client.flagged = {40}
    inbox = ImapInbox(imap_config(gm_config(tmp_path)), client)
    (batch,) = list(inbox.waiting(max_bytes=1000))  # over 1,000 bytes: its size is asked
    inbox.close()
    assert client.asked[0] == ["RFC822.SIZE"]
    assert [(m.key, m.size) for m in batch] == [
        ("imap:77:1", len(client.mails[1])),
        ("imap:77:2", len(client.mails[2])),
        ("imap:77:3", len(client.mails[3])),
    ]


def test_a_big_mail_gone_meanwhile_is_left_out_though_a_flag_change_bears_its_number(
    tmp_path: Path,
) -> None:
    """A big mail another client removed after its size was fetched, while a flag change
    it made came keyed by a sequence number equal to that mail's UID: the flags alone are
    no mail (it stopped the poll, no INTERNALDATE)."""
    client = FakeClient(3)
    client.mails[2] = b"Subject: big\r\n\r\n" + b"x" * 5000
    client.vanished, client.flagged = {2}, {2}
    inbox = ImapInbox(imap_config(gm_config(tmp_path)), client)
    (batch,) = list(inbox.waiting(max_bytes=1000))
    inbox.close()
    assert [m.key for m in batch] == ["imap:77:1", "imap:77:3"]


def test_a_failed_move_fails_the_poll_and_is_recorded(tmp_path: Path) -> None:
    gm = gm_config(tmp_path)
    client = FakeClient(2, fail_move=True)
    inbox = ImapInbox(imap_config(gm), client)
    with pytest.raises(OSError, match="the server went away"):
        poll(gm, inbox, now=NOW)
    inbox.close()
    health = last_poll(gm.spool)
    assert health is not None
    assert health.last_failure == NOW
    assert "the server went away" in health.error
    assert sorted(client.mails) == [1, 2]  # still in the inbox: the next poll moves them


def test_wtg_poll_says_in_a_line_why_it_stopped(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A cron job's mail gets one line, not a traceback; the failure is on record for
    `run-turn --due`, and the messages stay in the inbox."""
    from click.testing import CliRunner

    from wtg.cli import main

    client = FakeClient(3, fail_fetch=True)
    monkeypatch.setattr(inbox_module, "connect_imap", lambda config: client)
    config = tmp_path / "wtg.yaml"
    config.write_text(
        "games_dir: games\ntransport: imap\n"
        "imap: {host: imap.invalid, port: 993, username: gm, password: pw}\n"
        "smtp: {host: smtp.invalid, port: 25, from: gm@wtg.example}\n",
        encoding="utf-8",
    )
    config.chmod(0o600)  # it holds the password: the GM's alone, as `wtg init` makes it
    (tmp_path / "games").mkdir()
    result = CliRunner().invoke(main, ["--config", str(config), "poll"])
    assert result.exit_code == 1
    assert result.output.strip() == (
        "wtg: the poll stopped: ConnectionResetError: connection reset by peer (what it "
        "filed is kept, and the next poll takes up the rest)"
    )
    health = last_poll(tmp_path / "games" / ".mail")
    assert health is not None and health.last_success is None
    assert "ConnectionResetError" in health.error
    assert sorted(client.mails) == [1, 2, 3]
    assert client.calls[-1][0] == "logout"


def test_a_batch_holds_many_messages_but_not_too_many_bytes() -> None:
    sizes: dict[int, int | None] = dict.fromkeys(range(1, 701))  # small: sizes not asked
    sizes.update({701: 5_000_000, 702: 5_000_000, 703: 5_000_000})
    small = inbox_module.SMALL
    cut = inbox_module._batches(sorted(sizes), sizes, max_bytes=6_000_000, small=small)
    # 200 small ones may weigh 3.2 MB: no big one joins them
    assert [len(batch) for batch in cut] == [500, 200, 1, 1, 1]
    skipped = inbox_module._batches(sorted(sizes), sizes, max_bytes=1_000, small=1_000)
    assert [len(batch) for batch in skipped] == [500, 203]  # big: not fetched, weighs nothing
    heavy = dict.fromkeys(range(1, 1001), None)
    assert [len(b) for b in inbox_module._batches(sorted(heavy), heavy, 10**6, 40_000)] == [
        200
    ] * 5  # each may weigh 40,000 bytes: 8 MB is 200 of them


class QresyncClient(FakeClient):
    """A server that offers QRESYNC: a MOVE then answers with one VANISHED line."""

    def has_capability(self, name: str) -> bool:
        return name in ("MOVE", "QRESYNC")

    def enable(self, *names: str) -> list[bytes]:
        self._note("enable " + " ".join(names))
        return [name.encode() for name in names]

    def select_folder(self, folder: str) -> dict[bytes, Any]:
        self._note("select")
        return super().select_folder(folder)


@pytest.mark.parametrize("client", [QresyncClient(2), FakeClient(2)], ids=["offered", "not"])
def test_qresync_is_enabled_before_the_select_when_the_server_offers_it(
    tmp_path: Path, client: FakeClient
) -> None:
    ImapInbox(imap_config(gm_config(tmp_path)), client).close()
    asked = [name for name, _thread in client.calls if name != "logout"]
    assert asked == (["enable QRESYNC", "select"] if isinstance(client, QresyncClient) else [])


class RefusingClient(QresyncClient):
    """A server that offers QRESYNC and then refuses it."""

    def enable(self, *names: str) -> list[bytes]:
        from imapclient.exceptions import IMAPClientError

        self._note("enable " + " ".join(names))
        raise IMAPClientError("ENABLE failed: not now")


def test_a_server_that_refuses_qresync_is_polled_without_it(tmp_path: Path) -> None:
    client = RefusingClient(3)
    inbox = ImapInbox(imap_config(gm_config(tmp_path)), client)
    for batch in inbox.waiting(max_bytes=10_000):
        inbox.finish(batch, [])
    inbox.settle()
    inbox.close()
    assert client.moved == {"wtg-processed": [1, 2, 3]}


def test_a_poll_of_the_maildir_inbox_loads_no_imap_library() -> None:
    """imapclient is imported by a poll of an IMAP server only: a poll of the maildir
    inbox (the demo, the tests, a local MTA) does not pay for loading it."""
    import subprocess
    import sys

    probe = (
        "import sys; import wtg.mail.servers.inbox, wtg.mail.poll.poller; "
        "print(sorted(m for m in sys.modules if m.startswith('imapclient')))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


class Listing(FakeClient):
    """A server that notes each folder asked of it by name (SELECT, a LIST of one), and
    keeps the claims made in their folder."""

    selected = "INBOX"

    def list_folders(self) -> list[tuple[tuple[bytes, ...], bytes, str]]:
        return super().list_folders() + [((), b".", name) for name in self.appended]

    def select_folder(self, folder: str, readonly: bool = False) -> dict[bytes, Any]:
        self._note(f"select {folder}")
        self.selected = folder
        return super().select_folder(folder)

    def search(self, criteria: list[str]) -> list[int]:
        if self.selected == "INBOX":
            return super().search(criteria)
        return list(range(1, len(self.appended[self.selected]) + 1))

    def fetch(self, uids: list[int], items: list[str]) -> dict[int, dict[bytes, Any]]:
        if self.selected == "INBOX":
            return super().fetch(uids, items)
        kept = self.appended[self.selected]
        return {uid: {b"BODY[HEADER.FIELDS (X-WTG-HOST)]": kept[uid - 1]} for uid in uids}

    def folder_exists(self, folder: str) -> bool:
        self._note(f"list {folder}")
        return super().folder_exists(folder)


def test_the_claims_folder_is_taken_from_the_login_list(tmp_path: Path) -> None:
    """The poll's first look at the claims asks no LIST of their folder (the login's LIST
    of every folder said it), and when it is not there selects nothing, so the inbox needs
    no SELECT again (imap48: a LIST and a SELECT of the inbox a poll)."""
    gm = gm_config(tmp_path)
    client = Listing(2)
    asked = []
    for _poll in range(2):
        client.calls.clear()
        inbox = ImapInbox(imap_config(gm), client)
        poll(gm, inbox, now=NOW)
        inbox.close()
        asked.append([name for name, _ in client.calls if name.startswith(("select", "list"))])
    # the first poll: no claims' folder yet, and the claim made (which asks, and makes it)
    assert asked[0] == ["select INBOX", "list wtg-host"]
    # the next: the claims read from the folder the login's LIST found
    assert asked[1] == ["select INBOX", "select wtg-host", "select INBOX"]
    assert len(client.appended["wtg-host"]) == 1  # read, the host found it its own
