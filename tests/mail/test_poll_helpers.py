"""A poll of many mails files them on every core (``wtg.mail.poll.workers``, issue 13): what it
does is what a poll of one process does, file for file and mail for mail; a mail the quick
look placed wrong, a helper that dies, and a helper still at work when its poll dies lose
and duplicate nothing.

The thresholds (``HELPERS_FROM`` mails waiting, ``SHARE_FROM`` mails a batch) are lowered
here so that a few dozen mails are shared."""

from __future__ import annotations

import contextlib
import email.policy
import mailbox
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.fuzz.harness import UNLIMITED, Bench
from tests.fuzz.inputs import make_case
from tests.mail.loop import GM
from tests.mail.test_poll_work import NOW, made_games, order_mails
from tests.mail.unit.test_imap_inbox import FakeClient, imap_config
from tests.mail.unit.test_imap_inbox import gm_config as imap_gm
from wtg.game.arrivalkey import from_nanoseconds
from wtg.game.engine import Game
from wtg.host.config import GmConfig, config_from_data
from wtg.mail.outgoing.idsecret import host_secret
from wtg.mail.poll import poller, processes, workers
from wtg.mail.poll.sharing import split, ties
from wtg.mail.servers.inbox import ImapInbox, Incoming, MaildirInbox
from wtg.mail.spool.outcome import Outcome
from wtg.rules.wok.state import WokState

SINGLE_THREADED = poller.single_threaded


