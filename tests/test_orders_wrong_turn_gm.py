"""`wtg orders GAME FILE` (and `--correct`) given the form of another turn: the GM was told
"fill in the form of turn 1, the one in your latest report", a player's words; the GM has no
report, and for `--correct` the form of the turn that ran is not the one `wtg aof` prints.
He is told where that turn's form is."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from tests.test_gm_controls import make
from wtg.cli import main


def test_the_gm_is_told_where_the_form_of_the_turn_expected_is(tmp_path: Path) -> None:
    game = make(tmp_path / "games", count=2)
    form = tmp_path / "aof.txt"
    form.write_text(game.aof(1), encoding="utf-8")  # the form of turn 1
    game.run_turn()  # turn 1 ran: turn 2 comes, and --correct corrects turn 1
    runner = CliRunner()
    coming = runner.invoke(main, ["orders", str(game.store.root), str(form)])
    assert coming.exit_code == 2
    assert coming.stderr == (
        "wtg: orders not stored: line 3: these orders are for turn 1, but the game expects "
        f"turn 2: fill in the form of turn 2, player 1's AOF in {game.store.root}/turns/0001/"
        "aofs/p01.txt\n"
    )
    game.run_turn()
    corrected = runner.invoke(main, ["orders", str(game.store.root), str(form), "--correct"])
    assert corrected.stderr == (
        "wtg: orders not stored: line 3: these orders are for turn 1, but the game expects "
        f"turn 2: fill in the form of turn 2, player 1's AOF in {game.store.root}/turns/0001/"
        "aofs/p01.txt\n"
    )
