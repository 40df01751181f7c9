"""The roster at the end of a WoK report: the other players of the game, and the address of
each who agreed to share it.

Standard WoK: "Once turn 0 has run, you can see on the map where everyone is starting.
It's now time to contact players near you to do deals." (ruling 28).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner, Result

from wtg.cli import main
from wtg.game.engine import open_game
from wtg.game.gameconfig import ConfigError

PLAYERS = ("Ann:ann@example.org", "Bob:bob@example.org", "Cid:cid@example.org")


def wtg(*args: object) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def new_game(root: Path, *more: object, ruleset: str = "standard") -> Path:
    game_dir = root / "g"
    given = [f"--player={p}" for p in PLAYERS]
    result = wtg("new-game", game_dir, "--ruleset", ruleset, *given, "--seed", 4, *more)
    assert result.exit_code == 0, result.output
    return game_dir


def roster_of(report: str) -> list[str]:
    block = report.split("THE OTHER PLAYERS", 1)[1].split("\n\n", 1)[0]
    return block.splitlines()[1:]


@pytest.mark.parametrize("ruleset", ["wok4", "standard", "intermediate"])
def test_each_report_lists_the_other_players_and_the_shared_addresses(
    tmp_path: Path, ruleset: str
) -> None:
    """Cid agreed to share his address (`--share-address 3`); Ann and Bob did not."""
    on_map = ("--map", "pentarchy") if ruleset == "intermediate" else ()
    game_dir = new_game(tmp_path, "--share-address", 3, *on_map, ruleset=ruleset)
    reports = {p: wtg("report", game_dir, "--player", p).output for p in (1, 2, 3)}
    assert roster_of(reports[1]) == [
        "- Bob (#2): address not shared",
        "- Cid (#3): cid@example.org",
    ]
    assert roster_of(reports[3]) == [
        "- Ann (#1): address not shared",
        "- Bob (#2): address not shared",
    ]
    assert "cid@example.org" in reports[2]


def test_no_address_is_shown_unless_its_player_agreed(tmp_path: Path) -> None:
    """By default nobody's address is shared; and a shared one is in game.yaml (and the
    private JSON copy of its data, ``wtg.files.yamlcopy``) and the other players' reports, and in
    nothing else the game writes or prints."""
    game_dir = new_game(tmp_path)
    report = wtg("report", game_dir, "--player", 1).output
    assert roster_of(report) == ["- Bob (#2): address not shared", "- Cid (#3): address not shared"]
    assert "@example.org" not in report
    shared = new_game(tmp_path / "shared", "--share-address", 2)
    holding = sorted(
        str(path.relative_to(shared))
        for path in shared.rglob("*")
        if path.is_file() and "bob@example.org" in path.read_text(encoding="utf-8")
    )
    assert holding == [
        ".game.yaml.json",
        "game.yaml",
        "turns/0000/reports/p01.txt",
        "turns/0000/reports/p03.txt",
    ]
    for command in (("state", shared, "--json"), ("status", shared, "--json"), ("topten", shared)):
        assert "bob@example.org" not in wtg(*command).output


def test_the_choice_is_kept_in_game_yaml(tmp_path: Path) -> None:
    """`share_address: true` in the player's entry, only where the player agreed."""
    game_dir = new_game(tmp_path, "--share-address", 1, "--share-address", 3)
    data = yaml.safe_load((game_dir / "game.yaml").read_text(encoding="utf-8"))
    assert [p.get("share_address") for p in data["players"]] == [True, None, True]
    config = open_game(game_dir).config
    assert [p.share_address for p in config.players] == [True, False, True]


def test_a_seat_nobody_has_is_refused(tmp_path: Path) -> None:
    result = wtg(
        "new-game", tmp_path / "g", "--ruleset", "standard", *[f"--player={p}" for p in PLAYERS],
        "--share-address", 4,
    )  # fmt: skip
    assert result.exit_code != 0
    assert "--share-address 4: there is no player 4 (players are numbered 1 to 3" in result.output
    assert not (tmp_path / "g").exists()


def test_share_address_in_game_yaml_is_true_or_false(tmp_path: Path) -> None:
    """A hand-edited game.yaml with `share_address: "yes"` shares nothing: it is refused."""
    game_dir = new_game(tmp_path)
    text = (game_dir / "game.yaml").read_text(encoding="utf-8")
    edited = text.replace(
        "email: bob@example.org,", "email: bob@example.org, share_address: 'yes',"
    )
    assert edited != text
    (game_dir / "game.yaml").write_text(edited, encoding="utf-8")
    with pytest.raises(
        ConfigError,
        match=r"line 10: players \(entry 2\): share_address: expected true or false, found "
        "the text 'yes'",
    ):
        open_game(game_dir)


def test_a_duel_roster_names_the_other_humans_colours(tmp_path: Path) -> None:
    """In a Duel the other human plays three colours; robots are no one to write to."""
    game_dir = tmp_path / "d"
    result = wtg(
        "new-game", game_dir, "--ruleset", "standard", "--variant", "duel",
        "--player=Ann:ann@example.org", "--player=Bob:bob@example.org", "--share-address", 2,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    report = wtg("report", game_dir, "--player", 1).output
    assert roster_of(report) == ["- Bob, playing BobA (#2), BobB (#4), BobC (#6): bob@example.org"]
    status = json.loads(wtg("status", game_dir, "--json").output)
    assert "bob@example.org" not in json.dumps(status)
