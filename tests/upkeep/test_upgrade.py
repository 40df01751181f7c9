"""Issue 27, item 5: every game folder and the lobby's book carry a format number; a host of
today's format 1 (tests/fixtures/format1, made by the wtg of that time) is read as it is,
never written before `wtg upgrade`, and upgraded in place after a copy of it; the turn then
run is the turn the older wtg ran; a folder of a newer format is refused by every command;
`wtg upgrade --check` changes nothing and says by its exit status what there is to do."""

from __future__ import annotations

import contextlib
import json
import sqlite3
import tarfile
from datetime import datetime, timezone
from pathlib import Path
from types import SimpleNamespace

import pytest
from click.testing import CliRunner, Result

from tests.conftest import players
from tests.lobby.hall import Hall, address
from tests.shipped import WOK4
from tests.upkeep.formats import (
    BOOK,
    FIXTURE,
    TURN_3_AT,
    assert_turn_3_as_format_1_wrote,
    book_rows,
    old_host,
    tree,
    user_version,
    without_added,
)
from wtg.cli import main
from wtg.cli.demo import filled_aof
from wtg.files import private
from wtg.files.store import (
    FORMAT,
    FolderFormat,
    FormatRefused,
    GameStore,
    read_format,
    record_format,
)
from wtg.game.engine import create_game, open_game
from wtg.lobby.database import ADDED_TABLES, BOOK_FORMAT, LobbyDatabase, book_format
from wtg.upkeep import locks
from wtg.upkeep import upgrade as upgrading
from wtg.upkeep.copies import UPGRADES
from wtg.upkeep.upgrade import HostUpgrade, Outcome, formats_problem

NOW = datetime(2026, 12, 2, 9, 30, tzinfo=timezone.utc)
NEWER = "made by a newer wtg (format 3); this wtg reads up to 2: upgrade wtg"
OLDER = "format 1, this wtg writes format 2: run `wtg upgrade`"


def wtg(games: Path, *args: str) -> Result:
    # the folder as WTG_GAMES_DIR gives it: the commands it names begin `wtg` alone
    return CliRunner(env={"WTG_GAMES_DIR": str(games)}).invoke(main, [*args])


def test_the_fixture_is_a_host_of_format_1(tmp_path: Path) -> None:
    """What the other tests rely on: no number anywhere, as the older wtg left it. Read from
    a copy: opening the fixture's book where it is would leave its -wal and -shm beside it, in
    the checkout, while another worker copies the folder."""
    games = old_host(tmp_path)
    assert not (games / "g1" / "format").exists()
    assert read_format(games / "g1") == FolderFormat(1)
    assert user_version(games / BOOK) == 0
    assert book_format(games) == 1
    assert sorted(p.name for p in (FIXTURE / "expected").iterdir()) == ["0003"]


def test_what_this_wtg_makes_is_of_its_format(tmp_path: Path) -> None:
    made = create_game(tmp_path / "g2", "wok4", "small", players(2), seed=1)
    assert (made.store.root / "format").read_text() == f"{FORMAT}\n" == "2\n"
    with LobbyDatabase(tmp_path) as book:
        assert book.format == BOOK_FORMAT == 2
    assert user_version(tmp_path / BOOK) == 2
    assert formats_problem(tmp_path) is None


def test_upgrade_changes_nothing_but_the_numbers_and_the_turn_is_the_older_wtgs(
    tmp_path: Path,
) -> None:
    """The folder upgraded: format 2, every other file as it was, the book's rows as they
    were (the tables added since made, empty); then turn 3 runs to the very bytes the wtg
    of format 1 wrote on a copy of it, its reports and forms to the very words (the form's
    prose is wrapped to 72 columns since; the province tables of its reports, whose columns
    were put in line since, and their BORDERS, which name each neighbour since, are held in
    the expected reports as this wtg writes them)."""
    games = old_host(tmp_path)
    before, rows = tree(games / "g1"), book_rows(games / BOOK)

    done = wtg(games, "upgrade")

    assert done.exit_code == 0, done.output
    lines = done.stdout.splitlines()
    assert lines[0].startswith("g1: format 1 -> 2, a copy before: g1-format1-20")
    assert lines[1].startswith("the lobby's book: format 1 -> 2, a copy before: people.sqlite-")
    assert lines[2] == (
        "wtg upgrade: 1 game folder (g1) and the lobby's book upgraded to format 2 (a copy "
        f"of each before, in {games / UPGRADES})"
    )
    assert tree(games / "g1") == {**before, "format": b"2\n"}
    now = book_rows(games / BOOK)
    assert without_added(now) == rows
    assert len(now) - len(rows) == len(ADDED_TABLES) == 1, now  # made, empty
    assert user_version(games / BOOK) == 2
    assert formats_problem(games) is None

    turn = open_game(games / "g1").run_turn(now=TURN_3_AT)
    assert turn == 3
    assert_turn_3_as_format_1_wrote(tree(games / "g1" / "turns" / "0003"))


