"""`wtg orders GAME FORM` given a blank form (the first day's step 3, `wtg aof` then `wtg
orders`, done on a real game, or the wrong player's file) files "no orders this turn" over
the player's orders on file, as the GM at the command line files exactly what he gives
(docs/mail.md, step 8). It printed only `0 accepted, 0 rejected.`: the player's orders were
gone without a word. Now it says whose orders of when it replaced, on stderr."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result

from wtg.cli import main
from wtg.game.engine import open_game
from wtg.gm.gamestatus import game_status

PLAYERS = ("--player", "Me:me@example.org", "--player", "Also:also@example.org")


def wtg(*args: object) -> Result:
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def test_a_blank_form_over_orders_on_file_says_it_replaced_them(tmp_path: Path) -> None:
    game_dir = tmp_path / "g1"
    made = wtg("new-game", game_dir, "--ruleset", "wok4", "--map", "small", *PLAYERS)
    assert made.exit_code == 0, made.output
    blank = wtg("aof", game_dir, "--player", "1").stdout
    report = wtg("report", game_dir, "--player", "1").stdout.splitlines()
    province = int(report[report.index("YOUR PROVINCES") + 2].split()[0])
    filled = blank.replace("G1: __   _", f"G1: {province:02d}   3")
    (tmp_path / "filled.txt").write_text(filled, encoding="utf-8")
    (tmp_path / "blank.txt").write_text(blank, encoding="utf-8")
    first = wtg("orders", game_dir, tmp_path / "filled.txt")
    assert first.exit_code == 0 and "1 accepted, 0 rejected." in first.stdout, first.output
    on_file = game_status(open_game(game_dir))["players"][0]["received"]
    again = wtg("orders", game_dir, tmp_path / "blank.txt")
    assert again.exit_code == 0
    assert again.stdout == "Orders of player 1 for turn 1:\n0 accepted, 0 rejected.\n"
    assert again.stderr == (
        f"wtg: note: these replace the orders of player 1 received {on_file} (they are no "
        "longer on file): the form gives no order, and is filed as no orders this turn\n"
    )
    fresh = wtg("orders", game_dir, tmp_path / "blank.txt")  # nothing on file: no note
    assert (fresh.exit_code, fresh.stderr) == (0, "")