@pytest.fixture
def shared(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(processes, "HELPERS_FROM", 1)
    monkeypatch.setattr(processes, "SHARE_FROM", 2)
    # earlier tests of the suite leave idle threads behind (the browser tests' asyncio
    # executor): holding no lock a helper needs, they may be forked past here
    monkeypatch.setattr(poller, "single_threaded", lambda: True)


def mail(sender: str, body: str, number: int, **headers: str) -> bytes:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = "gm@wtg.example"
    msg["Subject"] = "hello"
    msg["Message-ID"] = f"<m{number}@players.example>"
    for name, value in headers.items():
        msg[name.replace("_", "-")] = value
    msg.set_content(body)
    return msg.as_bytes(policy=email.policy.SMTP)


def a_host(root: Path) -> tuple[GmConfig, list[Game[WokState]], list[bytes]]:
    """Three games of ten, every player's full AOF, and the mails a poll also meets: a
    player's second mail (the newer one is filed), the same mail twice (one Message-ID),
    a stranger, an auto-reply, a command mail, a form of a game that does not run here."""
    gm = config_from_data({"games_dir": "games", "from": "gm@wtg.example"}, root)
    games = made_games(gm)
    orders = order_mails(games)
    again = orders[3].replace(b"<work3@", b"<again3@")  # w1 P4 writes again, the same orders
    mails = [
        *orders,
        again,
        orders[12],  # a copy of w2 P3's mail, its Message-ID again
        mail("stranger@else.example", "What is this game about?", 1),
        mail("w1p2@players.example", "I am away.", 2, Auto_Submitted="auto-replied"),
        mail("w3p5@players.example", "LIST", 3),
        orders[25].replace(b"GAME: w3", b"GAME: nope").replace(b"<work25@", b"<nope25@"),
    ]
    gm.maildir_in.parent.mkdir(parents=True)
    box = mailbox.Maildir(gm.maildir_in, create=True)
    for number, raw in enumerate(mails):
        path = gm.maildir_in / "new" / box.add(raw)
        os.utime(path, ns=(number * 10**9, number * 10**9))  # the order the server got them
    return gm, games, mails


def files_under(root: Path) -> dict[str, bytes]:
    return {
        str(path.relative_to(root)): path.read_bytes()
        for path in sorted(root.rglob("*"))
        # a lock and its holder's file (pid, since) are no part of what a poll did, nor the
        # host's id and its claim on the mailbox (``wtg.mail.poll.hostclaim``: each host's own)
        if path.is_file()
        and not path.name.endswith((".lock", ".holder", ".sqlite", "-wal", "-shm"))
        and path.name not in ("host-id.json", "host-claim.json")
        and ".wtg-host" not in path.parts
    }


def journal_rows(gm: GmConfig) -> dict[str, list[tuple[object, ...]]]:
    db = sqlite3.connect(gm.spool / "journal.sqlite")
    try:
        return {
            "messages": sorted(db.execute("SELECT key, message_id, outcome FROM messages")),
            "replies": sorted(db.execute("SELECT sender, at FROM replies")),
            "quarantine": sorted(db.execute("SELECT key, game, reason FROM quarantine")),
            "set_aside": sorted(db.execute("SELECT key, game, seat, why, at FROM set_aside")),
        }
    finally:
        db.close()


def test_a_shared_poll_does_what_a_poll_of_one_process_does(tmp_path: Path, shared: None) -> None:
    alone, _games, mails = a_host(tmp_path / "alone")
    # and a player's orders his script marked Precedence: bulk: set aside, noted by a helper
    bulk = b"Precedence: bulk\r\n" + mails[7].replace(b"<work7@", b"<bulk7@")
    path = alone.maildir_in / "new" / mailbox.Maildir(alone.maildir_in).add(bulk)
    os.utime(path, ns=(len(mails) * 10**9, len(mails) * 10**9))
    mails.append(bulk)
    host_secret(alone.spool)  # one host copied: one secret, the same Message-IDs
    shutil.copytree(tmp_path / "alone", tmp_path / "shared")
    together = config_from_data(
        {"games_dir": "games", "from": "gm@wtg.example"}, tmp_path / "shared"
    )
    one = poller.poll(alone, MaildirInbox(alone.maildir_in), now=NOW, jobs=1)
    three = poller.poll(together, MaildirInbox(together.maildir_in), now=NOW, jobs=3)
    assert one.seen == three.seen == len(mails)
    # the stranger gets the HELP (issue 25, item 16)
    assert (one.filed, one.rejected, one.ignored, one.answered, one.held) == (30, 2, 2, 2, 1)
    assert three == one
    assert files_under(tmp_path / "shared") == files_under(tmp_path / "alone")
    assert journal_rows(together) == journal_rows(alone) != {}
    ((_key, game, seat, why, _at),) = journal_rows(alone)["set_aside"]  # a helper's, noted
    assert (game, seat, why) == ("w1", "8 P8", "Precedence: bulk")


class Calls:
    """Every ``Poller.guarded`` call of a poll, in whichever process (through a pipe)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.read, self.write = os.pipe()
        handle = poller.Poller.guarded

        def noted(poll: poller.Poller, message: Incoming) -> Outcome:
            outcome = handle(poll, message)
            os.write(self.write, f"{os.getpid()} {message.key} {outcome.kind.value}\n".encode())
            return outcome

        monkeypatch.setattr(poller.Poller, "guarded", noted)
        self.pids: list[int] = []

    def made(self) -> list[tuple[int, str, str]]:
        """(process, message key, outcome kind) of each call, in the order made."""
        os.close(self.write)
        with os.fdopen(self.read) as lines:
            calls = [(int(pid), key, kind) for pid, key, kind in map(str.split, lines)]
        self.pids = sorted({pid for pid, _, _ in calls})
        return calls


def test_the_poll_shares_its_mails_out(
    tmp_path: Path, shared: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The mails really are handled in other processes (the test above would pass with
    none), each once."""
    gm, _games, mails = a_host(tmp_path)
    calls = Calls(monkeypatch)
    summary = poller.poll(gm, MaildirInbox(gm.maildir_in), now=NOW, jobs=3)
    made = calls.made()
    assert summary.filed == 30
    assert sorted(key for _, key, _ in made) == sorted(key for key, _ in summary.outcomes)
    assert len(made) == len(mails)
    assert len(calls.pids) == 3 and os.getpid() in calls.pids


def test_a_process_with_threads_running_never_forks(
    tmp_path: Path, shared: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A thread that holds a lock when the process forks would hold it in the helper for
    ever: with another thread alive (an in-process SMTP server, say) the poll files alone."""
    gm, _games, mails = a_host(tmp_path)
    monkeypatch.setattr(poller, "single_threaded", SINGLE_THREADED)
    calls = Calls(monkeypatch)
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        summary = poller.poll(gm, MaildirInbox(gm.maildir_in), now=NOW, jobs=3)
    finally:
        stop.set()
        other.join()
    assert (summary.filed, len(calls.made()), calls.pids) == (30, len(mails), [os.getpid()])


def test_no_sqlite_connection_crosses_the_fork(
    tmp_path: Path, shared: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLite keeps in the process's memory which locks the process holds on a file: a
    helper forked with the journal open would believe it held the poller's locks. The
    poller closes its journal while it forks (and has it open again after)."""
    gm, _games, _mails = a_host(tmp_path)
    fork = os.fork
    open_then: list[list[str]] = []

    def watched() -> int:
        paths = []
        for fd in os.listdir("/proc/self/fd"):
            with contextlib.suppress(OSError):  # the listing's own descriptor is gone
                paths.append(os.readlink(f"/proc/self/fd/{fd}"))
        open_then.append(paths)
        return fork()

    monkeypatch.setattr(os, "fork", watched)
    summary = poller.poll(gm, MaildirInbox(gm.maildir_in), now=NOW, jobs=3)
    assert summary.filed == 30 and len(open_then) == 2  # two helpers forked
    journal = str(gm.spool / "journal.sqlite")
    assert not [path for paths in open_then for path in paths if path.startswith(journal)]
    assert len(journal_rows(gm)["messages"]) == len(_mails)


def test_a_helper_that_dies_leaves_its_share_to_the_poller(
    tmp_path: Path, shared: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    gm, _games, mails = a_host(tmp_path)
    handle = poller.Poller.guarded
    me = os.getpid()

    def dies(self: poller.Poller, message: Incoming) -> Outcome:
        if os.getpid() != me:  # in a helper: killed by the kernel, say, mid-share
            os._exit(9)
        return handle(self, message)

    monkeypatch.setattr(poller.Poller, "guarded", dies)
    summary = poller.poll(gm, MaildirInbox(gm.maildir_in), now=NOW, jobs=3)
    assert (summary.seen, summary.filed, summary.skipped) == (len(mails), 30, 0)
    assert journal_rows(gm)["messages"].__len__() == len(mails)
    assert os.listdir(gm.maildir_in / "new") == [] == os.listdir(gm.maildir_in / "cur")


def test_a_mail_the_glance_placed_wrong_is_filed_once_its_game_is_free(
    tmp_path: Path, shared: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A form sent base64 shows no GAME: line to the glance, from an address no other mail
    comes from: it stays with the poller while a helper holds its game's lock. It is filed
    after the batch, the newer of a player's two mails on file either way."""
    gm = config_from_data({"games_dir": "games", "from": "gm@wtg.example"}, tmp_path)
    games = made_games(gm)
    orders = order_mails(games)
    hidden = email.message_from_bytes(orders[5], policy=email.policy.SMTP)
    form = hidden.get_content()
    hidden.replace_header("From", "elsewhere@other.example")
    hidden.replace_header("Message-ID", "<hidden@other.example>")
    hidden.set_content(form, cte="base64")
    gm.maildir_in.parent.mkdir(parents=True)
    box = mailbox.Maildir(gm.maildir_in, create=True)
    mails = [*orders, hidden.as_bytes(policy=email.policy.SMTP)]
    assert all(not tie.startswith("game:") for tie in ties(_incoming(mails[-1])))
    names = []
    for number, raw in enumerate(mails):
        path = gm.maildir_in / "new" / box.add(raw)
        os.utime(path, ns=(number * 10**9, number * 10**9))
        names.append(path.name)
    calls = Calls(monkeypatch)
    summary = poller.poll(gm, MaildirInbox(gm.maildir_in), now=NOW, jobs=2)
    made = calls.made()
    # the two processes met over w1 (each holds a game it filed for to the batch's end): the
    # second one's w1 mails were left for later, then handled by the poller after the batch
    later = [key for _, key, kind in made if kind == "later"]
    assert later and len(made) == len(mails) + len(later) and len(calls.pids) == 2
    again = made[-len(later) :]
    assert sorted(key for _, key, _ in again) == sorted(later)
    assert {pid for pid, _, _ in again} == {os.getpid()}
    assert "later" not in {kind for _, _, kind in again}
    assert (summary.seen, summary.skipped) == (len(mails), 0)
    assert summary.filed + summary.ignored == len(mails)  # P6's older mail: filed or "older"
    on_file = games[0].store.pending_meta(1, 6)
    assert on_file is not None
    assert on_file["order_key"] == from_nanoseconds((len(mails) - 1) * 10**9, names[-1])
    assert len(journal_rows(gm)["messages"]) == len(mails)


def _incoming(raw: bytes, key: str = "k") -> Incoming:
    return Incoming(key=key, order_key=key, received=NOW, size=len(raw), raw=raw)


def test_ties_are_the_games_named_and_the_senders() -> None:
    raw = mail("A Player <P1@Players.Example>", "GAME: w1  TURN: 1\nGAME: W2", 1)
    assert ties(_incoming(raw)) == ("game:w1", "game:w2", "from:p1@players.example")
    bare = mail("p1@players.example", "GAME: w3", 3)  # the same sender without a name
    assert ties(_incoming(bare))[-1] == "from:p1@players.example"
    quoted = mail('"Smith, Ann" <ann@x.example>', "hi", 4)
    assert ties(_incoming(quoted)) == ("from:ann@x.example",)
    assert ties(_incoming(mail("x@y.example", "no form", 2))) == ("from:x@y.example",)


MAILS = st.lists(
    st.tuples(st.sampled_from(["", "w1", "w2", "w3", "w4"]), st.integers(0, 5)), max_size=40
)


@settings(deadline=None)  # building the mails costs more than the split
@given(MAILS, st.integers(1, 4))
def test_split_keeps_tied_mails_together_and_loses_none(
    drawn: list[tuple[str, int]], count: int
) -> None:
    messages = [
        _incoming(mail(f"p{sender}@x.example", f"GAME: {game}" if game else "hi", n), f"k{n}")
        for n, (game, sender) in enumerate(drawn)
    ]
    shares = split(messages, count)
    assert len(shares) == count
    assert sorted(m.key for share in shares for m in share) == sorted(m.key for m in messages)
    place = {m.key: index for index, share in enumerate(shares) for m in share}
    for share in shares:  # the order given, kept
        keys = [m.key for m in share]
        assert keys == sorted(keys, key=lambda k: int(k[1:]))
    for a, (game_a, sender_a) in zip(messages, drawn, strict=True):
        for b, (game_b, sender_b) in zip(messages, drawn, strict=True):
            if (game_a and game_a == game_b) or sender_a == sender_b:
                assert place[a.key] == place[b.key]
        if not game_a and all(
            not game for game, sender in drawn if sender == sender_a
        ):  # a group about no game stays with the poller
            assert place[a.key] == 0


def test_split_evens_the_shares() -> None:
    messages = [
        _incoming(mail(f"p{n}@x.example", f"GAME: g{n % 6}", n), f"k{n}") for n in range(60)
    ]
    assert [len(share) for share in split(messages, 3)] == [20, 20, 20]


def test_a_helpers_journal_reads_its_own_notes(tmp_path: Path) -> None:
    journal = workers.KeptJournal(tmp_path)
    journal.handled("k1", "<a@b>", "stored: x", at=90.0)
    journal.replied("p@x", 100.0)
    assert journal.key_of_message_id("<a@b>") == "k1"
    assert journal.replies_since("p@x", 50.0) == [100.0]
    assert journal.take() == [
        ("handled", ("k1", "<a@b>", "stored: x", "", "", False, 90.0)),  # the poll's moment
        ("replied", ("p@x", 100.0)),
    ]
    assert journal.take() == []
    journal.forget()
    assert journal.key_of_message_id("<a@b>") is None  # the poller wrote nothing: gone
    journal.close()


def test_a_service_stopped_while_its_helpers_file_leaves_nothing_half_filed(
    tmp_path: Path,
) -> None:
    """`wtg poll --idle` under systemd: 250 mails wait (the real thresholds fork a helper),
    and the stop signal reaches the whole process group while they file. The poll files
    what waits, then stops; a poll after it finds every mail handled once, none lost, none
    answered twice."""
    gm = config_from_data({"games_dir": "games", "from": "gm@wtg.example"}, tmp_path)
    games = made_games(gm, 25)
    mails = order_mails(games)
    assert len(mails) >= workers.HELPERS_FROM
    gm.maildir_in.parent.mkdir(parents=True)
    box = mailbox.Maildir(gm.maildir_in, create=True)
    for raw in mails:
        box.add(raw)
    config = tmp_path / "wtg.yaml"
    config.write_text("games_dir: games\nfrom: gm@wtg.example\n", encoding="utf-8")
    command = [sys.executable, "-c", "from wtg.cli import main; main()", "--config", str(config)]
    process = subprocess.Popen(
        [*command, "poll", "--idle", "--jobs", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,  # a process group of its own, as a service's
    )
    try:
        children = Path(f"/proc/{process.pid}/task/{process.pid}/children")
        begin = time.monotonic()
        while not children.read_text().split() and time.monotonic() - begin < 30:
            time.sleep(0.005)
        helpers_seen = children.read_text().split()
        os.killpg(process.pid, signal.SIGTERM)  # systemd stops every process of the unit
        output, _ = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)
    assert helpers_seen, output  # the poll had forked its helper when the signal came
    assert process.returncode == 0, output
    assert output.rstrip().endswith("wtg poll --idle: stopped"), output
    finished = subprocess.run([*command, "poll"], capture_output=True, text=True, check=True)
    rows = journal_rows(gm)["messages"]
    assert len(rows) == len({key for key, _, _ in rows}) == len(mails), finished.stdout
    assert all(str(outcome).startswith("stored") for _, _, outcome in rows)
    assert os.listdir(gm.maildir_in / "new") == [] == os.listdir(gm.maildir_in / "cur")
    assert len(os.listdir(gm.maildir_in / ".processed" / "cur")) == len(mails)
    queued = list((gm.spool / "outbox" / "queue").glob("conf-*.eml"))
    assert len(queued) == len(mails)  # one confirmation a mail, none twice
    for game in games:
        assert sorted(game.store.pending_orders(1)) == list(range(1, 11))


@pytest.mark.parametrize("limits", [UNLIMITED, {}], ids=["every mail answered", "rate limits"])
def test_hostile_mails_shared_out_come_to_what_they_come_to_alone(
    tmp_path: Path, shared: None, limits: dict[str, object]
) -> None:
    """A batch of the fuzz harness's hostile mails (mutated forms and replies, broken MIME,
    charsets, damaged bytes, strangers, two games) polled on three processes: the same
    outcome for every mail, the same files and journal rows as polled in one; with the
    hourly reply limits too (a sender's mails stay in one process, which counts them)."""
    bench = Bench(tmp_path / "alone")
    rng = random.Random(13)
    cases = [make_case(rng, bench.seeds, 3_000) for _ in range(400)]
    mails = [case.data for case in cases if case.kind == "mail"][:150]
    box = mailbox.Maildir(bench.world.gm.maildir_in, create=True)
    for number, raw in enumerate(mails):
        path = bench.world.gm.maildir_in / "new" / box.add(raw)
        os.utime(path, ns=(number * 10**9, number * 10**9))
    shutil.copytree(tmp_path / "alone", tmp_path / "shared")
    alone, together = (
        config_from_data({"games_dir": "games", "from": GM, "mail": limits}, tmp_path / where)
        for where in ("alone", "shared")
    )
    one = poller.poll(alone, MaildirInbox(alone.maildir_in), now=NOW, jobs=1)
    three = poller.poll(together, MaildirInbox(together.maildir_in), now=NOW, jobs=3)
    assert one.seen == len(mails) >= 100 and one.filed >= 5
    assert three == one
    assert files_under(tmp_path / "shared") == files_under(tmp_path / "alone")
    assert journal_rows(together) == journal_rows(alone)


def test_a_shared_poll_names_the_games_it_skipped_as_a_poll_of_one_does(
    tmp_path: Path, shared: None
) -> None:
    """A game whose game.yaml was broken by hand is skipped and named in the summary line
    (``; skipped: w2``), whichever process met it: a helper's folders come back with its
    answer (``Handled.skipped``)."""
    alone, _games, _mails = a_host(tmp_path / "alone")
    config = alone.games_dir / "w2" / "game.yaml"
    config.write_text(config.read_text().replace("ruleset: wok4", "ruleset: wok9"))
    shutil.copytree(tmp_path / "alone", tmp_path / "shared")
    together = config_from_data(
        {"games_dir": "games", "from": "gm@wtg.example"}, tmp_path / "shared"
    )
    one = poller.poll(alone, MaildirInbox(alone.maildir_in), now=NOW, jobs=1)
    three = poller.poll(together, MaildirInbox(together.maildir_in), now=NOW, jobs=3)
    assert one.games_skipped == three.games_skipped == ("w2",)
    assert one.line().endswith("; skipped: w2")
    assert three.line() == one.line()


class Counting(FakeClient):
    """A server whose SELECT counts the folder's mails (EXISTS), as every one does."""

    def select_folder(self, folder: str) -> dict[bytes, Any]:
        return {**super().select_folder(folder), b"EXISTS": len(self.mails)}


def test_an_imap_poll_forks_its_helpers(
    tmp_path: Path, shared: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The poll of an IMAP mailbox files on every core too: its look at the claims, before
    the fork, runs on the poller's thread. It ran on the connection's, which it started,
    and a process of two threads forks no helper: from round 44 every IMAP poll filed
    alone, whatever its `--jobs` (imap48)."""
    before = threading.active_count()  # threads earlier tests left: none of the poll's
    monkeypatch.setattr(poller, "single_threaded", lambda: threading.active_count() == before)
    gm = imap_gm(tmp_path)
    mails = order_mails(made_games(gm))
    client = Counting(0)
    client.mails = {uid: raw for uid, raw in enumerate(mails, start=1)}
    calls = Calls(monkeypatch)
    inbox = ImapInbox(imap_config(gm), client)
    try:
        summary = poller.poll(gm, inbox, now=NOW, jobs=2)
    finally:
        inbox.close()
    made = calls.made()
    assert summary.filed == len(made) == len(mails)
    assert len(calls.pids) == 2 and os.getpid() in calls.pids
    assert client.appended["wtg-host"] != []  # the claims were looked at, and one made