def test_the_copies_before_hold_the_host_as_it_was(tmp_path: Path) -> None:
    games = old_host(tmp_path)
    before, rows = tree(games / "g1"), book_rows(games / BOOK)
    run = HostUpgrade(games, NOW)
    assert [d.outcome for d in run.upgrades()] == [Outcome.UPGRADED, Outcome.UPGRADED]

    copies = games / UPGRADES
    names = sorted(p.name for p in copies.iterdir())
    assert names == [
        "g1-format1-20261202T093000Z.tar.gz",
        "people.sqlite-format1-20261202T093000Z",
    ]
    assert private.is_private(copies) and all(private.is_private(p) for p in copies.iterdir())
    with tarfile.open(copies / names[0]) as tar:
        kept = {
            m.name.removeprefix("g1/"): tar.extractfile(m).read()  # type: ignore[union-attr]
            for m in tar.getmembers()
            if m.isfile()
        }
    assert kept == before  # the lock file aside, every file, before the number was written
    assert book_rows(copies / names[1]) == rows
    assert user_version(copies / names[1]) == 0


def test_an_old_host_is_read_as_it_is_and_written_by_no_command(tmp_path: Path) -> None:
    games = old_host(tmp_path)
    config = Hall(tmp_path, again=True).config_file()
    before, rows = tree(games), book_rows(games / BOOK)

    for reading in (["status"], ["report", "g1", "--player", "1"], ["lists"], ["topten", "g1"]):
        assert wtg(games, *reading).exit_code == 0, reading
    assert "turn 3: 3 of 3 orders in" in wtg(games, "status").stdout

    aof = tmp_path / "aof.txt"
    aof.write_text(open_game(games / "g1").aof(1), encoding="utf-8")
    for writing in (
        ["run-turn", "g1", "--now"],
        ["orders", "g1", str(aof)],
        ["hold", "g1"],
        ["release", "g1"],
        ["rollback", "g1", "--to", "1"],
        ["open-list", "wisk"],
    ):
        refused = CliRunner().invoke(main, ["--config", str(config), *writing])
        assert refused.exit_code == 1, writing
        given = OLDER.replace("`wtg upgrade`", f"`wtg --config {config} upgrade`")  # as given
        assert refused.stderr.strip().endswith(given), (writing, refused.stderr)
    assert wtg(games, "run-turn", "g1", "--now").stderr == f"wtg: {games / 'g1'}: {OLDER}\n"
    opened = wtg(games, "--config", str(config), "open-list", "wisk").stderr
    assert opened == f"wtg: the lobby's book {games / BOOK}: {given}\n"
    assert tree(games) == before
    assert book_rows(games / BOOK) == rows


def test_mail_for_an_old_host_waits_in_the_inbox_until_the_upgrade(tmp_path: Path) -> None:
    """Nothing a player sent is lost: orders for a game of format 1 and a command to the
    lobby of a book of format 1 are left in the inbox, saying why; after `wtg upgrade` the
    next poll files the orders and answers the command."""
    games = old_host(tmp_path)
    hall = Hall(tmp_path, again=True)
    hall.mail("ann@example.org", filled_aof(open_game(games / "g1").typed(WOK4), 1))
    # a name no seat of g1 plays under (Ann, Bob, Cid): such a JOIN is refused at once
    hall.mail(address(2), "JOIN wok4 AS Dora")
    before = tree(games / "g1")

    waited = hall.poll()

    assert (waited.seen, waited.skipped, waited.filed) == (2, 2, 0), waited
    reasons = sorted(outcome for _, outcome in waited.outcomes)
    assert reasons[0] == f"later: {games / 'g1'}: {OLDER}"
    assert reasons[1] == f"later: the lobby's book {games / BOOK}: {OLDER}"
    assert len(list((hall.gm.maildir_in / "new").iterdir())) == 2
    assert tree(games / "g1") == before

    assert wtg(games, "upgrade").exit_code == 0
    done = hall.poll(hours=1)

    assert (done.seen, done.skipped, done.filed) == (2, 0, 1), done
    assert list((hall.gm.maildir_in / "new").iterdir()) == []
    assert [o.split(":")[0] for _, o in done.outcomes] == ["stored", "answered"]
    (answer,) = hall.new_mails(address(2))
    assert answer.code()  # the JOIN asked to CONFIRM


