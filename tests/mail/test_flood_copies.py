"""A flood (a stranger, or a looping auto-responder, sending thousands of mails) grew the
host by a mail's worth in three places, for as long as it ran: the journal's ``messages``
(a record a mail: 2000 mails from one address, 2000 records), the spool's archive and the
maildir's rejected (or processed) folder (a copy in each, about 2.5 kB a form: 2000 forms,
5 MB in each). Now, of one address's mails of a day that held nothing of a player's, the
poll keeps the copies of the first ``FLOOD_FIRST`` and the newest ``FLOOD_NEWEST`` and
counts the others (``wtg status``, the digest); and a record of a mail handled goes after
``MESSAGES_KEPT``, longer than any server re-delivers a mail, while a copy within it is
still known as one."""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path
from types import SimpleNamespace

import pytest

from tests import killpoints
from tests.mail.loop import GM, NOW, World
from tests.mail.test_held_floods import mail_at, naming, wtg
from wtg.mail.outgoing.digest import make_digest
from wtg.mail.poll.poller import poll
from wtg.mail.poll.release import ReleaseRefused, release
from wtg.mail.servers.inbox import MaildirInbox
from wtg.mail.spool import journal as journal_module
from wtg.mail.spool.floodcopies import (
    FLOOD_DAY_FIRST,
    FLOOD_DAY_NEWEST,
    FLOOD_FIRST,
    FLOOD_NEWEST,
    NO_SENDER,
)
from wtg.mail.spool.journal import (
    HELD_AN_ADDRESS,
    HELD_FIRST,
    JOURNAL_FILE,
    MANY_ADDRESSES,
    MESSAGES_KEPT,
)
from wtg.mail.spool.journallists import (
    FloodCount,
    flood_not_kept,
    held_let_go,
    held_mails,
    held_over,
)

STRANGER = "loop@responder.example"
KEPT = FLOOD_FIRST + FLOOD_NEWEST
ARRIVED = datetime.now(timezone.utc).replace(minute=0, second=0, microsecond=0) - timedelta(hours=2)
"""When a flood's first mail arrived: today's hour or yesterday's, as a poll meets a flood (a
few minutes after it, no mail of it crosses midnight)."""
START = int(ARRIVED.timestamp()) * 10**9
FLOOD_DAY = ARRIVED.strftime("%Y-%m-%d")


def kinds(world: World, n: int) -> tuple[str, dict[str, str]]:
    """The ``n``-th mail of a flood, by turns an auto-reply, a question (help) and a form
    of the game with a wrong code: its body and headers."""
    if n % 3 == 0:
        return "I am away until Monday.", {"Auto_Submitted": "auto-replied"}
    if n % 3 == 1:
        return "what is this?", {}
    return world.aof(1, X1="100").replace("CODE0001", "WRONG999"), {}


def flood(world: World, count: int, first: int = 0, sender: str = STRANGER) -> list[str]:
    """``count`` mails from ``sender``, a second apart from ``first``: their keys."""
    keys = []
    for n in range(first, first + count):
        body, headers = kinds(world, n)
        name = world.mail(body, sender=sender, **headers)
        at = START + n * 10**9
        os.utime(world.gm.maildir_in / "new" / name, ns=(at, at))
        keys.append(f"maildir:{name}")
    return keys


def archived(world: World | Path) -> set[str]:
    """The keys of the mails with a copy in the spool's archive (a world's, or a spool)."""
    spool = world if isinstance(world, Path) else world.gm.spool
    return {"maildir:" + path.stem.split("-", 1)[1] for path in spool.glob("archive/*/*.eml")}


def in_folders(world: World | Path) -> set[str]:
    """The keys of the mails in the maildir's processed and rejected folders (a world's, or
    the maildir's)."""
    inbox = world if isinstance(world, Path) else world.gm.maildir_in
    return {
        "maildir:" + path.name.split(":")[0]
        for folder in (".processed", ".rejected")
        for path in (inbox / folder / "cur").iterdir()
    }


def records(spool: Path, table: str = "messages") -> set[str]:
    db = sqlite3.connect(spool / JOURNAL_FILE)
    try:
        return {str(k) for (k,) in db.execute(f"SELECT key FROM {table}")}
    finally:
        db.close()


