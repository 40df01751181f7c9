"""A torn lobby's book holds every mail of commands for the GM (test_torn_book_poll.py),
and the list of mails held is bounded by address (tests/mail/test_held_floods.py). A
From is text: with the book torn, Ann's real JOIN was held, then a forger sent 25 command
mails under her From; the list kept the newest 20 of an address, so her JOIN's record
went (counted, its key in the poll's log alone), and once the book was restored the GM
released the 20 forged mails the list showed and never her JOIN, which lay in the
rejected folder with nothing naming it. Now the list keeps an address's first 10 and its
newest 10 (her JOIN, the first, stays listed), the keys of those between are kept
(``held_let_go``, `wtg quarantine --json`'s ``held_not_listed_keys``), and `wtg quarantine
--release-held` puts back every mail held, listed or not, finishing a release cut short:
killed between any two of its writes and given again, every mail is back in the inbox
once, and the next poll takes Ann's JOIN into the lobby."""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
from datetime import timedelta
from pathlib import Path

import pytest

from tests import killpoints
from tests.mail.loop import NOW, World
from tests.mail.test_held_floods import mail_at, wtg
from wtg.lobby.database import FILE, FOLDER, LobbyDatabase
from wtg.lobby.lists import add_list
from wtg.lobby.start import checked_list
from wtg.mail.spool.journal import HELD_AN_ADDRESS, HELD_FIRST, JOURNAL_FILE
from wtg.mail.spool.journallists import HeldOver, held_let_go, held_mails, held_over

ANN = "ann@elsewhere.example"
FORGED = 25
"""The forger's command mails under Ann's From, after her JOIN."""


def torn_then_forged(world: World) -> tuple[str, list[str], bytes]:
    """A host with a waiting list whose book is torn; Ann's JOIN polled (held), then the
    forger's mails polled (held): her JOIN's key, the forged ones' (oldest first) and the
    book as it was whole, for the GM to put back."""
    with LobbyDatabase(world.gm.games_dir) as book:
        add_list(book, checked_list("wok4", None, None, 3, "any", None, None, None, NOW))
    path = world.gm.games_dir / FOLDER / FILE
    whole = path.read_bytes()
    path.write_bytes(b"written over " * 1000)
    join = mail_at(world, 0, "JOIN wok4 AS Ann", ANN)
    assert world.poll().held == 1
    forged = [mail_at(world, 1 + n, "LIST", ANN) for n in range(FORGED)]
    assert world.poll(NOW + timedelta(minutes=5)).held == FORGED
    return join, forged, whole


def rows(spool: Path, table: str) -> int:
    db = sqlite3.connect(spool / JOURNAL_FILE)
    try:
        return int(db.execute(f"SELECT count(*) FROM {table}").fetchone()[0])
    finally:
        db.close()


def waiting(world: World) -> list[tuple[str, str]]:
    """The lobby's requests waiting for a CONFIRM: kind and address."""
    with LobbyDatabase(world.gm.games_dir) as book:
        return [(r["kind"], r["address"]) for r in book.rows("SELECT * FROM pending")]


def test_forged_mails_cannot_push_a_real_held_join_out_and_release_held_brings_it(
    tmp_path: Path,
) -> None:
    world = World(tmp_path)
    join, forged, whole = torn_then_forged(world)
    spool = world.gm.spool

    let_go = forged[HELD_FIRST - 1 : FORGED - (HELD_AN_ADDRESS - HELD_FIRST)]
    listed = [item.key for item in held_mails(spool)]
    assert join in listed  # the first of her address: kept, whatever came after it
    assert all("`--release-held` every mail held" in item.reason for item in held_mails(spool))
    assert sorted(listed) == sorted({join, *forged} - set(let_go))
    assert (rows(spool, "held"), rows(spool, "held_let_go")) == (HELD_AN_ADDRESS, len(let_go))
    assert held_let_go(spool) == let_go
    (over,) = held_over(spool)
    assert (over.sender, over.mails) == ("", len(let_go))
    shown = wtg(world, "quarantine")
    assert shown.stdout.splitlines()[-1].startswith(
        f"{len(let_go)} more mails HELD from addresses with no seat here not listed (the first "
        "and the newest are)"
    )
    assert "--release-held" in shown.stdout
    data = json.loads(wtg(world, "quarantine", "--json").stdout)
    assert (data["held"], data["held_not_listed_keys"]) == (HELD_AN_ADDRESS, let_go)
    assert "--release-held" in wtg(world, "status").stdout

    (world.gm.games_dir / FOLDER / FILE).write_bytes(whole)  # the GM restores the book
    released = wtg(world, "quarantine", "--release-held")
    assert released.exit_code == 0, released.output
    # one line for all: a line a mail was thousands of a flood held
    assert released.stdout == (
        f"{FORGED + 1} mails back in the inbox; the next poll handles each as new\n"
    )
    assert mails_in(world.gm.maildir_in)[".rejected"] == []
    again = world.poll(NOW + timedelta(minutes=10))

    assert (again.seen, again.held) == (FORGED + 1, 0)
    assert waiting(world) == [("join", ANN)]
    assert held_mails(spool) == [] and held_let_go(spool) == [] and held_over(spool) == []
    assert wtg(world, "quarantine", "--release-held").stdout == "no mail held: nothing to release\n"


