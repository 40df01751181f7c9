"""bench/tune_wisk.py: the WISK robot's weights changed by name for self-play, and bad
input refused with one clear line."""

from __future__ import annotations

import pytest

from bench.tune_wisk import main, parse
from wtg.rules.wisk.weights import WEIGHTS


def test_weights_are_changed_by_name() -> None:
    changed = parse(["risk=5", "least_odds=0.4"])
    assert changed == {**WEIGHTS, "risk": 5.0, "least_odds": 0.4}


def test_an_unknown_weight_or_a_bad_value_is_one_clear_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["riks=5"]) == 2
    error = capsys.readouterr().err
    assert error.startswith("tune_wisk.py: no weight 'riks' (the weights: ")
    assert error.count("\n") == 1
    assert main(["risk=lots"]) == 2
    assert capsys.readouterr().err == "tune_wisk.py: risk=lots: the value is no number\n"


def test_it_plays_the_changed_robot_against_the_shipped_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["risk=5", "--games", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(": ")[1] for line in lines] == [
        "vs shipped, 1 against 1",
        "1 among 3 shipped",
        "vs naive, 1 against 1",
    ]
    assert all(line.startswith("risk=5: ") for line in lines)


def test_it_plays_games_with_secret_missions_from_a_seed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["win=0", "--games", "1", "--missions", "--first-seed", "101"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3 and all(line.startswith("win=0: ") for line in lines)
    assert main(["--first-seed", "0"]) == 2
    assert capsys.readouterr().err == ("tune_wisk.py: --games and --first-seed must be 1 or more\n")
