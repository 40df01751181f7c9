"""A title broken to its width keeps a part in brackets whole on a line where one holds it
(``wtg.text.prose.titled``): the forms' titles read ``for good (your`` over ``  provinces
stay, dug in)`` (QUIT), ``(00 = nobody; blank`` over ``  keeps it as it is)`` (WoK IV's
ALLIANCE), ``third (you`` over ``  have 0 gold)`` (Standard's UPGRADES), a thought cut in
two where the bracket opened; so did the AOF Sender's page, which prints the same lines, a
Tactics report's headings and WISK's GM report's."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.aof.test_title_last_word import lines_after
from tests.conftest import players
from tests.played import game_config
from tests.rules.tactics.builders import OPEN7, piece, state
from tests.shipped import TACTICS
from wtg.game.engine import create_game
from wtg.game.report import report_text
from wtg.rules.tactics.state import ARMY
from wtg.site.formdata import form_data
from wtg.text import prose
from wtg.text.prose import titled, words_wrapped


def test_the_forms_titles_keep_their_brackets_whole(tmp_path: Path) -> None:
    wok4 = create_game(tmp_path / "w", "wok4", "classic60", players(10), 5).aof(1)
    assert lines_after(wok4, "ALLIANCE:") == [
        "ALLIANCE: the player you would share victory with",
        "  (00 = nobody; blank keeps it as it is)",
    ]
    assert lines_after(wok4, "QUIT:") == [
        "QUIT: 1 = you leave the game at the end of this turn, for good",
        "  (your provinces stay, dug in)",
    ]
    standard = create_game(tmp_path / "s", "standard", "classic60", players(2), 5).aof(1)
    assert lines_after(standard, "9 UPGRADES:") == [
        "9 UPGRADES: 100, 200 and 300 gold for the first, second and third",
        "  (you have 0 gold)",
    ]


def test_the_sender_page_prints_the_titles_as_the_form_does(tmp_path: Path) -> None:
    game = create_game(tmp_path / "s", "standard", "classic60", players(2), 5)
    sections = form_data(game.ruleset.form_for(game.state()))["sections"]
    assert isinstance(sections, list)
    quit_lines = next(
        s["title_lines"] for s in sections if isinstance(s, dict) and s["key"] == "quit"
    )
    assert quit_lines == [
        "QUIT: 1 = you leave the game at the end of this turn, for good",
        "  (your provinces stay, dug in)",
    ]


def test_a_report_s_headings_keep_their_brackets_whole(tmp_path: Path) -> None:
    game = state(OPEN7, [piece(11, "KNIGHT", 1, 1), piece(21, "PIKE", 3, 1)])
    game.phase = ARMY
    text = report_text(TACTICS, game_config("tactics", "open7", 2, 1), game, [], 1)
    assert lines_after(text, "KINDS ON THE BOARD") == [
        "KINDS ON THE BOARD",
        "  (what a kind gives each of its pieces, at every level)",
    ]
    assert lines_after(text, "WEAPONS") == [
        "WEAPONS",
        "  (DOMINATES: a target whose weapon is of that class has its DEF halved)",
    ]
    wisk = create_game(tmp_path / "kaomaris", "wisk", "classic", players(2), 5)
    assert wisk.report(None).splitlines()[1:3] == [
        "Game kaomaris - report of turn 0 for the game master",
        "  (what every player sees)",
    ]


def test_a_bracket_no_line_holds_is_broken_as_any_words() -> None:
    assert titled("short (it fits)", "  ", 72) == "short (it fits)"
    long = "HEAD (" + "word " * 20 + "end)"
    assert titled(long, "  ", 40) == words_wrapped(long, "  ", 40)
    assert titled("one two (three four) five six", "  ", 14) == (
        "one two\n  (three four)\n  five six"
    )


def test_each_players_form_breaks_the_titles_once_a_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A turn's forms (one a player, every turn) carry the same titles: each is broken at
    its words once, the next form given the lines kept (it broke all ten again a form)."""
    game = create_game(tmp_path / "w", "wok4", "classic60", players(10), 5)
    first = game.aof(1)
    broken: list[str] = []

    def counted(text: str, indent: str, width: int = prose.WIDTH) -> str:
        broken.append(text)
        return words_wrapped(text, indent, width)

    monkeypatch.setattr(prose, "words_wrapped", counted)
    assert game.aof(1) == first
    assert broken == []
    assert "  (your provinces stay, dug in)" in game.aof(2).splitlines()
    assert broken == []
