"""A word too many on a command line (`wtg run-turn test1 t7782`: a code, a second game)
got click's bare "Got unexpected extra argument (t7782)". It now says what the command
takes, and, when the word is another game of the host's, that the command takes one game a
time, with the commands to give."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result

from tests.conftest import players
from wtg.cli import main
from wtg.game.engine import create_game, open_game


def host(tmp_path: Path) -> list[str]:
    """A host of two games, test1 and test2: the options that name its config."""
    (tmp_path / "games").mkdir()
    for name in ("test1", "test2"):
        create_game(tmp_path / "games" / name, "wok4", "small", players(2), 7)
    config = tmp_path / "wtg.yaml"
    config.write_text("games_dir: games\nfrom: Game Master <gm@example.org>\n")
    return ["--config", str(config)]


def wtg(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def error(result: Result) -> str:
    """The error's line of a usage error (exit 2), after click's usage lines."""
    assert result.exit_code == 2, result.output
    return result.stderr.splitlines()[-1]


def test_a_stray_word_after_the_game_says_what_run_turn_takes(tmp_path: Path) -> None:
    config = host(tmp_path)
    assert error(wtg(*config, "run-turn", "test1", "t7782")) == (
        "Error: Got unexpected extra argument (t7782): wtg run-turn takes one GAME_DIR (or --due)"
    )
    assert [open_game(tmp_path / "games" / g).latest_turn() for g in ("test1", "test2")] == [0, 0]


def test_a_second_game_says_one_game_a_time_and_gives_it_twice(tmp_path: Path) -> None:
    config = host(tmp_path)
    said = error(wtg(*config, "run-turn", "test1", "test2", "--now"))
    head = f"wtg --config {config[1]} run-turn"
    assert said == (
        "Error: Got unexpected extra argument (test2): wtg run-turn takes one GAME_DIR "
        f"(or --due): one game a time, so give it twice, `{head} test1 --now`, then "
        f"`{head} test2 --now`"
    )
    assert [open_game(tmp_path / "games" / g).latest_turn() for g in ("test1", "test2")] == [0, 0]


def test_every_command_says_what_it_takes(tmp_path: Path) -> None:
    """One mechanism for every command, not a word for run-turn alone."""
    config = host(tmp_path)
    assert error(wtg(*config, "status", "test1", "test2")).endswith(
        "wtg status takes one GAME_DIR: one game a time, so give it twice, "
        f"`wtg --config {config[1]} status test1`, then `wtg --config {config[1]} status test2`"
    )
    assert error(wtg(*config, "send", "now")) == (
        "Error: Got unexpected extra argument (now): wtg send takes options only"
    )
    assert error(wtg(*config, "offer-seat", "test1", "2", "x")) == (
        "Error: Got unexpected extra argument (x): wtg offer-seat takes GAME_DIR and SEAT"
    )


def test_the_slips_with_their_own_words_keep_them(tmp_path: Path) -> None:
    """A hold's reason and a rollback's turn typed without their options say the option."""
    config = host(tmp_path)
    assert "a hold's reason goes with --reason" in error(wtg(*config, "hold", "test1", "moving"))
    assert "goes with --to" in error(wtg(*config, "rollback", "test1", "0"))


def test_the_same_game_given_twice_is_not_said_to_be_run_twice(tmp_path: Path) -> None:
    """`wtg run-turn test1 test1 --now` (the name pasted twice, or as a name and as its
    folder) was told "one game a time, so give it twice, `... test1 --now`, then `...
    test1 --now`": two turns of one game. It says the game is named twice and gives the
    command once."""
    config = host(tmp_path)
    head = f"wtg --config {config[1]} run-turn"
    for second in ("test1", str(tmp_path / "games" / "test1")):
        said = error(wtg(*config, "run-turn", "test1", second, "--now"))
        assert said == (
            f"Error: Got unexpected extra argument ({second}): wtg run-turn takes one GAME_DIR "
            f"(or --due): test1 is named twice; give it once, `{head} test1 --now`"
        )
    said = error(wtg(*config, "run-turn", "test1", "test1", "test2"))
    assert said.endswith(f"one game a time, so give it twice, `{head} test1`, then `{head} test2`")
    assert [open_game(tmp_path / "games" / g).latest_turn() for g in ("test1", "test2")] == [0, 0]
    held = error(wtg(*config, "hold", "test1", "test1"))  # not a reason "test1"
    assert held == (
        "Error: Got unexpected extra argument (test1): wtg hold takes one GAME_DIR: test1 is "
        f"named twice; give it once, `wtg --config {config[1]} hold test1`"
    )


def test_a_game_given_to_a_command_of_every_game_gives_the_command_alone(
    tmp_path: Path,
) -> None:
    """`wtg send test1`, to mail test1's turn at 2 a.m., was told "wtg send takes options
    only", and the GM was left to wonder how to send one game's mail. `send` (and `remind`,
    `poll`, `digest`) works on every game at once: it says so, with the command to give,
    the options typed kept and the game left out. A word that is no game is told as
    before."""
    config = host(tmp_path)
    head = f"wtg --config {config[1]}"
    assert error(wtg(*config, "send", "-q", "test1")) == (
        "Error: Got unexpected extra argument (test1): wtg send takes options only: it mails "
        f"what every game has waiting at once, test1 too: `{head} send -q`"
    )
    assert error(wtg(*config, "remind", "test2")).endswith(
        f"it reminds the players of every game at once, test2 too: `{head} remind`"
    )
    assert error(wtg(*config, "send", "test9")) == (
        "Error: Got unexpected extra argument (test9): wtg send takes options only"
    )
    outbox = tmp_path / "games" / ".mail"
    assert not (outbox / "outbox").exists()  # nothing was queued nor sent


def test_a_ruleset_split_by_a_space_is_given_back_whole(tmp_path: Path) -> None:
    """`--ruleset wok 4` said only "Got unexpected extra argument (4)"."""
    config = host(tmp_path)
    head = f"wtg --config {config[1]}"
    said = error(wtg(*config, "new-game", "g3", "--ruleset", "wok", "4", "--player", "a:a@x.org"))
    assert said == (
        "Error: Got unexpected extra argument (4): did you mean --ruleset wok4? "
        f"`{head} new-game g3 --ruleset wok4 --player a:a@x.org`; nothing was done"
    )
    said = error(wtg(*config, "new-game", "g3", "--ruleset=WoK", "4"))
    assert said == (
        "Error: Got unexpected extra argument (4): did you mean --ruleset wok4? "
        f"`{head} new-game g3 --ruleset=wok4`; nothing was done"
    )
    assert error(wtg(*config, "open-list", "wok", "4")) == (
        "Error: Got unexpected extra argument (4): did you mean wok4? "
        f"`{head} open-list wok4`; nothing was done"
    )
    assert not (tmp_path / "games" / "g3").exists()
    # words that make no ruleset keep what the command takes
    assert error(wtg(*config, "new-game", "g3", "--ruleset", "wok", "5")) == (
        "Error: Got unexpected extra argument (5): wtg new-game takes one GAME_DIR"
    )