def test_a_players_held_form_stays_listed_past_a_forged_flood_under_his_address(
    tmp_path: Path,
) -> None:
    """The older case of the same kind: a player's form naming a game this host does not
    know (mistyped), then forms under his From naming others: his stays listed."""
    world = World(tmp_path)
    form = world.aof(2, X1="100").replace("GAME: g1", "GAME: g7")
    real = mail_at(world, 0, form, "p2@players.example")
    forged = [
        mail_at(world, 1 + n, form.replace("g7", f"x{n}"), "p2@players.example")
        for n in range(FORGED)
    ]
    assert world.poll().held == FORGED + 1
    spool = world.gm.spool
    assert real in [item.key for item in held_mails(spool)]
    let_go = forged[HELD_FIRST - 1 : FORGED - (HELD_AN_ADDRESS - HELD_FIRST)]
    assert held_over(spool) == [HeldOver("p2@players.example", len(let_go), NOW.timestamp())]
    assert held_let_go(spool) == let_go


def test_forget_all_drops_the_keys_let_go_and_forget_key_its_own(tmp_path: Path) -> None:
    world = World(tmp_path)
    _join, forged, _whole = torn_then_forged(world)
    spool = world.gm.spool
    let_go = held_let_go(spool)
    assert wtg(world, "quarantine", "--forget", let_go[0]).exit_code != 0  # not listed
    listed = forged[-1]
    assert wtg(world, "quarantine", "--forget", listed).stdout == "1 record dropped\n"
    assert held_let_go(spool) == let_go
    dropped = wtg(world, "quarantine", "--forget-all")
    assert dropped.stdout == f"{HELD_AN_ADDRESS - 1} records dropped\n"
    assert held_let_go(spool) == [] and held_over(spool) == []


@pytest.fixture(scope="module")
def restored(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A host (its config, wtg.yaml, in it) whose torn book held Ann's JOIN and the 25
    forged mails, the book put back since; and her JOIN's key."""
    root = tmp_path_factory.mktemp("restored")
    world = World(root)
    join, _forged, whole = torn_then_forged(world)
    (world.gm.games_dir / FOLDER / FILE).write_bytes(whole)
    (root / "wtg.yaml").write_text("games_dir: games\nfrom: gm@wtg.example\n")
    return root, join


def mails_in(inbox: Path) -> dict[str, list[str]]:
    """The mails of each folder of the maildir: '' (the inbox), '.rejected', '.processed'."""
    return {
        box: sorted(
            path.name.split(":")[0]
            for sub in ("new", "cur")
            for path in (inbox / box / sub).glob("*")
        )
        for box in ("", ".rejected", ".processed")
    }


def test_release_held_killed_between_any_two_writes_then_given_again(
    restored: tuple[Path, str], tmp_path: Path
) -> None:
    host = tmp_path / "host"

    def copy() -> list[str]:
        shutil.rmtree(host, ignore_errors=True)
        shutil.copytree(restored[0], host)
        return ["--config", str(host / "wtg.yaml")]

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return killpoints.wtg(["--config", str(host / "wtg.yaml"), *args])

    inbox = host / "games" / ".mail" / "maildir-in"
    config = copy()
    every = mails_in(inbox)[".rejected"]
    assert len(every) == FORGED + 1
    args = [*config, "quarantine", "--release-held"]
    whole = killpoints.count(args, host / "games")
    assert whole.returncode == 0, whole.stderr
    for at in killpoints.points(whole.writes, 6):
        copy()
        cut = killpoints.run(args, at, host / "games")
        assert cut.killed and cut.writes == at - 1, (at, cut)
        found = mails_in(inbox)
        assert sorted(found[""] + found[".rejected"]) == every, at  # none lost, none twice
        again = run("quarantine", "--release-held")
        assert again.returncode == 0, (at, again.stderr)
        assert mails_in(inbox) == {"": every, ".rejected": [], ".processed": []}, at
        listing = json.loads(run("quarantine", "--json").stdout)
        assert (listing["held"], listing["held_not_listed_keys"]) == (0, []), at
        assert listing["releases_cut_short"] == [], at
        polled = run("poll")
        assert polled.returncode == 0, (at, polled.stderr)
        with LobbyDatabase(host / "games") as book:
            asked = [(r["kind"], r["address"]) for r in book.rows("SELECT * FROM pending")]
        assert asked == [("join", ANN)], at