def test_cron_s_quiet_poll_says_the_mail_left_for_the_upgrade(tmp_path: Path) -> None:
    """Cron's `wtg poll -q` said nothing of the mail it left in the inbox for a game or a
    book of an older format: the players' orders and JOINs waited, unanswered, without a
    word, until the GM happened to run `wtg upgrade`. It says its line, which counts them
    as mails waiting for a mend (a game.yaml to mend says the same), by game and book, and
    a line for each that says what to do: `wtg upgrade`."""
    games = old_host(tmp_path)
    hall = Hall(tmp_path, again=True)
    config = hall.config_file()
    hall.mail("ann@example.org", filled_aof(open_game(games / "g1").typed(WOK4), 1))
    hall.mail(address(2), "JOIN wok4 AS Dora")

    polled = CliRunner().invoke(main, ["--config", str(config), "poll", "-q"])
    given = OLDER.replace("`wtg upgrade`", f"`wtg --config {config} upgrade`")  # as given

    assert (polled.exit_code, polled.stderr) == (0, ""), polled.output
    assert polled.stdout == (
        "filed 0, rejected 0, quarantined 0, ignored 0, left for the next poll 2 (waiting for "
        "a mend: g1 1, the lobby's book 1)\n"
        # what to do, as `run-turn --due` and `check-config` say it (round 42: the line
        # above alone, which named no command)
        f"  waiting for a mend: {games / 'g1'}: {given}\n"
        f"  waiting for a mend: the lobby's book {games / BOOK}: {given}\n"
    )
    assert len(list((hall.gm.maildir_in / "new").iterdir())) == 2


def test_status_says_what_waits_for_the_upgrade(tmp_path: Path) -> None:
    """`wtg status` showed a game of an older format as any other, its players "NO ORDERS
    YET" while their orders waited in the inbox, and nothing said to run `wtg upgrade`; it
    marks the game and says why, of the book too, and `--json` gives it."""
    games = old_host(tmp_path)
    waits = "(until then no turn runs and its mail waits in the inbox)"
    book_waits = "(until then the commands players mail that change it, as JOIN, wait in the inbox)"

    every = wtg(games, "status").stdout.splitlines()
    one = wtg(games, "status", "g1").stdout.splitlines()
    listing = json.loads(wtg(games, "status", "--json").stdout)
    (entry,) = listing["games"]

    assert every[0].startswith("g1 ") and ", NOT UPGRADED" in every[0], every
    assert f"NOT UPGRADED: game g1: format 1: `wtg upgrade` makes it 2 {waits}" in every
    assert f"NOT UPGRADED: the lobby's book: format 1: `wtg upgrade` makes it 2 {book_waits}" in (
        every
    )
    assert f"NOT UPGRADED: format 1: `wtg upgrade` makes it 2 {waits}" in one
    assert entry["not_upgraded"] == f"format 1: `wtg upgrade` makes it 2 {waits}"
    assert listing["book_not_upgraded"].startswith("the lobby's book: format 1: ")

    assert wtg(games, "upgrade").exit_code == 0
    assert "UPGRADED" not in wtg(games, "status").stdout + wtg(games, "status", "g1").stdout
    listing = json.loads(wtg(games, "status", "--json").stdout)
    assert (listing["games"][0]["not_upgraded"], listing["book_not_upgraded"]) == (None, None)


def newer(games: Path) -> None:
    """g1 and the book as a wtg of format 3 would leave them."""
    record_format(games / "g1", FolderFormat(3))
    db = sqlite3.connect(games / BOOK)
    db.execute("PRAGMA user_version = 3")
    db.commit()
    db.close()


