"""'Your workers made: +2.000 LEV' added up the level the workers of two provinces gave
their own armies, each 1.000 ("LEV increases by WOK / (ARM X LEV) (maximum of 1)"): a
player read one army gaining 2 levels. The production event now names each province of
aim LEV with its gain (``lev_gains``, beside the sum ``lev`` it kept), and the report says
the gain of each; an event written before it names none, and reads as it did."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules.builders import empty, make_state, run, run_standard
from tests.rules.standard.test_victory import config
from tests.shipped import STANDARD, WOK4
from wtg.game.report import report_text


def words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize(("ruleset", "resolve"), [(STANDARD, run_standard), (WOK4, run)])
def test_the_level_each_province_s_armies_gained_is_said_per_province(
    ruleset: Any, resolve: Any
) -> None:
    state = make_state()
    for pid in (1, 2):  # Standard: 60 / (20 x 1.500) = 2, at most 1; WoK IV: 200 x 0.005
        empty(state, pid, 1, wok=60 if ruleset is STANDARD else 200, arm=20, lev=1500, aim="LEV")
    empty(state, 3, 1, wok=8, arm=5, aim="DEF")
    result = resolve(state)
    (made,) = [e for e in result.events if e.kind == "production" and e.player == 1]
    assert made.lev == 2000  # the sum, as ever
    assert made.lev_gains == ((1, 1000), (2, 1000))
    events = [e.to_dict() for e in result.events]
    text = words(report_text(ruleset, config(2), result.state, events, 1, aof=""))
    assert "Armies trained: +1.000 LEV in 1 Prov1, +1.000 LEV in 2 Prov2." in text
    assert "+2.000 LEV" not in text
    (line,) = [row for row in text.split("- ") if row.startswith("Your workers made")]
    assert "LEV" not in line.split(" Armies trained:")[0]  # no sum among the products


def test_an_event_written_before_it_names_no_province_and_reads_as_it_did() -> None:
    state = make_state()
    empty(state, 1, 1, wok=60, arm=20, lev=1500, aim="LEV")
    result = run_standard(state)
    events = [e.to_dict() for e in result.events]
    for event in events:
        event.pop("lev_gains", None)
    text = words(report_text(STANDARD, config(2), result.state, events, 1, aof=""))
    assert "Your workers made: +1.000 LEV." in text
    assert "Armies trained" not in text


def test_a_province_that_trained_nobody_is_not_said_to_gain_nothing() -> None:
    """A province of aim LEV whose troops were all lost (an attack from it failed) read
    'Armies trained: +0.000 LEV in 18 Dunescar', as if its armies trained for nothing:
    there is nobody to train (ruling), and the line says why nothing was gained."""
    state = make_state()
    empty(state, 1, 1, wok=60, arm=20, lev=1500, aim="LEV")
    empty(state, 2, 1, wok=60, arm=0, lev=1500, aim="LEV")
    result = run_standard(state)
    events = [e.to_dict() for e in result.events]
    text = words(report_text(STANDARD, config(2), result.state, events, 1, aof=""))
    assert "+0.000 LEV" not in text
    assert (
        "Armies trained: +1.000 LEV in 1 Prov1, none in 2 Prov2 (no armies or no "
        "workers there, or its level is at the most)." in text
    ), text


def test_wok4_s_province_that_gained_nothing_says_why() -> None:
    """WoK IV's workers raise the level whatever the armies: a province without workers
    gains nothing, and the line does not blame the armies."""
    state = make_state()
    empty(state, 1, 1, wok=200, arm=20, lev=1500, aim="LEV")
    empty(state, 2, 1, wok=0, arm=5, lev=1500, aim="LEV")
    result = run(state)
    events = [e.to_dict() for e in result.events]
    text = words(report_text(WOK4, config(2), result.state, events, 1, aof=""))
    assert "+0.000 LEV" not in text
    assert "none in 2 Prov2 (no workers there, or its level is at the most)." in text, text


def test_the_provinces_that_trained_nobody_share_one_reason() -> None:
    """'none in 9 Ossengard (no armies or no workers there, or its level is at the most),
    none in 10 Pollardine (no armies or no workers there, or its level is at the most),
    +1.000 LEV in 16 Heartmere': the reason said again for each. The gains come first,
    then the provinces of none together, with the reason once."""
    state = make_state()
    empty(state, 1, 1, wok=60, arm=0, lev=1500, aim="LEV")
    empty(state, 2, 1, wok=60, arm=20, lev=1500, aim="LEV")
    empty(state, 3, 1, wok=60, arm=0, lev=1500, aim="LEV")
    result = run_standard(state)
    events = [e.to_dict() for e in result.events]
    text = words(report_text(STANDARD, config(2), result.state, events, 1, aof=""))
    assert (
        "Armies trained: +1.000 LEV in 2 Prov2, none in 1 Prov1 and 3 Prov3 (no armies or"
        " no workers there, or their level is at the most)." in text
    ), text
    assert text.count("no workers there") == 1
