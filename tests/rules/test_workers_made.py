"""A report's workers line listed every product, zeros and all: 'Your workers made: +0.0
DEF, 8 MIS, 0 SPY, 0 gold, 0% EFF', and a player looked for the DEF he never ordered. It
says only what the workers made ('Your workers made: 8 MIS.'), and one line where they
made nothing ('Your workers made nothing this turn.'), in every WoK ruleset."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.rules.builders import empty, make_state, run, run_standard
from tests.rules.intermediate.grid import make_grid, run_intermediate
from tests.rules.standard.test_victory import config
from tests.shipped import INTERMEDIATE, STANDARD, WOK4
from wtg.game.report import report_text
from wtg.rules.wok.state import WokState

RULESETS = [
    (STANDARD, make_state, run_standard),
    (WOK4, make_state, run),
    (INTERMEDIATE, make_grid, run_intermediate),
]
MISSILES = {STANDARD: 8, WOK4: 6, INTERMEDIATE: 8}
"""What 24 workers of aim MIS make: 1 MIS for every 3 WOK (WoK IV: every 4)."""


def workers_line(ruleset: Any, state: WokState, resolve: Callable[..., Any]) -> str:
    """Player 1's workers line in his report of the turn ``state`` runs."""
    result = resolve(state)
    events = [e.to_dict() for e in result.events]
    text = report_text(ruleset, config(2), result.state, events, 1, aof="")
    joined = " ".join(text.split())
    (line,) = [row for row in joined.split("- ") if row.startswith("Your workers made")]
    return line.strip()


@pytest.mark.parametrize(
    ("wok", "said"),
    [(24, "Your workers made: {missiles} MIS."), (0, "Your workers made nothing this turn.")],
)
@pytest.mark.parametrize(("ruleset", "board", "resolve"), RULESETS)
def test_only_what_the_workers_made_is_said(
    ruleset: Any, board: Callable[[], WokState], resolve: Callable[..., Any], wok: int, said: str
) -> None:
    """24 workers of aim MIS make missiles and nothing else; none make nothing, said in one
    line."""
    state = board()
    empty(state, 1, 1, wok=wok, aim="MIS")
    empty(state, 20, 2)
    assert workers_line(ruleset, state, resolve) == said.format(missiles=MISSILES[ruleset])


def test_the_products_keep_their_order_and_units() -> None:
    """Standard: 8 WOK of aim DEF and 12 of aim SPY; gold and EFF made none, so unsaid."""
    state = make_state()
    empty(state, 1, 1, wok=8, aim="DEF")
    empty(state, 2, 1, wok=12, aim="SPY")
    assert workers_line(STANDARD, state, run_standard) == "Your workers made: +0.1 DEF, 3 SPY."


def test_workers_who_only_trained_armies_are_not_said_to_make_nothing() -> None:
    """The LEV each province gained is said after the line (``lev_gains``): the line itself
    says the workers made nothing else, not nothing."""
    state = make_state()
    empty(state, 1, 1, wok=60, arm=20, lev=1500, aim="LEV")
    line = workers_line(STANDARD, state, run_standard)
    assert line == (
        "Your workers made nothing but the armies' training. Armies trained: +1.000 LEV in 1 Prov1."
    )