def test_a_folder_of_a_newer_format_is_refused_by_every_command(tmp_path: Path) -> None:
    games = old_host(tmp_path)
    assert wtg(games, "upgrade").exit_code == 0
    newer(games)
    before = tree(games)

    ran = wtg(games, "run-turn", "g1", "--now")
    assert (ran.exit_code, ran.stderr) == (1, f"wtg: {games / 'g1'}: {NEWER}\n")
    report = wtg(games, "report", "g1", "--player", "1")
    assert (report.exit_code, report.stderr) == (1, f"wtg: {games / 'g1'}: {NEWER}\n")
    assert f"{games / 'g1'}: cannot be read, skipped: {games / 'g1'}: {NEWER}" in (
        wtg(games, "status").output
    )
    lists = wtg(games, "lists")
    assert (lists.exit_code, lists.stderr) == (
        1,
        f"wtg: the lobby's book {games / BOOK}: {NEWER}\n",
    )

    upgraded = wtg(games, "upgrade")
    assert upgraded.exit_code == 1
    assert upgraded.stderr.splitlines() == [f"g1: {NEWER}", f"the lobby's book: {NEWER}"]
    assert upgraded.stdout.splitlines() == ["wtg upgrade: nothing upgraded; 2 refused"]
    assert formats_problem(games) == f"g1: {NEWER} (and 1 more)"
    assert tree(games) == before


def test_mail_for_a_folder_of_a_newer_format_waits_in_the_inbox(tmp_path: Path) -> None:
    """Not held as a form of a game this host does not know: left for a poll of a wtg that
    reads it, and said why."""
    games = old_host(tmp_path)
    hall = Hall(tmp_path, again=True)
    assert wtg(games, "upgrade").exit_code == 0
    hall.mail("ann@example.org", filled_aof(open_game(games / "g1").typed(WOK4), 1))
    record_format(games / "g1", FolderFormat(3))
    waited = hall.poll()
    assert (waited.seen, waited.skipped, waited.held) == (1, 1, 0), waited
    assert [o for _, o in waited.outcomes] == [f"later: {games / 'g1'}: {NEWER}"]
    assert len(list((hall.gm.maildir_in / "new").iterdir())) == 1

    record_format(games / "g1", FolderFormat(2, 3))  # a newer wtg's upgrade, cut short
    waited = hall.poll()
    assert waited.skipped == 1
    assert [o for _, o in waited.outcomes] == [f"later: {games / 'g1'}: {NEWER}"]


def test_upgrade_check_changes_nothing_and_says_by_its_exit_status(tmp_path: Path) -> None:
    """0: nothing to do; 1: something to upgrade; 2: something this wtg cannot upgrade."""
    games = old_host(tmp_path)
    before = tree(games)

    check = wtg(games, "upgrade", "--check")
    assert check.exit_code == 1
    assert check.stdout.splitlines() == [
        "g1: format 1: `wtg upgrade` makes it 2",
        "the lobby's book: format 1: `wtg upgrade` makes it 2",
        "wtg upgrade --check: 1 game folder and the lobby's book to upgrade, 0 this wtg cannot "
        "upgrade, 0 at format 2 already (nothing changed)",
    ]
    assert tree(games) == before
    assert not (games / UPGRADES).exists()

    assert wtg(games, "upgrade").exit_code == 0
    check = wtg(games, "upgrade", "--check")
    assert (check.exit_code, check.stdout.splitlines()[-1]) == (
        0,
        "wtg upgrade --check: 0 to upgrade, 0 this wtg cannot upgrade, 1 game folder at format 2 "
        "and the lobby's book at format 2 already (nothing changed)",
    )
    assert wtg(games, "upgrade").stdout == (
        "wtg upgrade: nothing upgraded; 1 game folder at format 2 and the lobby's book at format "
        "2 already\n"
    )

    record_format(games / "g1", FolderFormat(3))
    check = wtg(games, "upgrade", "--check")
    assert (check.exit_code, check.stdout.splitlines()[0]) == (2, f"g1: {NEWER}")
    (games / "g1" / "format").write_text("two\n", encoding="utf-8")
    check = wtg(games, "upgrade", "--check")
    assert check.exit_code == 2
    assert check.stdout.startswith("g1: skipped: ")
    assert "holds no format number ('two')" in check.stdout


