"""`wtg run-turn` given with no config at all (a new terminal at 2 a.m., `WTG_CONFIG` not
exported; the game named by its folder, or its games folder given with `--games-dir`).

It ran the turn with none of a host's guards: a game whose turn 0 was never mailed ran its
turn 1 and 2 at once, no player having had a form, and the run noted nothing in the mail
journal, so the next `wtg send` took the game for one copied in from another host ("its
turns 0 to 1 were never mailed from here"): turns 0 and 1 were never mailed, and each
player had lost two turns. The games folder's own mail spool (`.mail`, beside the game)
is the host's: without a config the run is guarded and noted by it, as with one.

The commands the refusal named (`wtg send`, `wtg run-turn test1 ...`) were answered, in the
same terminal with no config, "no config" and "no game folder": they name the host's
config now (`wtg --config /srv/wtg/wtg.yaml send`), and run as given."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from wtg.cli import main
from wtg.mail.spool.journal import mailed_turns

PLAYERS = ("--player", "Me:me@example.org", "--player", "Also:also@example.org")
NO_CONFIG = " takes it back (FILE: the host's config, whose address tells the players)"
"""How the line of a turn run with --now and no config ends, after the rollback it names."""


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
    config = games.parent / "wtg.yaml"
    assert refused.stderr == (
        "wtg: turn 0 of game test1 has not been mailed to its players yet, so turn 1 would run "
        f"without their orders (none from 1 Me, 2 Also): not run; `wtg --config {config} send` "
        f"mails turn 0 first, `wtg --config {config} run-turn test1 --now --unmailed` runs it "
        "all the same\n"
    )
    assert turns(games) == ["0000"]


def test_a_run_with_no_config_given_anyway_is_noted_and_every_turn_mailed(games: Path) -> None:
    ran = wtg("run-turn", games / "test1", "--now", "--unmailed")
    assert ran.exit_code == 0, ran.output
    assert mailed_turns(games / ".mail") == {"test1": -1}  # noted: turn 0 still to be mailed
    sent = wtg("--config", games.parent / "wtg.yaml", "send")
    assert sent.exit_code == 0, sent.output
    assert sent.stdout.startswith("4 reports queued")  # turns 0 and 1, each player's
    assert "never mailed from here" not in sent.stderr


def test_a_game_of_no_host_runs_as_before(tmp_path: Path) -> None:
    """A game folder made by hand, no games folder's mail beside it: nothing to guard."""
    made = wtg("new-game", tmp_path / "alone", "--ruleset", "wok4", *PLAYERS)
    assert made.exit_code == 0, made.output
    ran = wtg("run-turn", tmp_path / "alone", "--now")
    back = f"`wtg --config FILE rollback {(tmp_path / 'alone').absolute()} --to 0`"
    assert ran.stdout == f"turn 1 of game alone resolved; the wrong game? {back}{NO_CONFIG}\n"
    assert not (tmp_path / ".mail").exists()


def named(refusal: str) -> list[list[str]]:
    """The commands a refusal names, each as its words, `wtg` left out."""
    return [shlex.split(c)[1:] for c in re.findall(r"`(wtg [^`]*)`", refusal)]


def test_the_commands_a_refusal_with_no_config_names_run_as_given(
    games: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Given from another folder with no config, as the GM's terminal has it."""
    monkeypatch.chdir(tmp_path)
    refused = wtg("run-turn", games / "test1", "--now")
    send, anyway = named(refused.stderr)
    assert send[-1] == "send" and anyway[-1] == "--unmailed"
    sent = wtg(*send)
    assert sent.exit_code == 0, sent.output
    assert sent.stdout.startswith("2 reports queued")
    ran = wtg("run-turn", games / "test1", "--now")
    assert ran.exit_code == 0, ran.output  # turn 0 mailed: turn 1 runs
    assert wtg(*send).exit_code == 0  # cron's send, a minute later
    again = wtg("run-turn", games / "test1", "--now")  # the line given twice
    assert again.exit_code == 1
    poll, just = named(again.stderr)
    assert poll[-1] == "poll" and just[-1] == "--just-mailed"
    assert wtg(*poll).exit_code == 0
    assert wtg(*just).stdout == (  # given --config (the refusal's): its rollback carries it
        f"turn 2 of game test1 resolved; the wrong game? `wtg --config {games.parent / 'wtg.yaml'} "
        "rollback test1 --to 1` takes it back\n"
    )
    assert turns(games) == ["0000", "0001", "0002"]


def test_with_no_config_beside_the_games_folder_the_commands_name_it(
    games: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A host whose config was moved away: the game is found by its games folder."""
    (games.parent / "wtg.yaml").rename(tmp_path / "elsewhere.yaml")
    monkeypatch.chdir(tmp_path)
    refused = wtg("run-turn", games / "test1", "--now")
    anyway = named(refused.stderr)[1]
    assert anyway[:2] == ["--games-dir", str(games)]
    back = f"`wtg --config FILE rollback {(games / 'test1').absolute()} --to 0`"
    assert (
        wtg(*anyway).stdout == f"turn 1 of game test1 resolved; the wrong game? {back}{NO_CONFIG}\n"
    )


def test_a_games_folder_of_no_host_that_a_digest_looked_at_runs_as_before(tmp_path: Path) -> None:
    """A GM playing locally, no host, no mail at all: `wtg --games-dir g digest` (a look)
    leaves its note in `g/.mail`, and every hand run of the folder's games was refused as
    not mailed, naming a `wtg send` that no config lets run. Only a host's mail spool (its
    journal, its maildirs, its outbox, as `wtg init` and the mail loop make them) guards."""
    games = tmp_path / "g"
    games.mkdir()
    made = wtg("--games-dir", games, "new-game", "t1", "--ruleset", "wok4", *PLAYERS)
    assert made.exit_code == 0, made.output
    assert wtg("--games-dir", games, "digest").exit_code == 0
    assert (games / ".mail").is_dir()  # the digest's note
    ran = wtg("run-turn", games / "t1", "--now")
    back = f"`wtg --config FILE rollback {(games / 't1').absolute()} --to 0`"
    said = f"turn 1 of game t1 resolved; the wrong game? {back}{NO_CONFIG}\n"
    assert (ran.exit_code, ran.stdout) == (0, said), ran.output
    assert not (games / ".mail" / "journal.sqlite").exists()  # nothing noted for a host


@pytest.mark.parametrize("config", [False, True])
def test_a_run_given_in_the_games_own_folder_is_guarded_too(
    games: Path, monkeypatch: pytest.MonkeyPatch, config: bool
) -> None:
    """`cd /srv/wtg/games/test1; wtg run-turn . --now`: the game's folder, `.`, had no
    games folder above it to the guards (`./..` is `.` itself), so a turn ran though the
    one before was never mailed, and each player lost it; the rollback the line named was
    told to look for the config in the games folder. Guarded as the game's path is."""
    monkeypatch.chdir(games / "test1")
    host = ["--config", games.parent / "wtg.yaml"] if config else []
    refused = wtg(*host, "run-turn", ".", "--now")
    assert refused.exit_code == 1, refused.output
    assert refused.stderr.startswith(
        "wtg: turn 0 of game test1 has not been mailed to its players yet"
    )
    assert turns(games) == ["0000"]
    ran = wtg(*host, "run-turn", ".", "--now", "--unmailed")
    head = f"wtg --config {games.parent / 'wtg.yaml'}"  # given or found beside: named
    assert ran.stdout == (
        f"turn 1 of game test1 resolved; the wrong game? `{head} rollback . --to 0` takes it back\n"
    )
