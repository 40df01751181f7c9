"""A hostile player's name that fakes figures in the Top Ten's name column: ``Zed 99999 99
ACTIVE`` filled the twenty columns of its row's name, and the row read ``2 #1 Zed 99999 99
ACTIVE 365 1 ACTIVE``: to a reader, a score of 99999 and 99 provinces, in the Top Ten of
every player's report and topten.txt. Such a name is refused where a new one is given (a
JOIN, ``new-game --player``: two numbers standing alone, or one beside a status word), and
one a game has already (a GM's game.yaml, an older wtg) is shown between double quotes in
every column of names (``wtg.game.textcolumn.column``), cut inside them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.lobby.hall import Hall, address
from tests.site.games import people, play_game
from wtg.cli import main
from wtg.game.textcolumn import column, figures_problem, reads_as_figures, text_width

FAKE = "Zed 99999 99 ACTIVE"


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        (FAKE, '"Zed 99999 99 ACTIV"'),
        ("Zed 99999", '"Zed 99999"         '),
        ("Zed 7 Bob", '"Zed 7 Bob"         '),
        ("Zed ACTIVE", '"Zed ACTIVE"        '),
        ('Ann" 12 99 "Q', "\"Ann' 12 99 'Q\"     "),  # her own quotes end nothing
        ("Zed \uff19\uff19 \uff19", '"Zed \uff19\uff19 \uff19"' + " " * 7),  # 13 columns
        ("Zed       99", '"Zed       99"      '),  # a GM's game.yaml: blanks to a column
        ("Agent 47", "Agent 47            "),
        ("Robot 3", "Robot 3             "),
        ("Lord1 Bob", "Lord1 Bob           "),
        ("Zed Active", "Zed Active          "),
    ],
)
def test_a_name_that_reads_as_figures_is_quoted_in_its_column(name: str, shown: str) -> None:
    assert column(name, 20) == shown
    assert text_width(column(name, 20)) == 20


def test_the_rule_of_a_new_name_is_narrower_than_the_quotes() -> None:
    assert figures_problem("Zed 99999 99") is not None
    assert figures_problem("Zed 99 ACTIVE") is not None
    assert figures_problem("Zed 99999") is None  # quoted where shown, and taken
    assert figures_problem("Agent 47") is None
    said = figures_problem(FAKE)
    assert said is not None and "(99999 and 99 beside ACTIVE)" in said, said
    assert reads_as_figures("Zed 99999") and not reads_as_figures("Agent 47")


_ROW = re.compile(r"^\s+(\d+) #(\d+)\s+(.{20}) +(\d+) +(\d+) ([A-Z]+)$")


@pytest.mark.parametrize(
    ("ruleset", "map_name"), [("wok4", "small"), ("wisk", "classic"), ("tactics", "meadow")]
)
def test_a_game_that_has_such_a_name_shows_it_quoted(
    tmp_path: Path, ruleset: str, map_name: str
) -> None:
    players = people(ruleset, 3)
    players[1] = players[1].replaced(name=FAKE)  # as a GM's game.yaml, or an older wtg, has it
    game = play_game(tmp_path / "games", ruleset, ruleset, map_name, 3, 1, players=players)
    rows = [found.groups() for line in game.topten().splitlines() if (found := _ROW.match(line))]
    assert len(rows) == 3, game.topten()
    (zed,) = [row for row in rows if row[1] == "2"]
    assert zed[2] == '"Zed 99999 99 ACTIV"', zed
    report = game.report(game.latest_turn(), 1)
    # its table of players, whose names are as wide as the longest where a phone's line
    # has room (round 47): quoted, and whole (the prose around it names him whole too)
    expected = '"Zed 99999 99 ACTIVE"' if ruleset == "wok4" else '"Zed 99999 99 ACTIV"'
    assert expected in report, report


def test_a_top_ten_an_older_wtg_wrote_shows_the_name_quoted_at_once(tmp_path: Path) -> None:
    """The latest turn's topten.txt written before names were quoted kept the bare name in
    ``wtg topten`` until the next turn ran; it is written anew, as the game stands (the
    site draws its Top Ten from the state, each name in a cell of its own). An earlier
    turn's stays as it was written."""
    players = people("wok4", 3)
    players[1] = players[1].replaced(name=FAKE)
    game = play_game(tmp_path / "games", "wok4", "wok4", "small", 3, 2, players=players)
    latest = game.latest_turn()
    for turn in (latest - 1, latest):
        path = game.store.turn_dir(turn) / "topten.txt"
        path.write_text(path.read_text().replace('"Zed 99999 99 ACTIV"', FAKE), "utf-8")
    assert '"Zed 99999 99 ACTIV"' in game.topten()
    said = CliRunner().invoke(main, ["topten", str(tmp_path / "games" / "wok4")])
    assert said.exit_code == 0 and '"Zed 99999 99 ACTIV"' in said.output, said.output
    assert FAKE in game.topten(latest - 1)  # as it was written


def test_new_game_refuses_such_a_name_and_says_why(tmp_path: Path) -> None:
    args = ["new-game", str(tmp_path / "g1"), "--ruleset", "wok4", "--seed", "3"]
    for player in (f"{FAKE}:z@example.org", "Ann:a@example.org", "Agent 47:b@example.org"):
        args += ["--player", player]
    made = CliRunner().invoke(main, args)
    assert made.exit_code == 1, made.output
    assert "player 1: the name Zed 99999 99 ACTIVE holds numbers standing alone" in made.output
    assert "write at most one number as a word of its own (Agent 47)" in made.output
    assert not (tmp_path / "g1").exists()


@pytest.mark.parametrize("name", ["Zed 99999 99", "Zed 5 ACTIVE"])
def test_a_join_under_such_a_name_is_refused(tmp_path: Path, name: str) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=4)
    answer = hall.answer(address(9), f"JOIN wok4 AS {name}")
    assert answer.subject == f"JOIN wok4 AS {name}: not done", answer.subject
    assert f"the name {name} holds numbers standing alone" in answer.words, answer.body
    assert "choose another with AS <name>" in answer.words


def test_a_join_under_one_number_is_asked(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=4)
    answer = hall.answer(address(9), "JOIN wok4 AS Agent 47")
    assert answer.subject.startswith("JOIN wok4: confirm with CONFIRM "), answer.subject
