"""A game folder put back by hand from a copy made before `wtg new-code` gave a seat a new
code: the code the player was told since is refused, and the old one (read by a stranger,
why the GM gave a new one) is the seat's again. `wtg send` says so, once, with the command
that gives the player a new code; a code it never saw replaced is not said."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner, Result

from wtg.cli import main
from wtg.game.engine import open_game

PLAYERS = ("--player", "Ann:ann@example.org", "--player", "Bob:bob@example.org")
ENV: dict[str, str | None] = {"WTG_CONFIG": None, "WTG_GAMES_DIR": None}


def wtg(host: Path, *args: str) -> Result:
    result = CliRunner(env=ENV).invoke(main, ["--config", str(host / "wtg.yaml"), *args])
    assert result.exit_code == 0, result.output
    return result


def test_a_code_put_back_from_a_copy_is_told_once(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    (tmp_path / "wtg.yaml").write_text("games_dir: games\nfrom: gm@example.org\n")
    wtg(tmp_path, "new-game", "g1", "--ruleset", "wok4", "--map", "small", *PLAYERS)
    assert wtg(tmp_path, "send", "-q").output == ""  # the codes first seen: nothing said
    copy = tmp_path / "copy"
    shutil.copytree(games / "g1", copy)
    old = open_game(games / "g1").config.player(2).code
    wtg(tmp_path, "new-code", "g1", "--player", "2")
    assert wtg(tmp_path, "send", "-q").output == ""  # a new code: nothing to say
    assert open_game(games / "g1").config.player(2).code != old
    shutil.rmtree(games / "g1")
    shutil.copytree(copy, games / "g1")  # last night's copy untarred over it
    given = f"wtg --config {tmp_path / 'wtg.yaml'}"
    sent = wtg(tmp_path, "send", "-q")
    assert sent.output == (
        "wtg: game g1 player 2 (Bob): game.yaml gives the seat a code it had before, one "
        "replaced since (a new code given, or a takeover): its folder was put back from an "
        "older copy; the code the player was told since is refused, and the old one taken "
        f"again: `{given} new-code g1 --player 2` gives him a new one\n"
    )
    assert wtg(tmp_path, "send", "-q").output == ""  # said once
    wtg(tmp_path, "new-code", "g1", "--player", "2")
    assert wtg(tmp_path, "send", "-q").output == ""