def test_a_strangers_flood_keeps_its_first_and_newest_copies_and_counts_the_rest(
    tmp_path: Path,
) -> None:
    world = World(tmp_path)
    count = KEPT + 60
    keys = flood(world, count)
    now = datetime.now(timezone.utc)
    summary = poll(world.gm, MaildirInbox(world.gm.maildir_in), now)
    assert summary.seen == count
    kept = set(keys[:FLOOD_FIRST] + keys[-FLOOD_NEWEST:])
    assert archived(world) == kept
    assert in_folders(world) == kept
    assert records(world.gm.spool) == kept
    assert [(c.sender, c.day, c.dropped) for c in flood_not_kept(world.gm.spool, 0)] == [
        (STRANGER, FLOOD_DAY, 60)
    ]

    status = wtg(world, "status")
    assert (
        f"60 mails of a flood not kept in the last 24 hours: of an address, the copies of "
        f"the first {FLOOD_FIRST} and the newest {FLOOD_NEWEST} of a day are kept (of all "
        "the addresses with no seat here together"
    ) in status.stdout
    assert f"  {STRANGER} on {FLOOD_DAY}: 60 not kept" in status.stdout
    data = json.loads(wtg(world, "status", "--json").stdout)
    assert data["flood_not_kept"] == [
        {"sender": STRANGER, "day": FLOOD_DAY, "mails": 60, "at": now.timestamp()}
    ]
    digest = make_digest(world.gm.games_dir, now + timedelta(seconds=1))  # after its second
    assert digest.flood_not_kept == (FloodCount(STRANGER, FLOOD_DAY, 60, now.timestamp()),)
    assert "Mail of a flood not kept (60): of an address, the copies" in digest.text()
    assert f"  {STRANGER} on {FLOOD_DAY}: 60 not kept" in digest.text()
    # the world's game is long past its deadline: the line ends with its turn overdue, and
    # the flood's forms with a wrong code (a third of it: docs/mail.md, "Codes guessed")
    assert digest.line().endswith(", 60 mails of a flood not kept, 1 turn overdue, 33 wrong codes")

    # the flood goes on: the first stay, the newest are the newest of the day
    more = flood(world, 30, first=count)
    again = poll(world.gm, MaildirInbox(world.gm.maildir_in), now)
    assert again.seen == 30
    assert archived(world) == set(keys[:FLOOD_FIRST] + more[-FLOOD_NEWEST:])
    assert in_folders(world) == archived(world)
    assert flood_not_kept(world.gm.spool, 0)[0].dropped == 90


def test_a_held_mail_keeps_its_copies_while_the_held_list_names_it(tmp_path: Path) -> None:
    """A stranger's forms naming games this host does not know: the list of mails held
    names his first ``HELD_FIRST`` and his newest, ``HELD_AN_ADDRESS`` in all, whose copies
    stay; of the others, whose records the list let go, the first and newest of the day keep
    theirs, and their keys stay for `wtg quarantine --release-held` while their copies do."""
    world = World(tmp_path)
    count = KEPT + 60
    keys = []
    for n in range(count):
        keys.append(f"maildir:{world.mail(naming(world, f'nosuch{n:03d}'), sender=STRANGER)}")
        at = START + n * 10**9
        name = keys[-1].split(":", 1)[1]
        os.utime(world.gm.maildir_in / "new" / name, ns=(at, at))
    summary = poll(world.gm, MaildirInbox(world.gm.maildir_in), datetime.now(timezone.utc))
    assert summary.held == count
    listed = {item.key for item in held_mails(world.gm.spool)}
    assert listed == set(keys[:HELD_FIRST] + keys[HELD_FIRST - HELD_AN_ADDRESS :])
    kept = set(keys[:FLOOD_FIRST] + keys[-FLOOD_NEWEST:])
    assert listed <= kept
    assert set(held_let_go(world.gm.spool)) == kept - listed
    assert archived(world) == in_folders(world) == kept
    assert all(Path(item.archive).is_file() for item in held_mails(world.gm.spool))
    assert flood_not_kept(world.gm.spool, 0)[0].dropped == 60
    assert sum(item.mails for item in held_over(world.gm.spool)) == count - HELD_AN_ADDRESS


