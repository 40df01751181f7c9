"""A report's sentences are wrapped to the 78 columns a mail client shows, not to 78
characters: a letter of Chinese, Japanese or Korean fills two columns. A player named in
twenty such letters (a name well within the 40 characters a name may have) made lines of
79 to 98 columns in every other player's report: ``- 山...山 (player 1) attacked Ukraine
(20) of you from Ural (27):`` is 78 characters, so it was left whole, and filled 98 columns
(the reader's client broke it wherever its screen ended); the header line ``Game g1 -
report of turn 0 for 山...山 (player 1)`` filled 82."""

from __future__ import annotations

from pathlib import Path

from tests.site.games import play_game
from wtg.core.textwidth import text_width
from wtg.game.gameconfig import PlayerEntry
from wtg.text.prose import packed, sentences_wrapped, wrapped

WIDTH = 78
WIDE_NAME = "山" * 20
"""Twenty letters, forty columns."""


def test_a_sentence_of_wide_letters_is_broken_at_78_columns() -> None:
    line = f"- {WIDE_NAME} (player 1) attacked Ukraine (20) of you from Ural (27):"
    assert len(line) == WIDTH and text_width(line) == 98
    for pieces in (sentences_wrapped(line).split("\n"), wrapped(line, "  ").split("\n")):
        assert pieces == [
            f"- {WIDE_NAME} (player 1) attacked Ukraine (20) of",
            "  you from Ural (27):",
        ]
    places = [f"1. {WIDE_NAME} (#1)", "2. Bob (#2)", "3. Cid (#3)"]
    assert packed(places, "Final ranking:").split("\n") == [
        f"Final ranking: 1. {WIDE_NAME} (#1), 2. Bob (#2),",
        "  3. Cid (#3)",
    ]


def test_no_line_of_a_wisk_report_is_wider_than_a_mail_for_a_wide_name(tmp_path: Path) -> None:
    """WISK's reports name the players in sentences only (no table of names): every line of
    every report fits 78 columns, the player of the wide name's own header among them."""
    players = [
        PlayerEntry(id=1, name=WIDE_NAME, email="p1@x.example", code="CODE01XXXXX"),
        PlayerEntry(id=2, name="Bob", email="p2@x.example", code="CODE02XXXXX"),
        PlayerEntry(id=3, name="Ann", email="p3@x.example", code="CODE03XXXXX"),
    ]
    game = play_game(tmp_path, "g1", "wisk", "classic", 3, 4, players=players)
    assert game.latest_turn() == 4
    wide = {
        (turn, seat, line)
        for turn in range(game.latest_turn() + 1)
        for seat in (1, 2, 3)
        for line in game.report(seat, turn).splitlines()
        if text_width(line) > WIDTH
    }
    assert wide == set()
    lines = game.report(1, 1).splitlines()
    at = lines.index(f"Game g1 - report of turn 1 for {WIDE_NAME}")
    assert lines[at + 1] == "  (player #1)"
