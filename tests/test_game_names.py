"""Issue 25, items 14 and 10: one rule for a game's name (a word players can type in a mail
command, and its folder directly in games_dir), wherever a game is made or named; refused
otherwise, with the rule."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tests.conftest import players
from tests.shipped import WOK4
from wtg.cli import main
from wtg.cli.demo import filled_aof
from wtg.game.engine import create_game, open_game
from wtg.game.gameconfig import GAME_NAME_RULE, ConfigError
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.lists import add_list
from wtg.lobby.start import checked_list

PLAYERS = ("--player=Ann:ann@example.org", "--player=Bob:bob@example.org")


def new_game(root: Path, name: str, *options: str) -> Result:
    """`wtg --config ROOT/wtg.yaml new-game NAME ...` (games_dir: ROOT/games)."""
    config = root / "wtg.yaml"
    config.write_text("games_dir: games\n", encoding="utf-8")
    (root / "games").mkdir(exist_ok=True)
    args = ["--config", str(config), *options, "new-game", name, "--ruleset", "wok4"]
    return CliRunner().invoke(main, [*args, "--map", "small", *PLAYERS])


def head(root: Path) -> str:
    """How a command ``new_game`` and ``wtg`` print begins: `wtg` and the --config given."""
    return f"wtg --config {root / 'wtg.yaml'}"


def made(root: Path) -> list[str]:
    """Every folder and file under ROOT but the config and the games folder itself."""
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.name != "wtg.yaml")


@pytest.mark.parametrize(
    ("name", "meant"),
    [
        ("my game", "my-game"),
        (".hidden", "hidden"),
        ("Kaomaris", "kaomaris"),
        ("kaomaris:1", "kaomaris-1"),
        ("..", None),
        ("_g1", "g1"),
        ("g1.", "g1"),
        ("ö", "o"),
        ("Ümlaut", "umlaut"),
        ("spiel-ä", "spiel-a"),
        ("Straße 2", "strasse-2"),
        ("Zürich Ost", "zurich-ost"),
        ("日本", None),
        ("\U0001d538" * 64, None),
    ],
)
def test_a_name_players_cannot_type_is_refused_with_the_rule(
    tmp_path: Path, name: str, meant: str | None
) -> None:
    """Issue 25, item 14: `new-game "my game"`, `.hidden` were accepted: a folder status did
    not see (hidden) or a name no mail command could carry. Issue 25, item 10: a name of 64
    four-byte characters passed the check and crashed (File name too long). The refusal
    names a name by the rule made of it, where one is (the GM at 2 a.m. types `My Game`)."""
    result = new_game(tmp_path, name)
    assert result.exit_code == 1, result.output
    assert isinstance(result.exception, SystemExit)
    hint = f" (did you mean {meant}?)" if meant else ""
    assert result.stderr == f"wtg: {name!r} cannot be a game's name: {GAME_NAME_RULE}{hint}\n"
    assert made(tmp_path) == ["games"]


@pytest.mark.parametrize(
    ("given", "meant"),
    [
        ("../escape", None),
        ("a/b", "a-b"),
        ("Kaomaris: Öst/West", "kaomaris-ost-west"),
        ("games/../g1", None),
        ("/srv/g1", None),
    ],
)
def test_a_folder_outside_games_dir_is_refused(
    tmp_path: Path, given: str, meant: str | None
) -> None:
    """Issue 25, item 14: `new-game ../escape`, `a/b`, `"Kaomaris: Öst/West"` made a game
    outside games_dir, which status and the poll never saw. A `/` in a name (no path: no
    `..`, not from `/`) is refused naming the name meant, as any other character is; it said
    `give the game's name alone` of a name that was one, to the GM's eyes."""
    (tmp_path / "a").mkdir()
    result = new_game(tmp_path, given)
    assert result.exit_code == 1
    hint = f" (a name has no '/': did you mean {meant}?)" if meant else ""
    assert result.stderr == (
        f"wtg: {given} is not a folder directly in the games folder {tmp_path / 'games'}: "
        f"give the game's name alone (`{head(tmp_path)} new-game NAME ...`){hint}\n"
    )
    assert made(tmp_path) == ["a", "games"]


@pytest.mark.parametrize("given", ["spring/", "Spring//"])
def test_a_name_with_a_slash_at_its_end_names_the_name_meant(tmp_path: Path, given: str) -> None:
    """newgm45: `new-game spring/` (a slash typed or completed after the name) was refused
    with `give the game's name alone` and no name offered, where `spring/2027` had one."""
    result = new_game(tmp_path, given)
    assert result.exit_code == 1
    assert result.stderr == (
        f"wtg: {given} is not a folder directly in the games folder {tmp_path / 'games'}: "
        f"give the game's name alone (`{head(tmp_path)} new-game NAME ...`) (a name has no "
        "'/' at its end: did you mean spring?)\n"
    )
    assert made(tmp_path) == ["games"]


