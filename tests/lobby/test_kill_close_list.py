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