def test_a_players_code_is_never_let_go(tmp_path: Path) -> None:
    """A stranger's mails with a player's right code (he mails from elsewhere), and his
    own orders from his address, keep every copy however many; so does an address that
    sent no more than the bound. Two processes share the poll (each notes its records for
    the poller)."""
    world = World(tmp_path)
    count = KEPT + 10
    own = [
        mail_at(world, n, world.aof(2, X1=str(100 + n)), "p2@players.example") for n in range(count)
    ]
    coded = [
        mail_at(world, 1000 + n, world.aof(1, X1=str(100 + n)), "p1@elsewhere.example")
        for n in range(count)
    ]
    few = flood(world, KEPT, first=2000, sender="once@stranger.example")
    summary = poll(world.gm, MaildirInbox(world.gm.maildir_in), NOW, jobs=2)
    assert summary.seen == 2 * count + KEPT
    assert not summary.helpers_died
    everything = set(own + coded + few)
    assert archived(world) == everything
    assert in_folders(world) == everything
    assert records(world.gm.spool) == everything
    assert flood_not_kept(world.gm.spool, 0) == []


def test_a_flood_under_a_players_from_keeps_its_first_and_newest(tmp_path: Path) -> None:
    """A From is text: a stranger who wrote a player's address in his From (read on the
    site where the player shares it, or known from another game) escaped every bound,
    since a mail from a seat's address was never let go, and every copy of his flood was
    kept, up to ``mail.max_bytes`` each, until the disk was full. Of a seat's address, the
    mails of a day that held nothing of a player's (no form with a right code, nothing
    filed or set aside) keep the copies of the first ``FLOOD_FIRST`` and the newest
    ``FLOOD_NEWEST``, as any address's; they are never counted in the day's bound of all
    addresses, which a flood of strangers' fills."""
    world = World(tmp_path)
    count = KEPT + 10
    forged = flood(world, count, sender="p2@players.example")
    many = FLOOD_DAY_FIRST + FLOOD_DAY_NEWEST + 5
    strangers = [
        key
        for n in range(many)
        for key in flood(world, 1, first=1000 + n, sender=f"x{n}@d{n % 7}.example")
    ]
    orders = mail_at(world, 5000, world.aof(2, X1="100"), "p2@players.example")
    summary = poll(world.gm, MaildirInbox(world.gm.maildir_in), datetime.now(timezone.utc))
    assert summary.seen == count + many + 1
    kept = set(forged[:FLOOD_FIRST] + forged[-FLOOD_NEWEST:])
    kept |= set(strangers[:FLOOD_DAY_FIRST] + strangers[-FLOOD_DAY_NEWEST:]) | {orders}
    assert archived(world) == kept
    assert in_folders(world) == kept
    counts = {c.sender: c.dropped for c in flood_not_kept(world.gm.spool, 0)}
    assert counts.pop("p2@players.example") == 10
    assert sum(counts.values()) == 5
    assert f"  p2@players.example on {FLOOD_DAY}: 10 not kept" in wtg(world, "status").stdout


def test_a_copy_is_known_within_the_window_and_its_record_goes_after(tmp_path: Path) -> None:
    world = World(tmp_path)
    body = world.aof(1, X1="100")
    first = f"maildir:{world.mail(body, Message_ID='<once@players.example>')}"
    held = mail_at(world, 0, naming(world, "g7"), "p3@players.example")  # his GAME mistyped
    assert world.poll(NOW).filed == 1
    # the sender's server did not hear the first delivery end and delivers it again
    copy = f"maildir:{world.mail(body, Message_ID='<once@players.example>')}"
    later = NOW + timedelta(seconds=MESSAGES_KEPT) - timedelta(hours=1)
    again = world.poll(later)
    assert (again.filed, again.ignored) == (0, 1)
    assert [e.outcome.detail for e in again.events] == [f"a copy of {first}"]
    assert records(world.gm.spool) == {first, held, copy}

    gone = later + timedelta(seconds=MESSAGES_KEPT) + timedelta(hours=2)
    assert world.poll(gone).seen == 0
    # the held mail's record stays with it: the GM lists and releases it
    assert records(world.gm.spool) == {held}
    assert records(world.gm.spool, "held") == {held}