def test_a_name_that_is_another_games_but_for_case_is_refused(tmp_path: Path) -> None:
    """A mail names a game in any case: a second game `mordor` beside `Mordor` (made by an
    older wtg) could not be told apart."""
    (tmp_path / "games" / "Mordor").mkdir(parents=True)
    result = new_game(tmp_path, "mordor")
    assert result.stderr == (
        f"wtg: the games folder {tmp_path / 'games'} holds 'Mordor' already: a game's name is "
        "read without case in a mail, so give this game another\n"
    )


def test_a_name_following_the_rule_is_made_in_games_dir(tmp_path: Path) -> None:
    for name in ("kaomaris-2", "w_1", "9lives", "g" * 64):
        result = new_game(tmp_path, name)
        assert result.exit_code == 0, result.output
        assert (tmp_path / "games" / name / "game.yaml").is_file()
    path = tmp_path / "games" / "by-path"
    assert new_game(tmp_path, str(path)).exit_code == 0  # a path to a folder of games_dir


@pytest.mark.parametrize(
    ("name", "shown", "meant"),
    [
        ("spring\\2027", "'spring\\2027'", "spring-2027"),
        ("G1\\", "'G1\\'", "g1"),
        ("it's", '"it\'s"', "it-s"),
        ("kao\tmaris", "'kao\\tmaris'", "kao-maris"),
    ],
)
def test_a_refused_name_is_shown_as_the_gm_typed_it(
    tmp_path: Path, name: str, shown: str, meant: str
) -> None:
    """restore45 (newgm45): `new-game 'spring\\2027'` was answered `'spring\\\\2027'
    cannot be a game's name`, Python's repr doubling the backslash: a name he never typed.
    The name is shown as typed; one with a quote or a character that shows nothing as it
    was (escaped)."""
    result = new_game(tmp_path, name)
    assert result.exit_code == 1, result.output
    assert result.stderr == (
        f"wtg: {shown} cannot be a game's name: {GAME_NAME_RULE} (did you mean {meant}?)\n"
    )
    assert made(tmp_path) == ["games"]


def test_without_a_games_folder_a_path_names_its_folder(tmp_path: Path) -> None:
    """No config and no --games-dir: the folder a path names is the game's, made with the
    folders above it (a game run by hand, as `wtg new-game games/kaomaris` in the README);
    the name's rule holds."""
    args = ["new-game", "--ruleset", "wok4", "--map", "small", *PLAYERS]
    runner = CliRunner(env={"WTG_CONFIG": None, "WTG_GAMES_DIR": None})
    good = runner.invoke(main, [*args[:1], str(tmp_path / "kaomaris"), *args[1:]])
    assert good.exit_code == 0, good.output
    bad = runner.invoke(main, [*args[:1], str(tmp_path / "Kao Maris"), *args[1:]])
    assert bad.stderr == (
        f"wtg: 'Kao Maris' cannot be a game's name: {GAME_NAME_RULE} (did you mean kao-maris?)\n"
    )
    deeper = runner.invoke(main, [*args[:1], str(tmp_path / "games" / "g1"), *args[1:]])
    assert deeper.exit_code == 0 and (tmp_path / "games" / "g1" / "game.yaml").is_file()


def test_the_engine_keeps_the_rule_for_every_maker(tmp_path: Path) -> None:
    """Issue 25, item 14: every maker of games goes through `create_game`, which keeps the
    rule (the lobby's start of a full list too)."""
    with pytest.raises(ConfigError, match="cannot be a game's name"):
        create_game(tmp_path / "My Game", "wok4", "small", players(2), 1)
    assert not (tmp_path / "My Game").exists()


@pytest.mark.parametrize(
    ("ruleset", "variant", "group"),
    [("wok4", None, "any"), ("standard", "duel-lite", "advanced"), ("tactics", None, "beginner")],
)
def test_the_names_the_lobby_gives_follow_the_rule(
    tmp_path: Path, ruleset: str, variant: str | None, group: str
) -> None:
    """Issue 25, item 14: a full list's game is named `<list>-<n>`: a name by the rule."""
    from wtg.game.gameconfig import check_game_name

    moment = datetime(2026, 1, 1, tzinfo=timezone.utc)
    wanted = checked_list(ruleset, variant, None, None, group, None, None, None, moment)
    with LobbyDatabase(tmp_path) as book:
        opened = add_list(book, wanted)
    check_game_name(f"{opened.name}-999")


def wtg(root: Path, *args: str) -> Result:
    return CliRunner().invoke(main, ["--config", str(root / "wtg.yaml"), *args])


