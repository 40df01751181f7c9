"""A command on one game reads game.yaml when it opens the game, before it takes the game's
lock; a writer between the two (`wtg new-code`, a takeover: each rewrites game.yaml under
the lock) left it working from a game.yaml that no longer held. `run-turn --preview`
previewed the seat's report and form with the code it had lost, and `run-turn` wrote them
so into the turn. Each reads game.yaml again once it holds the lock."""

from __future__ import annotations

from pathlib import Path

from tests.test_gm_controls import make
from wtg.game.engine import open_game
from wtg.gm.newcode import done, give_new_code


def _new_code_meanwhile(root: Path, seat: int) -> tuple[str, str]:
    """A new code given to ``seat`` by another opening of the game (another process's):
    the old code and the new."""
    writer = open_game(root)
    old = writer.config.player(seat).code
    with writer.store.lock():
        entry, _ = give_new_code(writer, seat)
        done(writer)  # its mail queued (none here)
    assert entry.code != old
    return old, entry.code


def test_a_preview_reads_game_yaml_under_its_lock(tmp_path: Path) -> None:
    root = make(tmp_path / "games").store.root
    opened = open_game(root)  # game.yaml read: the command line opens the game first
    old, new = _new_code_meanwhile(root, 2)
    turn, files = opened.preview_turn()
    assert turn == 1
    assert f"CODE: {new}" in files["aofs/p02.txt"]
    assert old not in files["aofs/p02.txt"] and old not in files["reports/p02.txt"]
    assert opened.config.player(2).code == new


def test_a_turn_run_reads_game_yaml_under_its_lock(tmp_path: Path) -> None:
    root = make(tmp_path / "games").store.root
    opened = open_game(root)
    old, new = _new_code_meanwhile(root, 3)
    assert opened.run_turn(force=True) == 1
    form = (root / "turns" / "0001" / "aofs" / "p03.txt").read_text(encoding="utf-8")
    assert f"CODE: {new}" in form and old not in form
    report = (root / "turns" / "0001" / "reports" / "p03.txt").read_text(encoding="utf-8")
    assert old not in report


def test_a_new_code_keeps_another_seat_s_code_given_in_between(tmp_path: Path) -> None:
    """Before, `wtg new-code --player 2` opened before another's `new-code --player 3` wrote
    game.yaml from the players it had read: seat 3's new code was put back to the old one
    (mailed to the player, refused from then on)."""
    root = make(tmp_path / "games").store.root
    opened = open_game(root)
    _old, new3 = _new_code_meanwhile(root, 3)
    with opened.store.lock():
        entry, _ = give_new_code(opened, 2)
    again = open_game(root)
    assert again.config.player(3).code == new3
    assert again.config.player(2).code == entry.code