def test_serve_is_told_what_keeps_the_host_from_running(tmp_path: Path) -> None:
    games = old_host(tmp_path)
    assert formats_problem(games) == (
        "1 game folder (g1) and the lobby's book of an older format than this wtg's: run "
        "`wtg upgrade`"
    )
    assert wtg(games, "upgrade").exit_code == 0
    assert formats_problem(games) is None


def test_a_game_being_written_is_waited_for_then_skipped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another process holds g1's lock for longer than the wait: g1 is skipped with a line
    and left as it was, the book is upgraded; the next `wtg upgrade` takes g1."""
    games = old_host(tmp_path)
    before = tree(games / "g1")
    slept: list[float] = []
    clock = iter(range(1000))
    fake = SimpleNamespace(monotonic=lambda: float(next(clock)))
    for module in (upgrading, locks):  # the wait's deadline, then the wait
        monkeypatch.setattr(module, "time", fake)
    monkeypatch.setattr(locks, "pause_for", slept.append)
    with GameStore(games / "g1").lock(upgrading=True):  # as another process holds it
        run = HostUpgrade(games, NOW, wait=5)
        done = list(run.upgrades())
    assert [(d.name, d.outcome) for d in done] == [
        ("g1", Outcome.SKIPPED),
        ("the lobby's book", Outcome.UPGRADED),
    ]
    assert done[0].line == "g1: skipped: another process kept writing it for 5 s"
    assert slept and sum(slept) <= 5
    assert run.line().endswith("; 1 skipped (`wtg upgrade` again takes those skipped)")
    assert not run.ok
    assert tree(games / "g1") == before

    again = list(HostUpgrade(games, NOW).upgrades())
    assert [d.outcome for d in again] == [Outcome.UPGRADED, Outcome.CURRENT]
    assert read_format(games / "g1") == FolderFormat(2)


def test_a_game_let_go_during_the_wait_is_upgraded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    games = old_host(tmp_path)
    holder = contextlib.ExitStack()
    holder.enter_context(GameStore(games / "g1").lock(upgrading=True))
    fake = SimpleNamespace(monotonic=lambda: 0.0)
    for module in (upgrading, locks):
        monkeypatch.setattr(module, "time", fake)
    monkeypatch.setattr(locks, "pause_for", lambda _: holder.close())
    done = list(HostUpgrade(games, NOW).upgrades())
    assert [d.outcome for d in done] == [Outcome.UPGRADED, Outcome.UPGRADED]
    assert read_format(games / "g1") == FolderFormat(2)


def test_an_unreadable_format_file_is_named_and_the_others_go_on(tmp_path: Path) -> None:
    games = old_host(tmp_path)
    (games / "g1" / "format").write_bytes(b"\xff\xfe3")
    upgraded = wtg(games, "upgrade")
    assert upgraded.exit_code == 1
    (line,) = upgraded.stderr.splitlines()
    assert line.startswith(f"g1: skipped: {games / 'g1' / 'format'} holds no format number")
    assert upgraded.stdout.splitlines()[-1].startswith(
        "wtg upgrade: the lobby's book upgraded to format 2"
    )
    assert formats_problem(games) is None  # the scans name it, as any folder they cannot open


def test_a_folder_made_newer_during_the_wait_is_refused_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its lock refuses it for its format, not for another writer: waiting will not change
    that, so g1 is refused with the reason at once and the book still upgraded."""
    games = old_host(tmp_path)
    slept: list[float] = []
    monkeypatch.setattr(locks, "time", SimpleNamespace(monotonic=lambda: 0.0))
    monkeypatch.setattr(locks, "pause_for", slept.append)

    def newer(self: GameStore, upgrading: bool = False) -> None:
        raise FormatRefused(f"{self.root}: {NEWER}")

    monkeypatch.setattr(GameStore, "lock", newer)
    done = list(HostUpgrade(games, NOW).upgrades())
    assert [(d.name, d.outcome) for d in done] == [
        ("g1", Outcome.REFUSED),
        ("the lobby's book", Outcome.UPGRADED),
    ]
    assert done[0].line == f"g1: {games / 'g1'}: {NEWER}"
    assert slept == []
