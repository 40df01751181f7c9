"""A form naming a game this host does not know is held for the GM (test_held_mail.py), and
anyone may send one: the journal kept a record of every such mail until the GM's `wtg
quarantine --forget`, so a stranger's flood grew the table, the GM's `wtg quarantine`
listing and `wtg status --json` by a row a mail (10,000 mails: 10,000 rows, 2.8 MB of
records, a listing of 10,000 lines). The list is bounded now: of one address's mails the
first ``HELD_FIRST`` and the newest are kept, ``HELD_AN_ADDRESS`` in all, of the addresses
with no seat on this host the first ``HELD_STRANGERS_FIRST`` and the newest,
``HELD_STRANGERS`` in all; a player's never go for strangers'. The records let go are
counted and said (`wtg quarantine`, `wtg status`, the digest), their keys kept (`wtg
quarantine --json`); their mails stay in the rejected folder and the archive, and `wtg
quarantine --release KEY` takes them as before, `--release-held` with every mail held (the
newest alone kept, a forger's flood under a player's From pushed his real mail out:
tests/lobby/test_torn_book_forged_flood.py)."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

from click.testing import CliRunner, Result

from tests.mail.loop import GM, NOW, World
from wtg.cli import main
from wtg.mail.outgoing.digest import make_digest
from wtg.mail.poll.poller import poll
from wtg.mail.poll.release import release
from wtg.mail.servers.inbox import MaildirInbox
from wtg.mail.spool.floodcopies import FLOOD_FIRST, FLOOD_NEWEST
from wtg.mail.spool.journal import (
    HELD_AN_ADDRESS,
    HELD_FIRST,
    HELD_STRANGERS,
    HELD_STRANGERS_FIRST,
    JOURNAL_FILE,
    Journal,
)
from wtg.mail.spool.journallists import HeldOver, held_let_go, held_mails, held_over

START = 1_790_000_000 * 10**9
"""The arrival (a maildir file's time, in nanoseconds) of the first mail of a test."""


def mail_at(world: World, second: int, body: str, sender: str) -> str:
    """A mail that arrived ``second`` seconds after ``START`` (its file's time: the order the
    poll reads the inbox in); its key."""
    name = world.mail(body, sender=sender)
    at = START + second * 10**9
    os.utime(world.gm.maildir_in / "new" / name, ns=(at, at))
    return f"maildir:{name}"


def naming(world: World, game: str) -> str:
    """Player 1's filled form, its GAME line naming ``game``."""
    return world.aof(1, X1="100").replace("GAME: g1", f"GAME: {game}")


def rows(world: World) -> int:
    db = sqlite3.connect(world.gm.spool / JOURNAL_FILE)
    try:
        return int(db.execute("SELECT count(*) FROM held").fetchone()[0])
    finally:
        db.close()


def wtg(world: World, *args: str) -> Result:
    config = world.gm.games_dir.parent / "wtg.yaml"
    config.write_text(f"games_dir: games\nfrom: {GM}\n", encoding="utf-8")
    # the config as WTG_CONFIG gives it: the commands it names begin `wtg` alone
    return CliRunner(env={"WTG_CONFIG": str(config)}).invoke(main, [*args])


def test_a_flood_from_one_address_keeps_its_first_and_newest_and_counts_the_rest(
    tmp_path: Path,
) -> None:
    world = World(tmp_path)
    flood = HELD_AN_ADDRESS * 3
    player = mail_at(world, 0, naming(world, "g7"), "p1@players.example")  # his GAME mistyped
    newcomer = mail_at(world, 1, naming(world, "g8"), "new@else.example")  # a game not made yet
    floods = [
        mail_at(world, 2 + n, naming(world, f"nosuch{n:03d}"), "Mallory@Evil.example")
        for n in range(flood)
    ]
    summary = world.poll()
    assert (summary.held, summary.seen) == (flood + 2, flood + 2)
    spool = world.gm.spool
    listed = {item.key: item.game for item in held_mails(spool)}
    newest = flood - (HELD_AN_ADDRESS - HELD_FIRST)
    shown = {key: f"nosuch{n:03d}" for n, key in enumerate(floods) if not HELD_FIRST <= n < newest}
    assert listed == {player: "g7", newcomer: "g8", **shown}
    assert rows(world) == HELD_AN_ADDRESS + 2
    let_go = flood - HELD_AN_ADDRESS
    assert held_over(spool) == [HeldOver("", let_go, NOW.timestamp())]
    # their keys, but of those whose copies the flood's bound of a day let go
    findable = floods[HELD_FIRST:FLOOD_FIRST] + floods[flood - FLOOD_NEWEST : newest]
    assert held_let_go(spool) == findable

    quarantine = wtg(world, "quarantine")
    assert quarantine.exit_code == 0, quarantine.output
    lines = quarantine.stdout.splitlines()  # a mail's path and reason indented under its key
    assert len([line for line in lines if line[:1] != " "]) == HELD_AN_ADDRESS + 3
    assert lines[-1] == (
        f"{let_go} more mails HELD from addresses with no seat here not listed (the first and "
        "the newest are): each is in the rejected folder and the archive (but a flood's beyond "
        "its bound, `wtg status`), `--json` names its key (held_not_listed_keys), and "
        "--release-held takes it with every mail held"
    )
    status = wtg(world, "status")
    assert f"{HELD_AN_ADDRESS + 2} mails held: they name games" in status.stdout
    assert (
        f"{let_go} more mails held are not listed: the list keeps the first {HELD_FIRST} and "
        f"the newest of an address, {HELD_AN_ADDRESS} in all, and {HELD_STRANGERS} of "
        "addresses with no seat here; `wtg quarantine --release-held` puts back every mail "
        "held, these too"
    ) in status.stdout
    data = json.loads(wtg(world, "status", "--json").stdout)
    assert (data["held"], data["held_not_listed"]) == (HELD_AN_ADDRESS + 2, let_go)
    # the keys `wtg quarantine --json` names, as it names them
    assert data["held_not_listed_keys"] == findable
    host = json.loads(wtg(world, "status", "--host", "--json").stdout)
    assert host["held"] == flood + 2
    digest = make_digest(world.gm.games_dir, NOW)
    assert digest.held_not_listed == let_go
    assert f"Mail held and not listed ({let_go}): " in digest.text()

    # a mail whose record went is still the GM's: released (counted no longer), the next
    # poll holds it again, between the first and the newest: let go again, counted again
    between = floods[HELD_FIRST]
    assert release(world.gm, between, NOW).startswith(f"{between}: back in the inbox")
    assert held_over(spool) == [HeldOver("", let_go - 1, NOW.timestamp())]
    assert between not in held_let_go(spool)
    again = world.poll()
    assert (again.seen, again.held) == (1, 1)
    assert between not in {item.key for item in held_mails(spool)}
    assert held_let_go(spool) == findable
    assert held_over(spool) == [HeldOver("", let_go, NOW.timestamp())]
    assert rows(world) == HELD_AN_ADDRESS + 2

    # the count stays while a key it counts is kept; it goes with --forget-all
    forgot = wtg(world, "quarantine", "--forget", newcomer, *(f"--forget={k}" for k in shown))
    assert forgot.stdout == f"{HELD_AN_ADDRESS + 1} records dropped\n"
    assert held_over(spool) == [HeldOver("", let_go, NOW.timestamp())]
    assert [item.key for item in held_mails(spool)] == [player]
    assert wtg(world, "quarantine", "--forget-all").stdout == "1 record dropped\n"
    assert held_over(spool) == [] and held_let_go(spool) == []


def test_a_flood_from_many_addresses_never_pushes_out_a_players_mail(tmp_path: Path) -> None:
    """Every mail from an address of its own (and the poll on two processes, each noting its
    records for the poller to write): the strangers' first ``HELD_STRANGERS_FIRST`` and
    newest stay, ``HELD_STRANGERS`` in all, those between go, counted; the player's mail,
    older than them all, stays."""
    world = World(tmp_path)
    extra = 30
    player = mail_at(world, 0, naming(world, "g7"), "p2@players.example")
    floods = [
        mail_at(world, 1 + n, naming(world, "nosuch"), f"m{n}@flood{n}.example")
        for n in range(HELD_STRANGERS + extra)
    ]
    summary = poll(world.gm, MaildirInbox(world.gm.maildir_in), NOW, jobs=2)
    assert summary.held == HELD_STRANGERS + extra + 1
    assert not summary.helpers_died
    listed = {item.key for item in held_mails(world.gm.spool)}
    assert listed == {
        player,
        *floods[:HELD_STRANGERS_FIRST],
        *floods[HELD_STRANGERS_FIRST + extra :],
    }
    # their copies, between the day's first and newest of every address, go with the flood
    # (tests/mail/test_flood_copies.py), and their keys with them: nothing to release
    assert held_let_go(world.gm.spool) == []
    assert rows(world) == HELD_STRANGERS + 1
    assert held_over(world.gm.spool) == [HeldOver("", extra, NOW.timestamp())]
    forgot = wtg(world, "quarantine", "--forget-all")
    assert forgot.stdout == f"{HELD_STRANGERS + 1} records dropped\n"
    assert held_over(world.gm.spool) == [] and held_mails(world.gm.spool) == []
    assert wtg(world, "quarantine").stdout == "no mail quarantined or held\n"


def test_a_players_own_flood_is_bounded_and_counted_under_his_address(tmp_path: Path) -> None:
    """A player's address (anyone may forge it) keeps its first and newest
    ``HELD_AN_ADDRESS`` too, counted apart from the strangers', with his address."""
    world = World(tmp_path)
    for n in range(HELD_AN_ADDRESS + 2):
        mail_at(world, n, naming(world, f"g{n + 10}"), "P3@players.example")
    assert world.poll().held == HELD_AN_ADDRESS + 2
    assert held_over(world.gm.spool) == [HeldOver("p3@players.example", 2, NOW.timestamp())]
    said = wtg(world, "quarantine").stdout.splitlines()[-1]
    assert said.startswith("2 more mails HELD from p3@players.example not listed")


def test_a_journal_of_an_older_wtg_gets_the_columns_and_its_records_count_as_the_first(
    tmp_path: Path,
) -> None:
    """A journal whose list of mails held was made before its bound: opened, its records
    stay listed, as strangers' of no known arrival: the first, which a flood never lets go
    (those after them go)."""
    spool = tmp_path / "spool"
    spool.mkdir()
    db = sqlite3.connect(spool / JOURNAL_FILE)
    db.execute(
        "CREATE TABLE held (key TEXT PRIMARY KEY, game TEXT, archive TEXT NOT NULL, "
        "reason TEXT NOT NULL, at REAL NOT NULL)"
    )
    db.executemany(
        "INSERT INTO held VALUES (?, 'g9', 'a.eml', 'unknown game', 1.0)",
        [(f"old{n}",) for n in range(3)],
    )
    db.commit()
    db.close()
    journal = Journal(spool)
    assert [item.key for item in held_mails(spool)] == ["old0", "old1", "old2"]
    for n in range(HELD_STRANGERS - 1):
        journal.held(
            f"new{n:03d}", "g9", "b.eml", "unknown game", 2.0, f"s{n}@x.example", False, f"{n:03d}"
        )
    journal.commit()
    assert held_over(spool) == [HeldOver("", 2, 2.0)]
    first = HELD_STRANGERS_FIRST - 3
    assert [item.key for item in held_mails(spool)][: first + 4] == [
        "old0",
        "old1",
        "old2",
        *(f"new{n:03d}" for n in range(first)),
        f"new{first + 2:03d}",
    ]
    assert held_let_go(spool) == [f"new{first:03d}", f"new{first + 1:03d}"]
    journal.close()
