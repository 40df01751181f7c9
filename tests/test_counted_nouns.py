"""A count beside its noun, as a player reads it: "1 missile", "1 army", "1 attack", never
"1 missiles" or "1 attack(s)" (a player's trial found "with 1 missiles" in a report and a
confirmation)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import wtg
from tests.conftest import players
from tests.shipped import STANDARD
from wtg.core.plurals import counted
from wtg.game.engine import Game, create_game
from wtg.game.report import report_text
from wtg.mail.outgoing.compose import forecast_template
from wtg.rules.wok.state import Outcome, WokState

ONE_PLURAL = re.compile(r"\b1 (missiles|armies|attacks|spies|orders|provinces|points|cards)\b")


def test_counted_takes_the_singular_for_one_alone() -> None:
    assert counted(1, "missile") == "1 missile"
    assert counted(0, "missile") == "0 missiles"
    assert counted(2, "army", "armies") == "2 armies"
    assert counted(1, "army", "armies") == "1 army"
    assert counted(1, "tech point") == "1 tech point"


def test_a_bomb_of_one_missile_reads_one_missile(game: Game[WokState]) -> None:
    """A bombing order of 1 missile from a province that has none: the confirmation's
    forecast and the report each tell it as "with 1 missile"."""
    state = game.state()
    home = next(p for p in state.provinces if p.owner == 1)
    assert home.mis == 0
    target = home.neighbours[0]
    sub = game.submit(
        f"player: 1\nturn: 1\nbomb:\n- {{from: {home.id}, to: {target}, missiles: 1}}\n"
    )
    said = f"bomb {target} from {home.id} with 1 missile: no missiles left in province"
    said += f" {state.named(home.id)}"
    forecast = game.ruleset.forecast(state, sub.orders, 1)
    mail = forecast_template("wok4").render(forecast=forecast, ruleset="wok4")
    assert f"Would not run: {said}." in " ".join(mail.split())
    game.run_turn()
    report = game.report(1)
    assert f"- Not executed (phase I, bombing): {said}." in " ".join(report.split())
    assert not ONE_PLURAL.search(" ".join((mail + report).split()))


def test_one_order_decided_later_is_counted_as_one(game: Game[WokState]) -> None:
    """The forecast's "Decided when the turn runs" counts one bombing order, one attack and
    one spy operation in the singular ("1 attack(s)" before)."""
    state = game.state()
    home = next(p for p in state.provinces if p.owner == 1)
    home.mis = 5
    target = home.neighbours[0]
    sub = game.submit(
        f"player: 1\nturn: 1\nbomb:\n- {{from: {home.id}, to: {target}, missiles: 1}}\n"
        f"attack:\n- {{from: {home.id}, to: {target}, armies: 1}}\n"
        f"spy:\n- {{from: {home.id}, to: {target}, op: 1, spies: 1}}\n"
    )
    forecast = game.ruleset.forecast(state, sub.orders, 1)
    assert forecast["later"] == ["1 bombing order", "1 attack", "1 spy operation"]
    mail = forecast_template("wok4").render(forecast=forecast, ruleset="wok4")
    assert "Decided when the turn runs: 1 bombing order, 1 attack, 1 spy operation" in mail


def test_no_template_counts_with_a_bracketed_plural() -> None:
    """No report or mail template prints a count as "N card(s)": each uses the ``count``
    filter."""
    from wtg.data.paths import templates_path

    root = templates_path()
    hedged = re.compile(r"\}\}\s*[a-z ]*\(s\)")
    found = [
        f"{path.relative_to(root)}:{number}"
        for path in sorted(root.rglob("*.j2"))
        if "site" not in path.parts
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if hedged.search(line)
    ]
    assert found == []


def test_the_end_of_a_wok_game_names_its_winner_or_its_winners(tmp_path: Path) -> None:
    """Every WoK report at the end said ``Winner(s): Ann (#1)`` of one winner."""
    game = create_game(tmp_path / "g", "standard", "classic60", players(6), seed=5)
    state = game.typed(STANDARD).state()
    state.outcome = Outcome("last standing", (1,), (1, 2, 3, 4, 5, 6), (1, 2, 3, 4, 5, 6))
    alone = report_text(STANDARD, game.config, state, [], 2, aof="")
    assert "\nWinner: Ann (#1)\n" in alone
    state.outcome = Outcome("alliance", (1, 2), (1, 2, 3, 4, 5, 6), (1, 1, 3, 4, 5, 6))
    shared = report_text(STANDARD, game.config, state, [], 3, aof="")
    assert "\nWinners: Ann (#1), Bob (#2)\n" in shared
    assert "(s)" not in alone + shared


COUNTED_CODE = ("wtg", "bench")
"""The folders of the checkout whose strings are held to ``counted``: every answer, report
line and GM's line of wtg (an answer's "1 of 4 answer(s) held back", the poll's lines, the
digest, `wtg send`'s, `wtg serve`'s and `wtg status`'s lines, the GM's game commands' "4
notice(s) queued", `wtg site`'s "1 game(s)", `wtg backup`'s and `wtg restore`'s, a ruleset's
refusals) and the figures the benchmarks print ("1 game(s)")."""


def _hedged_strings(path: Path) -> list[int]:
    """The lines of the module's string literals (f-strings' text too) holding a noun
    with ``(s)`` or ``(es)``, in either case ("WRONG CODE(s)")."""
    hedged = re.compile(r"[a-z]\((?:s|es)\)", re.IGNORECASE)
    return [
        node.lineno
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and hedged.search(node.value)
    ]


def test_no_line_of_wtg_or_its_benchmarks_counts_with_a_bracketed_plural() -> None:
    top = Path(wtg.__file__).parent.parent
    found = [
        f"{path.relative_to(top)}:{line}"
        for folder in COUNTED_CODE
        for path in sorted((top / folder).rglob("*.py"))
        for line in _hedged_strings(path)
    ]
    assert found == []


def test_the_scan_finds_a_bracketed_plural(tmp_path: Path) -> None:
    """The scan reads f-strings' text and capitals: what it is for, it finds."""
    module = tmp_path / "hedged.py"
    module.write_text(
        "def line(n: int) -> str:\n"
        '    return f"{n} notice(s) queued"\n'
        "\n"
        "\n"
        'CODES = "3 WRONG CODE(s)"\n',
        encoding="utf-8",
    )
    assert sorted(_hedged_strings(module)) == [2, 5]
