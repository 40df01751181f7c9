"""Killing `wtg run-turn --due` (SIGKILL) before any of its writes while it takes a player
off a waiting list whose game he cannot play (a colour of his name reading as another's),
then running it again: he is off the list, told by mail once (the same mail, queued on
disk before he is taken off, never a second), and the other player waits on."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests import killpoints
from tests.lobby.hall import GM, Hall
from tests.lobby.test_colours_of_an_older_name import duel_list_full
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.lists import waiting

KILLS = 16


def _template(root: Path) -> None:
    """Ann (whose colours read as AnnA, an older person's name) and Bob on a duel's list,
    full: the next due run makes its game, and takes Ann off."""
    hall = Hall(root)
    duel_list_full(hall)
    (root / "wtg.yaml").write_text(f'games_dir: games\nfrom: "{GM}"\n', encoding="utf-8")


def _told(root: Path) -> list[str]:
    """The taken-off mails in the outbox (queued or sent), by file name."""
    outbox = root / "games" / ".mail" / "outbox"
    return sorted(p.name for p in outbox.rglob("takenoff-*.eml"))


def test_a_due_run_killed_taking_a_player_off_tells_him_once(tmp_path: Path) -> None:
    root, fresh = killpoints.from_template(tmp_path, _template)
    args = ["--config", str(root / "wtg.yaml"), "run-turn", "--due"]
    whole = killpoints.count(args, root)
    assert whole.returncode == 1, whole.stderr  # a problem of the lobby's: the GM is told
    assert "Ann taken off (told by mail)" in whole.stderr
    (mail,) = _told(root)
    seen = set()
    for at, _cut in killpoints.cuts(args, root, killpoints.points(whole.writes, KILLS), fresh):
        with LobbyDatabase(root / "games") as book:
            left = [w.name for w in waiting(book, "standard-duel")]
        seen.add(("Ann" in left, bool(_told(root))))
        again = killpoints.wtg(args)
        # the GM told again only when the kill left her on the list
        assert again.returncode == (1 if "Ann" in left else 0), (at, again.stderr)
        assert ("Ann taken off (told by mail)" in again.stderr) == ("Ann" in left), at
        assert _told(root) == [mail], at
        with LobbyDatabase(root / "games") as book:
            assert [w.name for w in waiting(book, "standard-duel")] == ["Bob"], at
        assert not (root / "games" / "standard-duel-1").exists(), at
    # killed before her mail, after it and before she was taken off, and after
    assert seen == {(True, False), (True, True), (False, True)}, seen
    shutil.rmtree(root)
