"""`wtg new-game --map PATH.yaml`: a GM's own map, checked whole before anything is made,
refused in one line that names the problem, and copied into the game folder."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from tests.bigmap import grid_map
from tests.shipped import WOK4
from wtg.cli import main
from wtg.engine import open_game
from wtg.yamlio import dump_yaml, load_yaml


def players(count: int) -> list[str]:
    return [f"--player=P{i}:p{i}@example.org" for i in range(1, count + 1)]


def write(path: Path, data: dict[str, Any]) -> str:
    path.write_text(dump_yaml(data), encoding="utf-8")
    return str(path)


def new_game(tmp_path: Path, *args: str) -> Result:
    return CliRunner().invoke(main, ["new-game", str(tmp_path / "games" / "g"), *args])


def refused(tmp_path: Path, *args: str) -> str:
    result = new_game(tmp_path, *args)
    assert result.exit_code == 1, result.output
    assert not (tmp_path / "games").exists()  # nothing was created
    lines = result.stderr.splitlines()
    assert len(lines) == 1, lines
    return lines[0]


def test_a_map_file_is_played_from_the_copy_in_the_game_folder(tmp_path: Path) -> None:
    source = write(tmp_path / "mine.yaml", grid_map(150, 3))
    made = new_game(tmp_path, "--ruleset", "wok4", "--map", source, *players(3), "--seed", "2")
    assert made.exit_code == 0, made.output
    assert f"on map {source}" in made.output
    folder = tmp_path / "games" / "g"
    assert (folder / "map.yaml").read_text(encoding="utf-8") == Path(source).read_text("utf-8")
    assert (folder / "map.yaml").stat().st_mode & 0o777 == 0o600
    assert load_yaml((folder / "game.yaml").read_text(encoding="utf-8"))["map"] == "map.yaml"
    Path(source).unlink()  # the game does not need the GM's file any more
    game = open_game(folder).typed(WOK4)
    assert len(game.state().provinces) == 150
    assert "A1: ___  ___ ___" in game.aof(1)  # 150 provinces: three-digit province fields
    assert game.run_turn() == 1


def test_a_relative_path_holding_a_slash_or_a_yml_name_is_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "maps").mkdir()
    write(tmp_path / "maps" / "ring.yml", grid_map(30, 2))
    write(tmp_path / "ring.yaml", grid_map(30, 2))
    for number, given in enumerate(("maps/ring.yml", "./maps/ring.yml", "ring.yaml")):
        target = tmp_path / "games" / f"ring{number}"
        made = CliRunner().invoke(
            main, ["new-game", str(target), "--ruleset", "wok4", "--map", given, *players(2)]
        )
        assert made.exit_code == 0, made.output
        assert (target / "map.yaml").is_file()


def test_a_missing_map_file(tmp_path: Path) -> None:
    missing = str(tmp_path / "nowhere.yaml")
    assert refused(tmp_path, "--ruleset", "wok4", "--map", missing, *players(2)) == (
        f"wtg: no map file {missing}"
    )


def test_ids_must_be_unique(tmp_path: Path) -> None:
    data = grid_map(20, 2)
    data["provinces"][6]["id"] = 6
    path = write(tmp_path / "twice.yaml", data)
    message = refused(tmp_path, "--ruleset", "wok4", "--map", path, *players(2))
    assert message.startswith(f"wtg: map {path} is not valid: province #7: id 6 is the id of")
    assert "province #6 already" in message


def test_neighbours_must_be_mutual(tmp_path: Path) -> None:
    data = grid_map(20, 2)
    data["provinces"][0]["neighbours"].append(9)
    path = write(tmp_path / "oneway.yaml", data)
    assert refused(tmp_path, "--ruleset", "wok4", "--map", path, *players(2)) == (
        f"wtg: map {path} is not valid: province 1 (Land 1) lists 9 as a neighbour, "
        "but 9 does not list 1"
    )


def test_neighbours_must_exist(tmp_path: Path) -> None:
    data = grid_map(20, 2)
    data["provinces"][19]["neighbours"].append(21)
    path = write(tmp_path / "beyond.yaml", data)
    assert refused(tmp_path, "--ruleset", "wok4", "--map", path, *players(2)) == (
        f"wtg: map {path} is not valid: province 20 (Land 20): neighbour 21 does not exist"
    )


def test_many_problems_are_counted_in_the_one_line(tmp_path: Path) -> None:
    data = grid_map(20, 2)
    for province in data["provinces"]:
        province["pop"] = 5
    path = write(tmp_path / "barren.yaml", data)
    message = refused(tmp_path, "--ruleset", "wok4", "--map", path, *players(2))
    assert message.startswith(f"wtg: map {path} is not valid: province #1 (Land 1): pop must")
    assert message.endswith("(and 17 more problems)")


def test_enough_start_provinces_for_the_players(tmp_path: Path) -> None:
    path = write(tmp_path / "two.yaml", grid_map(40, 2))
    assert refused(tmp_path, "--ruleset", "wok4", "--map", path, *players(3)) == (
        f"wtg: map {path} has 2 start provinces, not enough for 3 players"
    )


def test_a_duel_needs_the_start_provinces_of_every_colour(tmp_path: Path) -> None:
    """A Duel seats each human on three colours and adds four robots: ten starts."""
    path = write(tmp_path / "eight.yaml", grid_map(120, 8))
    assert refused(
        tmp_path, "--ruleset", "standard", "--variant", "duel", "--map", path, *players(2)
    ) == (f"wtg: map {path} has 8 start provinces, not enough for 10 players")


@pytest.mark.parametrize("ruleset", ["wisk", "tactics"])
def test_rulesets_of_other_maps_take_no_map_file(tmp_path: Path, ruleset: str) -> None:
    path = write(tmp_path / "grid.yaml", grid_map(20, 2))
    message = refused(tmp_path, "--ruleset", ruleset, "--map", path, *players(2))
    assert message.startswith(f"wtg: map {path} is not valid: {ruleset} is played on its own")
