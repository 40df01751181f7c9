"""A report mailed to a mistyped address the server took carries the player's secret code
there. docs/gm.md said to write a new code in game.yaml by hand: the code changed, but the
player's planned absences (kept under a digest of his code) were his no longer, so he
missed the turns he had said he would be away, and nothing told him his new code. `wtg
new-code GAME --player N` writes it, keeps his absences, and mails it to his address."""

from __future__ import annotations

import json
from pathlib import Path

from tests.test_gm_controls import body, make, queued, run
from wtg.core.orders import WrongCode
from wtg.game.absences import FILE, absences, keep_absences
from wtg.game.engine import open_game
from wtg.gm.newcode import NEW_CODE


def test_a_new_code_is_written_mailed_and_keeps_the_players_absences(tmp_path: Path) -> None:
    game = make(tmp_path / "games")
    old = game.config.player(2).code
    keep_absences(game.store, game.config, {2: [3, 4], 3: [5]})
    ran = run(tmp_path, "new-code", "g1", "--player", "2")
    again = open_game(game.store.root)
    entry = again.config.player(2)
    assert entry.code != old and len(entry.code) >= 8
    assert [p.code for p in again.config.players if p.id != 2] == [
        p.code for p in game.config.players if p.id != 2
    ]
    assert absences(again.store, again.config) == {2: [3, 4], 3: [5]}  # still his
    (mail,) = queued(tmp_path, "code-").values()
    assert mail["To"] == entry.email
    assert f"player 2: {entry.code}" in body(mail)
    assert ran.stdout == (
        f"game g1 player 2 ({entry.name}) has a new code; its mail queued to {entry.email}: "
        "`wtg send` sends it\n"
    )
    try:
        again.submit(f"game: g1\nplayer: 2\ncode: {old}\nturn: 1\n")
    except WrongCode:
        pass
    else:
        raise AssertionError("the old code was taken")
    assert not (game.store.root / NEW_CODE).exists()
    assert entry.code in again.aof(2) and old not in again.aof(2)  # the form to fill in
    assert entry.code in again.report(2, 0) and old not in again.report(2, 0)
    assert again.aof(1) == game.aof(1)  # the others' as they were


def test_a_new_code_cut_short_is_finished_with_the_same_code(tmp_path: Path) -> None:
    """Killed after game.yaml had the new code, before the mail was queued: given again,
    the same code is mailed, none other made."""
    game = make(tmp_path / "games")
    keep_absences(game.store, game.config, {2: [3]})
    (game.store.root / NEW_CODE).write_text(json.dumps({"seat": 2, "code": "ABCD2345EF"}))
    ran = run(tmp_path, "new-code", "g1", "--player", "2")
    again = open_game(game.store.root)
    assert again.config.player(2).code == "ABCD2345EF"
    assert absences(again.store, again.config) == {2: [3]}
    assert "(the one begun before, cut short: finished)" in ran.stdout
    (mail,) = queued(tmp_path, "code-").values()
    assert "player 2: ABCD2345EF" in body(mail)
    assert json.loads((game.store.root / FILE).read_text())["2"] == [3]


def test_a_seat_the_game_has_not_is_refused(tmp_path: Path) -> None:
    game = make(tmp_path / "games")
    before = (game.store.root / "game.yaml").read_text()
    ran = run(tmp_path, "new-code", "g1", "--player", "9", code=1)
    assert ran.stderr == "wtg: game g1 has no player 9 (its players: 1, 2, 3, 4)\n"
    assert (game.store.root / "game.yaml").read_text() == before
    assert queued(tmp_path, "code-") == {}
