"""A game started from a full waiting list (`wtg run-turn --due`: the list's players
reserved, the game made and its turn 0 run, each player told), killed (SIGKILL) just
before writes spread over the whole run, then run again: the host is as one run leaves
it, once `wtg send` has mailed turn 0: one game, under the list's first number; each
player's mails once; the book's players bound to it; and the output of the run cut short
or of the next says the game was made."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from tests import killpoints
from tests.lobby.killedpolls import addressed, list_full
from wtg.lobby.database import LobbyDatabase

KILLS = 14


def host_state(games: Path) -> tuple[Counter[tuple[str, str]], list[str], list[str], int]:
    """The mails queued (to, subject), the games folders, the players' bindings and the
    list's count of games."""
    with LobbyDatabase(games) as book:
        (row,) = book.rows("SELECT games FROM lists WHERE name = 'wok4'")
        bound = sorted(str(r["game"]) for r in book.rows("SELECT game FROM entries"))
    folders = sorted(p.name for p in games.iterdir() if not p.name.startswith("."))
    return addressed(games), folders, bound, int(row["games"])


def test_a_game_start_killed_at_any_write_is_finished_once_by_the_next_run(
    tmp_path: Path,
) -> None:
    args, games, snapshot = list_full(tmp_path)
    restore = killpoints.restorer(snapshot, games)
    send = [*args[:2], "send"]
    whole = killpoints.count(args, games)
    assert whole.returncode == 0 and "game wok4-1 made" in whole.stdout, whole
    assert killpoints.count(send, games).returncode == 0
    expected = host_state(games)
    assert expected[1:] == (["wok4-1"], ["wok4-1", "wok4-1"], 1)
    assert sum(expected[0].values()) >= 2, expected  # each player told
    for write, cut in killpoints.cuts(args, games, killpoints.points(whole.writes, KILLS), restore):
        after = killpoints.count(args, games)
        assert after.returncode == 0, (write, cut.before, after)
        sent = killpoints.count(send, games)
        assert sent.returncode == 0, (write, cut.before, sent)
        assert host_state(games) == expected, (write, cut.before, after.stdout)
        if not (snapshot / "wok4-1").exists():
            assert "wok4-1" in after.stdout + cut.stdout, (write, cut.before, after.stdout)
    print(f"\n{whole.writes} writes, killed before {KILLS} of them")
