"""game.yaml's ``options`` edited by hand after turn 0 (a WISK game made with ``missing:
pass``, the GM writes ``missing: robot``): the game plays the options its state kept when
turn 0 was made (``KeepsOptions``), so the edit changes nothing, and nothing told the GM.
`wtg status GAME` says which options differ and that the edit changes nothing; --json has
them in ``options_not_played`` (empty when there are none)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import players
from tests.test_gm_controls import run
from wtg.game.engine import create_game


def made(root: Path) -> Path:
    game = create_game(
        root / "games" / "g1", "wisk", "classic", players(2), 7, options={"missing": "pass"}
    )
    return game.store.root / "game.yaml"


def notes(root: Path) -> list[str]:
    out = run(root, "status", "g1").stdout.splitlines()
    return [line for line in out if line.startswith("NOTE")]


def test_an_edited_option_is_said_with_the_one_the_game_plays(tmp_path: Path) -> None:
    config = made(tmp_path)
    assert notes(tmp_path) == []
    assert json.loads(run(tmp_path, "status", "g1", "--json").stdout)["options_not_played"] == []
    text = config.read_text("utf-8")
    assert "missing: pass" in text
    config.write_text(text.replace("missing: pass", "missing: robot"), "utf-8")
    assert notes(tmp_path) == [
        "NOTE: game.yaml's options differ from those the game plays, kept when turn 0 was "
        "made (editing them changes nothing): missing: robot in game.yaml, the game plays "
        "pass"
    ]
    listed = json.loads(run(tmp_path, "status", "g1", "--json").stdout)
    assert listed["options_not_played"] == [
        {"option": "missing", "game_yaml": "robot", "played": "pass"}
    ]
    assert "deadline" in listed and "players" in listed  # the keys of before stay


def test_every_game_s_json_has_them_too(tmp_path: Path) -> None:
    """`wtg status --json` lists each game as `wtg status GAME --json` does."""
    config = made(tmp_path)
    text = config.read_text("utf-8")
    config.write_text(text.replace("missing: pass", "missing: robot"), "utf-8")
    (every,) = json.loads(run(tmp_path, "status", "--json").stdout)["games"]
    assert every["options_not_played"] == [
        {"option": "missing", "game_yaml": "robot", "played": "pass"}
    ]


def test_an_option_deleted_from_game_yaml_is_said_too(tmp_path: Path) -> None:
    """An option taken out of game.yaml's ``options`` (the GM meant to go back to the
    default, ``missing: place``): the game plays what turn 0 kept all the same, and
    nothing said so, the key being gone. It is named as left out, with the default the
    file means now; --json's ``game_yaml`` is null. One left out whose default the game
    plays is no note (a game made without the option)."""
    config = made(tmp_path)
    text = config.read_text("utf-8")
    config.write_text(text.replace("missing: pass", "ties: attacker"), "utf-8")
    assert notes(tmp_path) == [
        "NOTE: game.yaml's options differ from those the game plays, kept when turn 0 was "
        "made (editing them changes nothing): missing: not in game.yaml (its default: "
        "place), the game plays pass"
    ]
    listed = json.loads(run(tmp_path, "status", "g1", "--json").stdout)
    assert listed["options_not_played"] == [
        {"option": "missing", "game_yaml": None, "played": "pass"}
    ]
    config.write_text(text.replace("missing: pass", "missing: pass, missions: true"), "utf-8")
    assert "missions: yes in game.yaml, the game plays no" in notes(tmp_path)[0]
    config.write_text(text, "utf-8")
    assert notes(tmp_path) == []  # cards, ties, missions left out: played as their defaults


def test_a_tactics_games_edited_options_are_said_too(tmp_path: Path) -> None:
    """docs/gm.md names a Tactics game's ``bots:`` among the options read once, at turn 0,
    and `wtg status GAME` as saying so of an edited one; it said nothing of a Tactics
    game (only WISK kept its options where the NOTE looked). Its state keeps the pieces
    a player moves a turn, the bots and the war points: an edit of those is said."""
    create_game(
        tmp_path / "games" / "t1",
        "tactics",
        "meadow",
        players(2),
        7,
        options={"bots": 1, "pieces_per_turn": "2", "war_points": 3},
    )
    config = tmp_path / "games" / "t1" / "game.yaml"
    text = config.read_text("utf-8")
    assert notes_of(tmp_path, "t1") == []
    played = "options: {bots: 1, pieces_per_turn: '2', war_points: 3}"
    assert played in text
    config.write_text(
        text.replace(played, "options: {bots: 2, pieces_per_turn: '1', war_points: 3}"), "utf-8"
    )
    listed = json.loads(run(tmp_path, "status", "t1", "--json").stdout)["options_not_played"]
    assert sorted((o["option"], o["game_yaml"], o["played"]) for o in listed) == [
        ("bots", 2, 1),
        ("pieces_per_turn", "1", "2"),
    ]


def notes_of(root: Path, game: str) -> list[str]:
    out = run(root, "status", game).stdout.splitlines()
    return [line for line in out if line.startswith("NOTE")]


def test_a_number_written_without_quotes_is_the_same_option(tmp_path: Path) -> None:
    """``pieces_per_turn: 2`` written by hand for the '2' the game plays is no edit."""
    create_game(
        tmp_path / "games" / "t1", "tactics", "meadow", players(2), 7,
        options={"pieces_per_turn": "2"},
    )  # fmt: skip
    config = tmp_path / "games" / "t1" / "game.yaml"
    text = config.read_text("utf-8")
    config.write_text(text.replace("pieces_per_turn: '2'", "pieces_per_turn: 2"), "utf-8")
    assert "pieces_per_turn: 2}" in config.read_text("utf-8")
    assert notes_of(tmp_path, "t1") == []


def test_a_standard_or_intermediate_games_headhunting_turns_edited_is_said(
    tmp_path: Path,
) -> None:
    """The turns a home province is kept from headhunting are read at turn 0 and kept in
    the state: an edit of ``headhunting_turns`` changed nothing, and nothing said so. A
    Duel fixes its own: no note of it."""
    for ruleset, game, variant, game_map in (
        ("standard", "s1", "skirmish", "trial"),
        ("intermediate", "i1", None, "marchlands"),
    ):
        create_game(
            tmp_path / "games" / game, ruleset, game_map, players(2), 7, variant=variant,
            options={"headhunting_turns": 3},
        )  # fmt: skip
        config = tmp_path / "games" / game / "game.yaml"
        text = config.read_text("utf-8")
        assert notes_of(tmp_path, game) == []
        config.write_text(text.replace("headhunting_turns: 3", "headhunting_turns: 5"), "utf-8")
        listed = json.loads(run(tmp_path, "status", game, "--json").stdout)
        assert listed["options_not_played"] == [
            {"option": "headhunting_turns", "game_yaml": 5, "played": 3}
        ], ruleset
    create_game(
        tmp_path / "games" / "d1", "standard", "classic60", players(2), 7, variant="duel",
        options={"headhunting_turns": 5},
    )  # fmt: skip
    assert notes_of(tmp_path, "d1") == []


def test_a_wisk_games_robots_edited_are_said(tmp_path: Path) -> None:
    """``robots: 2`` written after turn 0 (to add robots to a game under way) added none,
    and the NOTE said nothing: the robots were not among the options WISK named."""
    create_game(tmp_path / "games" / "g1", "wisk", "classic", players(2), 7, options={"robots": 1})
    config = tmp_path / "games" / "g1" / "game.yaml"
    text = config.read_text("utf-8")
    assert notes(tmp_path) == []
    config.write_text(text.replace("robots: 1", "robots: 2"), "utf-8")
    listed = json.loads(run(tmp_path, "status", "g1", "--json").stdout)
    assert listed["options_not_played"] == [{"option": "robots", "game_yaml": 2, "played": 1}]