def host_flooded(root: Path, floods: Iterable[tuple[str, int]]) -> Path:
    """A host made at ``root`` whose inbox holds each flood of ``floods`` (its sender and
    how many mails), one after the other a second apart, then a player's question:
    ``root``."""
    world = World(root)
    (root / "wtg.yaml").write_text(f"games_dir: games\nfrom: {GM}\n", encoding="utf-8")
    at = 0
    for sender, count in floods:
        flood(world, count, first=at, sender=sender)
        at += count
    world.mail("how do I move?", sender="p1@players.example")
    return root


@pytest.fixture(scope="module")
def flooded_host(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A host whose inbox holds a flood of ``KEPT + 20`` mails from one stranger, and a
    player's question."""
    return host_flooded(tmp_path_factory.mktemp("host"), [(STRANGER, KEPT + 20)])


def state(root: Path) -> tuple[set[str], set[str], set[str], list[tuple[object, ...]]]:
    """The copies in the archive and the maildir's folders, the mails the journal knows
    as handled, and the counts of mails not kept (without their moment)."""
    spool = root / "games" / ".mail"
    db = sqlite3.connect(spool / JOURNAL_FILE)
    try:
        counts = db.execute("SELECT sender, day, dropped FROM flood_counts").fetchall()
    finally:
        db.close()
    return archived(spool), in_folders(spool / "maildir-in"), records(spool), counts


@dataclass(frozen=True)
class FloodPoll:
    """A flooded host's poll run whole in a copy of it (``whole_poll``), to be killed."""

    root: Path
    """The copy the poll runs in, put back by ``fresh`` before each kill."""
    fresh: Callable[[], None]
    prelude: str
    """Python run before the poll (a bound made smaller)."""
    after: tuple[set[str], set[str], set[str], list[tuple[object, ...]]]
    """What the whole poll left (``state``)."""
    writes: list[str]
    """What each of its writes was."""
    total: int
    """How many writes it made."""

    @property
    def counted(self) -> int:
        """The write that notes the first count of the mails not kept."""
        return next(n for n, what in enumerate(self.writes, 1) if "flood_mails SET dropped" in what)

    def killed(self, points: Iterable[int]) -> int:
        """For each write of ``points``: the host put back, the poll killed (SIGKILL) just
        before that write and what the kill left checked (every copy and record the whole
        poll kept there, the counts all or none), then a poll that finishes, which leaves
        what the whole poll left. How many kills fell where the counts were committed and
        the copies not yet all removed."""
        args = ["--config", str(self.root / "wtg.yaml"), "poll"]
        games = self.root / "games"
        files, folders, handled, counts = self.after
        between = 0
        for at in points:
            self.fresh()
            cut = killpoints.run(args, at, games, prelude=self.prelude)
            assert cut.killed and cut.writes == at - 1, (at, cut)
            files_now, folders_now, handled_now, counts_now = state(self.root)
            assert files <= files_now and folders <= folders_now, (at, cut.before)
            assert handled <= handled_now, (at, cut.before)
            assert counts_now in ([], counts), (at, cut.before)
            between += counts_now == counts and files_now != files
            again = killpoints.count(args, games, prelude=self.prelude)
            assert again.returncode == 0, (at, cut.before, again.stderr)
            assert state(self.root) == self.after, (at, cut.before)
        return between


def whole_poll(host: Path, tmp_path: Path, prelude: str = "") -> FloodPoll:
    """The poll of a copy of ``host`` (in ``tmp_path``) run whole, its writes logged."""
    root = tmp_path / "host"
    fresh = killpoints.restorer(host, root)
    log = tmp_path / "writes.log"
    args = ["--config", str(root / "wtg.yaml"), "poll"]
    ran = killpoints.whole(args, root / "games", fresh, prelude=prelude, log=log)
    return FloodPoll(root, fresh, prelude, state(root), killpoints.written(log), ran.writes)


def test_a_poll_killed_while_it_lets_a_flood_go_loses_nothing_and_is_finished_after(
    flooded_host: Path, tmp_path: Path
) -> None:
    whole = whole_poll(flooded_host, tmp_path)
    files, folders, handled, counts = whole.after
    assert len(files) == len(folders) == len(handled) == KEPT + 1
    assert counts == [(STRANGER, FLOOD_DAY, 20)]
    first = whole.counted
    points = sorted(set(killpoints.points(whole.total - first + 1, 12)) | {1, 2, 3})
    # kills after the count's commit, before every copy was deleted
    assert whole.killed(first + point - 1 for point in points) >= 3, points


def test_a_rejected_mail_whose_record_went_is_released_all_the_same(tmp_path: Path) -> None:
    """A player's mail rejected (a wrong code he has since been told of), whose record the
    journal let go after ``MESSAGES_KEPT``: its release was refused as of a mail the poll
    never handled, while the mail lay in the rejected folder. A key found nowhere is still
    refused so."""
    world = World(tmp_path)
    wrong = "maildir:" + world.mail(world.aof(1, X1="100").replace("CODE0001", "CODE9999"))
    assert world.poll(NOW).rejected == 1
    # the journal notes when a mail was handled by the clock, not by the poll's moment
    later = datetime.now(timezone.utc) + timedelta(seconds=MESSAGES_KEPT, days=1)
    assert world.poll(later).seen == 0
    assert records(world.gm.spool) == set()
    assert in_folders(world) == {wrong}
    said = release(world.gm, wrong, later)
    assert said == f"{wrong}: back in the inbox; the next poll handles it as new"
    assert in_folders(world) == set()
    assert world.poll(later).rejected == 1  # handled again as new: still the wrong code
    with pytest.raises(ReleaseRefused, match="no mail maildir:nothing was handled by the poll"):
        release(world.gm, "maildir:nothing", later)
    with pytest.raises(ReleaseRefused, match="no mail imap:1:2 was handled by the poll"):
        release(world.gm, "imap:1:2", later)


def test_a_game_folder_that_cannot_be_read_keeps_every_copy(tmp_path: Path) -> None:
    """A game the poll cannot open may hold the flooding address's seat: nothing is let
    go while it cannot be read."""
    world = World(tmp_path)
    broken = world.gm.games_dir / "g9"
    broken.mkdir()
    (broken / "game.yaml").write_text("game: g9\nplayers: [\n", encoding="utf-8")
    keys = flood(world, KEPT + 10)
    summary = poll(world.gm, MaildirInbox(world.gm.maildir_in), datetime.now(timezone.utc))
    assert summary.unreadable
    assert archived(world) == in_folders(world) == set(keys)
    assert flood_not_kept(world.gm.spool, 0) == []


def test_a_flood_under_a_new_address_each_mail_keeps_the_days_first_and_newest(
    tmp_path: Path,
) -> None:
    """A From is text: a stranger who writes each mail under another address (any name at
    his own domain, any domain) escaped the bound of one address, and every copy was kept,
    up to ``mail.max_bytes`` each, until the disk was full. Of a day's mails that may go,
    all addresses together, the first ``FLOOD_DAY_FIRST`` and the newest
    ``FLOOD_DAY_NEWEST`` keep their copies; a player's mail is never let go. Those let go
    are counted under ``MANY_ADDRESSES``, one count for all."""
    world = World(tmp_path)
    count = FLOOD_DAY_FIRST + FLOOD_DAY_NEWEST + 30
    keys = [
        key
        for n in range(count)
        for key in flood(world, 1, first=n, sender=f"x{n}@d{n % 7}.example")
    ]
    own = mail_at(world, count + 5, world.aof(1, X1="100"), "p1@players.example")
    summary = poll(world.gm, MaildirInbox(world.gm.maildir_in), datetime.now(timezone.utc))
    assert summary.seen == count + 1
    kept = set(keys[:FLOOD_DAY_FIRST] + keys[-FLOOD_DAY_NEWEST:]) | {own}
    assert archived(world) == kept
    assert in_folders(world) == kept
    # counted as one: a count an address grew the journal by a row a mail (flood39)
    counts = flood_not_kept(world.gm.spool, 0)
    assert [(c.sender, c.dropped) for c in counts] == [(MANY_ADDRESSES, 30)]
    assert f"  {MANY_ADDRESSES} on {FLOOD_DAY}: 30 not kept" in wtg(world, "status").stdout


def test_a_flood_without_a_usable_from_keeps_its_first_and_newest(tmp_path: Path) -> None:
    """A mail whose From no answer can be written to (``a..b@...``, two addresses, none)
    has no sender, and its copies were never let go: a flood of them kept every one. They
    are one sender's, ``NO_SENDER``, under the bounds of an address and of the day."""
    world = World(tmp_path)
    count = KEPT + 25
    keys = flood(world, count, sender="a..b@nowhere.example")
    summary = poll(world.gm, MaildirInbox(world.gm.maildir_in), datetime.now(timezone.utc))
    assert summary.seen == count
    kept = set(keys[:FLOOD_FIRST] + keys[-FLOOD_NEWEST:])
    assert archived(world) == kept
    assert in_folders(world) == kept
    assert [(c.sender, c.dropped) for c in flood_not_kept(world.gm.spool, 0)] == [(NO_SENDER, 25)]
    assert f"  {NO_SENDER} on {FLOOD_DAY}: 25 not kept" in wtg(world, "status").stdout


def test_a_robots_header_that_reads_as_set_aside_is_let_go_all_the_same(tmp_path: Path) -> None:
    """A mail set aside (a player's orders with his right code in a mail that looked
    automatic) is never let go; the poll judged it by the words ``SET ASIDE`` in its
    outcome, which quotes the header that made a mail look automatic, the sender's text:
    ``Auto-Submitted: auto-generated; SET ASIDE`` made every robot's mail of a flood keep
    its copies, however many came."""
    world = World(tmp_path)
    count = KEPT + 10
    keys = []
    for n in range(count):
        name = world.mail("I am away.", sender=STRANGER, Auto_Submitted="auto-generated; SET ASIDE")
        at = START + n * 10**9
        os.utime(world.gm.maildir_in / "new" / name, ns=(at, at))
        keys.append(f"maildir:{name}")
    aside = []  # a player's orders, from a forwarder that marks its mail: every one kept
    for n in range(count):
        name = world.mail(
            world.aof(1, X1=str(100 + n)), sender="fwd@elsewhere.example", Precedence="bulk"
        )
        at = START + (1000 + n) * 10**9
        os.utime(world.gm.maildir_in / "new" / name, ns=(at, at))
        aside.append(f"maildir:{name}")
    summary = poll(world.gm, MaildirInbox(world.gm.maildir_in), datetime.now(timezone.utc))
    assert summary.rejected == 2 * count
    kept = set(keys[:FLOOD_FIRST] + keys[-FLOOD_NEWEST:] + aside)
    assert archived(world) == in_folders(world) == kept
    assert [(c.sender, c.dropped) for c in flood_not_kept(world.gm.spool, 0)] == [(STRANGER, 10)]


def test_a_record_is_stamped_with_the_polls_moment_whatever_the_clock_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The journal stamped a mail's record by the clock (``time.time()``) while the poll
    prunes by its own moment: a clock that stepped between the two (set right by NTP while
    a poll ran, or a test's moment) kept a record past ``MESSAGES_KEPT`` or let it go before.
    It is stamped with the poll's moment, as a mail not answered is in its list."""
    world = World(tmp_path)
    stepped = NOW + timedelta(days=30)  # the clock a month ahead of the poll's moment
    monkeypatch.setattr(journal_module, "time", SimpleNamespace(time=stepped.timestamp))
    filed = f"maildir:{world.mail(world.aof(1, X1='100'))}"
    asked = f"maildir:{world.mail('what is this?', sender=STRANGER)}"
    assert world.poll(NOW).seen == 2
    db = sqlite3.connect(world.gm.spool / JOURNAL_FILE)
    try:
        stamps = dict(db.execute("SELECT key, handled_at FROM messages").fetchall())
    finally:
        db.close()
    assert stamps == {filed: NOW.timestamp(), asked: NOW.timestamp()}
    gone = NOW + timedelta(seconds=MESSAGES_KEPT) + timedelta(hours=1)
    assert world.poll(gone).seen == 0
    assert records(world.gm.spool) == set()
