"""A game's end said in words wherever it is shown: the reports' END OF THE GAME and THE
GAME IS OVER lines, WISK's report, the site's events (game and turn pages, beside the Top
Ten) and the HiScore's Hall of Fame. They said the state's code words: "last standing",
"vote", "bitter end", "rips", "domination"."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.mapgames import played_game
from tests.rules.wisk.helpers import ALASKA, board_state
from tests.rules.wisk.test_report import CONFIG as WISK_CONFIG
from tests.shipped import WISK
from tests.site.test_hiscore import finished, human
from wtg.core.jsondata import Json
from wtg.game.report import report_text
from wtg.rules.endreasons import end_words
from wtg.rules.wok.state import Outcome
from wtg.site.events import Words, public_lines
from wtg.site.hiscore import hiscore
from wtg.site.pages import render

CODES = ("last standing", "no one left", "alliance", "vote", "bitter end", "rips")


def test_every_code_word_has_words() -> None:
    for code in (*CODES, "domination", "mission"):
        said = end_words(code)
        assert said != code and len(said.split()) >= 4, code
    assert end_words("rips", 4) == "4 RIPs of colours not the winner's own"
    assert end_words("the turn limit (30) was reached") == "the turn limit (30) was reached"


def test_a_wok_report_says_the_end_in_words(tmp_path: Path) -> None:
    for ruleset, map_name, variant, reason in (
        ("standard", "trial", "skirmish", "vote"),
        ("wok4", "small", None, "bitter end"),
        ("wok4", "small", None, "last standing"),
    ):
        game = played_game(
            tmp_path / reason.replace(" ", "-"), ruleset, map_name, 2, 0, variant=variant
        )
        state: Any = game.state()
        state.outcome = Outcome(reason, (1,), (1, 2))
        events: list[dict[str, Json]] = [{"kind": "game_over", "reason": reason, "public": True}]
        text = report_text(game.ruleset, game.config, state, events, 1, aof="")
        words = end_words(reason)
        assert "\nEND OF THE GAME: " in text  # its words broken at a phone's 72 columns
        assert f"END OF THE GAME: {words} " in " ".join(text.split())
        assert f"- THE GAME IS OVER ({words}). END OF THE GAME" in " ".join(text.split())
        assert f"({reason})" not in text and f": {reason}\n" not in text
        assert max(len(row) for row in text.splitlines()) <= 78


def test_a_wisk_report_says_how_the_game_was_won_in_words() -> None:
    state = board_state(owners={ALASKA: 1}, missions=True)
    state.winner, state.won_by = 1, "domination"
    text = report_text(WISK, WISK_CONFIG, state, [], 2, aof="")
    assert "every territory held by one player" in " ".join(text.split())
    assert "won by domination" not in text and "(domination)" not in text
    # the battle log's line too: it said '- RISK 1 (PLAYER #1) WON THE GAME by domination.',
    # the code word and the name in capitals
    won: dict[str, Json] = {"kind": "game_won", "public": True, "visible_to": [1, 2]}
    events: list[dict[str, Json]] = [
        {**won, "player": 1, "how": "domination", "mission": ""},
        {**won, "player": 2, "how": "mission", "mission": "occupy 24 territories"},
    ]
    lines = report_text(WISK, WISK_CONFIG, state, events, 2, aof="").splitlines()
    assert "- Ann (player #1) won the game (every territory held by one player)." in lines
    said = " ".join(" ".join(lines).split())  # a line of 75: broken at a phone's 72
    assert "- You won the game (a player's secret mission done: occupy 24 territories)." in said


def test_the_site_says_the_end_in_words() -> None:
    words = Words({1: "Ann", 2: "Bob"}, {}, rip_target=3)
    events: list[dict[str, Any]] = [
        {"kind": "game_over", "reason": "rips", "winners": [1], "public": True},
        {"kind": "game_over", "reason": "vote", "winners": [1, 2], "public": True},
        {"kind": "game_won", "player": 1, "how": "mission", "public": True},
    ]
    assert public_lines(events, words) == [
        "The game is over (3 RIPs of colours not the winner's own): won by Ann.",
        "The game is over (every player still standing voted to end the game): won by Ann and Bob.",
        "Ann won the game (a player's secret mission done).",
    ]


def test_the_hall_of_fame_says_the_end_in_words() -> None:
    results = [
        finished(human("A", 1), human("B", 2), reason=reason, game=f"g{n}")
        for n, reason in enumerate(CODES)
    ]
    page = render("hiscore.html.j2", h=hiscore(results), root="", site_title="t")
    for reason in CODES:
        assert f"<td>{reason}</td>" not in page
        assert f"<td>{end_words(reason)}</td>".replace("'", "&#39;") in page
