"""`wtg close-list` killed (SIGKILL) just before each of its writes: the book stays
consistent (the list open and untouched, or closed with the players not yet told still
waiting on it), and the command given again finishes the job: each player who waited is
told once, the codes of JOINs to it no longer count, and the list shows as closed."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests import killpoints
from tests.lobby.hall import Hall, address
from tests.lobby.test_close_list import three_on_wok4
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.lists import find_list, waiting


def test_close_list_killed_between_writes_finishes_when_given_again(tmp_path: Path) -> None:
    template = tmp_path / "template"
    hall = Hall(template)
    three_on_wok4(hall)
    config = hall.config_file()
    args = ["--config", str(tmp_path / "hall" / config.name), "close-list", "wok4"]
    root = tmp_path / "hall"
    restore = killpoints.restorer(template, root)
    whole = killpoints.whole(args, root, restore)
    assert whole.writes >= 4
    for write, _cut in killpoints.cuts(args, root, range(1, whole.writes + 1), restore):
        with LobbyDatabase(root / "games") as book:
            wl = find_list(book, "wok4")
            assert wl is not None
            left = {w.address for w in waiting(book, "wok4")}
            if wl.closed is None:  # killed before its first transaction: nothing changed
                assert left == {address(1), address(2)}, write
                assert len(book.rows("SELECT * FROM pending")) == 1, write
            else:
                assert book.rows("SELECT * FROM pending") == [], write
        again = killpoints.count(args, root)
        assert again.returncode == 0, (write, again.stderr)
        mails = Hall(root, again=True).new_mails()
        told = sorted(m.to for m in mails if m.subject == "waiting list wok4 closed")
        assert told == [address(1), address(2)], write
        with LobbyDatabase(root / "games") as book:
            assert waiting(book, "wok4") == [], write
            assert book.rows("SELECT * FROM pending") == [], write
        lists = killpoints.count([*args[:2], "lists", "--json"], root)
        data = json.loads(lists.stdout)
        assert (data["lists"], [wl["name"] for wl in data["closed"]]) == ([], ["wok4"])
    shutil.rmtree(root)


def test_close_list_of_nobody_killed_before_its_record_finishes_when_given_again(
    tmp_path: Path,
) -> None:
    """A list nobody waits on, its close killed after the book marked it closed and before
    the record of the close (``closed-lists.json``) was on disk: given again, the command
    wrote the record and said the list was closed already, exit 1, as if the GM had closed
    it twice. It finishes the close now (exit 0, "its closing, cut short before,
    finished"); killed after the record, nothing is left to do and it says closed already.
    Every write of a whole run is a kill point."""
    template = tmp_path / "template"
    hall = Hall(template)
    hall.open_list("wok4", map="small", players=4)
    config = hall.config_file()
    root = tmp_path / "hall"
    args = ["--config", str(root / config.name), "close-list", "wok4"]
    record = root / "games" / ".people" / "closed-lists.json"
    restore = killpoints.restorer(template, root)
    whole = killpoints.whole(args, root, restore)
    outcomes: dict[str, int] = {}
    for write, _cut in killpoints.cuts(args, root, range(1, whole.writes + 1), restore):
        with LobbyDatabase(root / "games") as book:
            wl = find_list(book, "wok4")
            assert wl is not None
            closed = wl.closed is not None
        noted = record.exists() and "wok4" in record.read_text(encoding="utf-8")
        again = killpoints.count(args, root)
        if not closed:
            outcome = "open"
            assert (again.returncode, again.stdout) == (
                0,
                "waiting list wok4 closed: 0 players who waited on it told by mail\n",
            ), (write, again.stderr)
        elif not noted:
            outcome = "closed, not recorded"
            assert (again.returncode, again.stdout) == (
                0,
                "waiting list wok4: its closing, cut short before, finished: 0 players who "
                "waited on it told by mail\n",
            ), (write, again.stderr)
        else:
            outcome = "closed and recorded"
            assert again.returncode == 1, (write, again.stdout)
            assert again.stderr.startswith("wtg: waiting list wok4 is closed already"), write
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
        assert "wok4" in json.loads(record.read_text(encoding="utf-8"))["closed"][0]["list"]
        lists = killpoints.count([*args[:2], "lists", "--json"], root)
        data = json.loads(lists.stdout)
        assert (data["lists"], [wl["name"] for wl in data["closed"]]) == ([], ["wok4"])
    print(f"\n{whole.writes} writes, killed before each: {outcomes}")
    assert set(outcomes) == {"open", "closed, not recorded", "closed and recorded"}
    shutil.rmtree(root)
