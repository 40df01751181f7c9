"""`wtg map GAME_DIR [--player N] [--turn T] [--format svg|png] [-o FILE]` (issue 15): the
board after a turn as a player may see it, or as the GM does; bad input is one line on
stderr and a non-zero exit, never a traceback."""

from __future__ import annotations

import io
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from PIL import Image

import tests.toy_ruleset as toy
from tests.mapgames import played_game
from wtg.cli import main
from wtg.core.board import Board, Spot
from wtg.game.engine import Game, open_game
from wtg.game.registry import register, unregister
from wtg.maps import NoMap, draw_svg

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def wtg(*args: object) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Game:
    return played_game(tmp_path_factory.mktemp("cli") / "isle", "wok4", "small", 3, turns=2)


def one_line_error(result: Result) -> str:
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = result.stderr.splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("wtg: ")
    return lines[0]


def test_the_gm_view_as_svg_on_standard_output(game: Game) -> None:
    result = wtg("map", game.store.root)
    assert result.exit_code == 0, result.stderr
    root = ET.fromstring(result.stdout_bytes)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.findtext("{http://www.w3.org/2000/svg}title") == "Game isle, turn 2: the GM's view"
    assert result.stdout == draw_svg(open_game(game.store.root))


def test_a_players_view_of_an_earlier_turn(game: Game) -> None:
    result = wtg("map", game.store.root, "--player", 2, "--turn", 1)
    assert result.exit_code == 0, result.stderr
    title = ET.fromstring(result.stdout_bytes).findtext("{http://www.w3.org/2000/svg}title")
    assert title == "Game isle, turn 1: the view of player 2 (Bob)"


def test_a_png_without_a_file_name_goes_to_the_current_folder(
    game: Game, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = wtg("map", game.store.root, "--player", 3, "--format", "png")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == "map of turn 2 written to map-turn2-p3.png\n"
    image = Image.open(tmp_path / "map-turn2-p3.png")
    assert image.format == "PNG" and image.size[0] >= 600 and image.size[1] >= 400
    gm = wtg("map", game.store.root, "--turn", 1, "--format", "png")
    assert gm.stdout == "map of turn 1 written to map-turn1.png\n"
    assert (tmp_path / "map-turn1.png").read_bytes().startswith(PNG_MAGIC)


def test_output_to_a_file_or_to_standard_output(game: Game, tmp_path: Path) -> None:
    target = tmp_path / "gm.svg"
    assert wtg("map", game.store.root, "-o", target).exit_code == 0
    ET.fromstring(target.read_bytes())
    piped = wtg("map", game.store.root, "--format", "png", "--output", "-")
    assert piped.exit_code == 0
    assert Image.open(io.BytesIO(piped.stdout_bytes)).size[0] >= 600


def test_the_same_game_gives_the_same_bytes(game: Game) -> None:
    for form in ("svg", "png"):
        first = wtg("map", game.store.root, "--player", 1, "--format", form, "-o", "-")
        second = wtg("map", game.store.root, "--player", 1, "--format", form, "-o", "-")
        assert first.exit_code == 0 and first.stdout_bytes == second.stdout_bytes


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--player", 9), "wtg: game isle has no player 9 (its players: 1 to 3)"),
        (("--player", 0), "wtg: game isle has no player 0 (its players: 1 to 3)"),
        (("--turn", 3), "wtg: turn 3 of game isle has not been played (turns 0 to 2)"),
        (("--turn", -1), "wtg: turn -1 of game isle has not been played (turns 0 to 2)"),
    ],
)
def test_bad_input_is_one_line(game: Game, args: tuple[object, ...], message: str) -> None:
    assert one_line_error(wtg("map", game.store.root, *args)) == message


def test_a_folder_that_is_no_game_is_one_line(tmp_path: Path) -> None:
    line = one_line_error(wtg("map", tmp_path))
    assert line == f"wtg: {tmp_path} is not a game folder (no game.yaml)"


def test_a_file_that_cannot_be_written_is_one_line(game: Game, tmp_path: Path) -> None:
    line = one_line_error(wtg("map", game.store.root, "-o", tmp_path / "no" / "such.svg"))
    assert line.startswith(f"wtg: cannot write {tmp_path / 'no' / 'such.svg'}: ")


@pytest.fixture
def toy_game(tmp_path: Path) -> Iterator[Path]:
    seating = toy.REGISTRATION.seating
    register("toy", "tests.toy_ruleset", seating, toy.HERE / "templates" / "toy")
    try:
        folder = tmp_path / "bids"
        players = [f"--player=P{i}:p{i}@example.org" for i in (1, 2)]
        made = wtg("new-game", folder, "--ruleset", "toy", *players)
        assert made.exit_code == 0, made.output
        yield folder
    finally:
        unregister("toy")


def test_a_ruleset_that_draws_no_board_is_one_line(toy_game: Path) -> None:
    assert one_line_error(wtg("map", toy_game)) == "wtg: toy draws no map"


def test_a_grid_board_needs_the_grid_module(game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    """A grid board (Tactics) is drawn by ``wtg.maps.grid``; without it, a clear error."""
    grid = Board(
        title="grid",
        shape="grid",
        spots=(Spot(id="0,0", kind="tile", name="meadow", owner=None),),
    )
    monkeypatch.setattr(type(game.ruleset), "board", lambda *_args: grid)
    monkeypatch.setitem(sys.modules, "wtg.maps.grid", None)
    with pytest.raises(NoMap, match=r"grid boards \(Tactics\) cannot be drawn yet"):
        draw_svg(game)


@pytest.mark.parametrize("command", ["report", "aof"])
def test_a_player_the_game_has_not_is_named_with_those_it_has(game: Game, command: str) -> None:
    """`wtg report isle --player 9` (and `aof`, `map`) said only "has no player 9": which
    numbers the game's players have is the next question."""
    said = one_line_error(wtg(command, game.store.root, "--player", 9))
    assert said == "wtg: game isle has no player 9 (its players: 1 to 3)"
