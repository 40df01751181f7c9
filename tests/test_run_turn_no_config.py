"""`wtg run-turn` given with no config at all (a new terminal at 2 a.m., `WTG_CONFIG` not
exported; the game named by its folder, or its games folder given with `--games-dir`).

It ran the turn with none of a host's guards: a game whose turn 0 was never mailed ran its
turn 1 and 2 at once, no player having had a form, and the run noted nothing in the mail
journal, so the next `wtg send` took the game for one copied in from another host ("its
turns 0 to 1 were never mailed from here"): turns 0 and 1 were never mailed, and each
player had lost two turns. The games folder's own mail spool (`.mail`, beside the game)
is the host's: without a config the run is guarded and noted by it, as with one."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from wtg.cli import main
from wtg.mail.spool.journal import mailed_turns

PLAYERS = ("--player", "Me:me@example.org", "--player", "Also:also@example.org")


def wtg(*args: object) -> Result:
    """wtg with no config: neither --config nor the environment's WTG_CONFIG."""
    runner = CliRunner(env={"WTG_CONFIG": None, "WTG_GAMES_DIR": None})
    return runner.invoke(main, [str(a) for a in args])


@pytest.fixture
def games(tmp_path: Path) -> Path:
    """The games folder of a host `wtg init` made, its game test1 made, turn 0 not sent."""
    assert wtg("init", tmp_path / "host").exit_code == 0
    config = tmp_path / "host" / "wtg.yaml"
    made = wtg("--config", config, "new-game", "test1", "--ruleset", "wok4", *PLAYERS)
    assert made.exit_code == 0, made.output
    return tmp_path / "host" / "games"


def turns(games: Path) -> list[str]:
    return sorted(p.name for p in (games / "test1" / "turns").iterdir())


@pytest.mark.parametrize(
    "given", [("run-turn", "{games}/test1"), ("--games-dir", "{games}", "run-turn", "test1")]
)
def test_a_run_with_no_config_is_refused_while_turn_0_is_not_mailed(
    games: Path, given: tuple[str, ...]
) -> None:
    args = [a.format(games=games) for a in given]
    refused = wtg(*args, "--now")
    assert refused.exit_code == 1
    assert refused.stderr == (
        "wtg: turn 0 of game test1 has not been mailed to its players yet, so turn 1 would run "
        "without their orders (none from 1 Me, 2 Also): not run; `wtg send` mails turn 0 "
        "first, `wtg run-turn test1 --now --unmailed` runs it all the same\n"
    )
    assert turns(games) == ["0000"]


def test_a_run_with_no_config_given_anyway_is_noted_and_every_turn_mailed(games: Path) -> None:
    ran = wtg("run-turn", games / "test1", "--now", "--unmailed")
    assert ran.exit_code == 0, ran.output
    assert mailed_turns(games / ".mail") == {"test1": -1}  # noted: turn 0 still to be mailed
    sent = wtg("--config", games.parent / "wtg.yaml", "send")
    assert sent.exit_code == 0, sent.output
    assert sent.stdout.startswith("4 report(s) queued")  # turns 0 and 1, each player's
    assert "never mailed from here" not in sent.stderr


def test_a_game_of_no_host_runs_as_before(tmp_path: Path) -> None:
    """A game folder made by hand, no games folder's mail beside it: nothing to guard."""
    made = wtg("new-game", tmp_path / "alone", "--ruleset", "wok4", *PLAYERS)
    assert made.exit_code == 0, made.output
    ran = wtg("run-turn", tmp_path / "alone", "--now")
    assert ran.stdout == "turn 1 of game alone resolved\n"
    assert not (tmp_path / ".mail").exists()