def test_a_game_named_as_no_game_of_the_host_names_the_games(tmp_path: Path) -> None:
    """Issue 25, item 14: `wtg run-turn Test1` (or hold, status, ...) said "/srv/wtg/games/
    Test1 is not a game folder (no game.yaml)"; it says which games there are, and the one
    meant when only the case is wrong (names are lower case, mail reads them in any)."""
    for name in ("test1", "test2"):
        assert new_game(tmp_path, name).exit_code == 0
    games = tmp_path / "games"
    for command in (("run-turn", "Test1"), ("hold", "TEST1"), ("status", "Test1")):
        result = wtg(tmp_path, *command)
        assert result.exit_code == 1
        assert result.stderr == (
            f"wtg: no game {command[1]!r} in the games folder {games}: did you mean test1? "
            "(a game's name is lower case)\n"
        )
    result = wtg(tmp_path, "aof", "test3", "--player", "1")  # as close to both: both
    assert result.exit_code == 1
    assert result.stderr == (
        f"wtg: no game 'test3' in the games folder {games}: did you mean test1 or test2? (its "
        f"games: test1, test2; `{head(tmp_path)} status` gives a line for each)\n"
    )
    assert sorted(p.name for p in games.iterdir()) == ["test1", "test2"]  # nothing made


def test_a_game_name_mistyped_names_the_game_meant(tmp_path: Path) -> None:
    """`wtg hold tset1` (two letters swapped) listed the host's first games, among which a
    host of many may not show the one meant: the one close to the name is named first, as
    a mistyped games folder's is. Two as close (`test3` of test1 and test2) named neither,
    where a mistyped GAME line's held mail named both: both are named, as there
    (``wtg.text.closename``)."""
    for name in ("test1", "test2", "kaomaris"):
        assert new_game(tmp_path, name).exit_code == 0
    games = tmp_path / "games"
    for typed, meant in (("tset1", "test1"), ("kaomris", "kaomaris"), ("Kaomris", "kaomaris")):
        result = wtg(tmp_path, "hold", typed)
        assert result.exit_code == 1
        assert result.stderr == (
            f"wtg: no game {typed!r} in the games folder {games}: did you mean {meant}? (its "
            f"games: kaomaris, test1, test2; `{head(tmp_path)} status` gives a line for each)\n"
        )
    result = wtg(tmp_path, "hold", "test3")
    assert result.stderr == (
        f"wtg: no game 'test3' in the games folder {games}: did you mean test1 or test2? (its "
        f"games: kaomaris, test1, test2; `{head(tmp_path)} status` gives a line for each)\n"
    )
    result = wtg(tmp_path, "hold", "TEST3")  # in another case: the same two
    assert result.stderr == (
        f"wtg: no game 'TEST3' in the games folder {games}: did you mean test1 or test2? (its "
        f"games: kaomaris, test1, test2; `{head(tmp_path)} status` gives a line for each)\n"
    )
    assert not (games / "test1" / "held.json").exists()


def test_new_game_given_again_after_it_finished_names_the_game_there(tmp_path: Path) -> None:
    """A new GM's trial: `new-game` given again (the shell's arrow key) after it had made
    the game said only `.../games/g1 already exists and is not empty`, which neither says
    that it is a game nor what to do."""
    assert new_game(tmp_path, "g1").exit_code == 0
    again = new_game(tmp_path, "g1")
    assert again.exit_code == 1
    assert again.stderr == (
        f"wtg: a game g1 is there already ({tmp_path / 'games' / 'g1'}, orders for turn 1): "
        f"give the new game another name (`{head(tmp_path)} status g1` shows that one)\n"
    )
    assert sorted(p.name for p in (tmp_path / "games" / "g1" / "turns").iterdir()) == ["0000"]


def test_new_game_refused_names_the_turn_as_status_does(tmp_path: Path) -> None:
    """Once turn 1 had run, the refusal said `turn 1` (the latest turn played) where `wtg
    status g1` says `orders for turn 2` (the coming turn): both say the coming turn now."""
    assert new_game(tmp_path, "g1").exit_code == 0
    game = open_game(tmp_path / "games" / "g1").typed(WOK4)
    for seat in (1, 2):
        game.submit(filled_aof(game, seat))
    assert game.run_turn() == 1
    status = wtg(tmp_path, "status", "g1").stdout.splitlines()[0]
    assert status.startswith("game g1, orders for turn 2, deadline ")
    again = new_game(tmp_path, "g1")
    assert again.exit_code == 1
    assert f"({tmp_path / 'games' / 'g1'}, orders for turn 2): give the new game" in again.stderr


@pytest.mark.parametrize("given", ["./games", "games/", "GAMES_DIR"])
def test_the_games_folder_given_for_a_new_game_says_so(
    tmp_path: Path, given: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`wtg new-game /srv/wtg/games ...` (the games folder pasted for the game): it said
    the folder was not directly in the games folder, and `did you mean srv-games?`, a name
    made of the path. It says the folder is the games folder, and to give the new game's
    name, whose folder is made in it; nothing is made (`new-game games`, a name, makes the
    game games)."""
    monkeypatch.chdir(tmp_path)
    given = str(tmp_path / "games") if given == "GAMES_DIR" else given
    result = new_game(tmp_path, given)
    assert result.exit_code == 1
    assert result.stderr == (
        f"wtg: {given} is the games folder itself, not a new game's folder: give the new "
        f"game's name alone (`{head(tmp_path)} new-game NAME ...`), and its folder is made in it\n"
    )
    assert made(tmp_path) == ["games"]
