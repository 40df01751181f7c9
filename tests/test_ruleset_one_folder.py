"""Issue 26: "A ruleset is one folder: its options and its registration live in
`rules/<name>/`; adding one touches no table elsewhere." What the site and the ratings
treat differently from one ruleset to the next (its public board, its Top Ten's words, the
word for a robot, Elo or Plackett-Luce, the WoK HiScore) is said by its registration; no
table outside ``wtg/rules`` names a ruleset (there were eight, in ``wtg/site/board.py``,
``facts.py``, ``hiscore.py`` and ``wtg/host/ratings.py``)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from wtg.core.jsondata import JsonObject
from wtg.core.ruleset import Registration
from wtg.game import registry
from wtg.game.registry import SHIPPED_NAMES, registration_of
from wtg.host.ratings import ELO, PLACKETT_LUCE, method_of
from wtg.host.results import Finished
from wtg.site.board import NO_BOARD, published_board
from wtg.site.hiscore import hiscore

WTG = Path(__file__).resolve().parents[1] / "wtg"


def named_in_tables(text: str, names: frozenset[str]) -> Iterator[tuple[int, str]]:
    """Each ruleset's name written as a key or an element of a dict, set, list or tuple,
    or compared with (``== "wisk"``, ``in ("wok4", ...)``)."""
    for node in ast.walk(ast.parse(text)):
        found: list[ast.expr | None] = []
        if isinstance(node, ast.Dict):
            found = list(node.keys)
        elif isinstance(node, ast.Set | ast.List | ast.Tuple):
            found = list(node.elts)
        elif isinstance(node, ast.Compare):
            found = [node.left, *node.comparators]
        for item in found:
            if isinstance(item, ast.Constant) and item.value in names:
                yield item.lineno, item.value


def test_no_table_outside_the_rulesets_names_one() -> None:
    names = frozenset(SHIPPED_NAMES)
    found = [
        f"{path.relative_to(WTG.parent)}:{line}: {name}"
        for path in sorted(WTG.rglob("*.py"))
        if (WTG / "rules") not in path.parents
        for line, name in named_in_tables(path.read_text(encoding="utf-8"), names)
    ]
    assert found == []


def test_the_check_finds_a_table_of_rulesets() -> None:
    text = 'A = {"wisk": 1}\nB = frozenset({"tactics"})\nC = x == "wok4"\nD = f("wok4")\n'
    names = frozenset({"wisk", "tactics", "wok4"})
    assert sorted(named_in_tables(text, names)) == [(1, "wisk"), (2, "tactics"), (3, "wok4")]


@pytest.fixture
def wok4_as_said(monkeypatch: pytest.MonkeyPatch) -> Registration:
    """WoK IV's registration told otherwise: the site and the ratings follow it."""
    package, shipped = registry._SHIPPED["wok4"]
    told = shipped.replaced(
        public_board="holders",
        board_table="provinces",
        no_board="",
        score_words=("Gold", "Lands"),
        bot_word="automaton",
        rating="Elo",
        hiscore=False,
    )
    monkeypatch.setitem(registry._SHIPPED, "wok4", (package, told))
    return told


PUBLIC: JsonObject = {"provinces": [{"id": 1, "name": "Ash", "owner": 2}]}


def test_the_registration_alone_decides_what_the_site_and_the_ratings_do(
    wok4_as_said: Registration,
) -> None:
    table, why = published_board("wok4", PUBLIC, {2: "Bea"})
    assert why == "" and table is not None
    assert table.rows == (("1", "Ash", "Bea"),)
    assert method_of("wok4") == ELO
    assert registration_of("wok4").score_words == ("Gold", "Lands")  # the site's heads
    assert registration_of("wok4").bot_word == "automaton"  # GameFacts.bot_word
    won = Finished(
        game="g1", ruleset="wok4", finished="2026-12-01T00:00:00Z", reason="vote", entries=()
    )
    assert (hiscore([won]).games, hiscore([won]).fame) == (0, ())


def test_a_wok_game_counts_in_the_hiscore_as_its_registration_says() -> None:
    won = Finished(
        game="g1", ruleset="wok4", finished="2026-12-01T00:00:00Z", reason="vote", entries=()
    )
    assert hiscore([won]).games == 1
    assert [fame.game for fame in hiscore([won]).fame] == ["g1"]


def test_the_shipped_registrations_say_what_the_site_showed() -> None:
    """The words and boards the site showed by its tables, now each ruleset's own."""
    wok4, tactics, wisk = (registration_of(n) for n in ("wok4", "tactics", "wisk"))
    assert published_board("wok4", PUBLIC, {2: "Bea"}) == (None, wok4.no_board)
    assert wok4.no_board.startswith("The WoK IV manual shows each player his own provinces")
    assert [registration_of(n).hiscore for n in SHIPPED_NAMES] == [
        n in ("wok4", "standard", "intermediate") for n in SHIPPED_NAMES
    ]
    assert (tactics.rating, tactics.bot_word, tactics.score_words) == (
        "Elo",
        "bot",
        ("Hit points", "Pieces"),
    )
    assert (wisk.public_board, wisk.board_table, wisk.score_words) == (
        "open",
        "territories",
        ("Armies", "Territories"),
    )
    for name in ("standard", "intermediate"):
        assert (registration_of(name).public_board, registration_of(name).board_table) == (
            "holders",
            "provinces",
        )


def test_a_ruleset_no_registration_describes_gets_every_default() -> None:
    """A ruleset added while the process runs (the toy), or a game's of a newer wtg."""
    assert published_board("toy", PUBLIC, {}) == (None, NO_BOARD)
    assert method_of("toy") == PLACKETT_LUCE
    assert registration_of("toy").score_words == ("Score", "Provinces")
    assert registration_of("toy").bot_word == "robot"
