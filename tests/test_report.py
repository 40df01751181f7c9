"""Section 8: what a report shows - provinces, totals with averages, EFF, tech points, the
events, the next OoP, the Top Ten, and the next AOF ready to fill in."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.conftest import NAMES
from wtg.game.engine import Game
from wtg.rules.wok.state import WokState


def test_turn_zero_report_of_a_player(game: Game[WokState]) -> None:
    state = game.state()
    home = next(p for p in state.provinces if p.owner == 4)
    report = game.report(4)
    assert "report of turn 0 for Dee (player #4)" in report
    assert "EFF: 99%   Tech points: 0   Attacks next turn: 3" in report
    row = f"{home.id:>4} {home.name:<14} {home.pop:>4}  24  12 1.750  1.0    0  10 DEF"
    assert row in report
    assert "1.750a 1.0a" in report  # "1.244a means AVERAGE armies level of 1.244"
    oop = ", ".join(f"{NAMES[p - 1]} (#{p}{', you' if p == 4 else ''})" for p in state.oop)
    heading = "ORDER OF PLAY FOR TURN 1 (first to last, in every phase):\n"
    assert heading in report
    said = report[report.index(heading) + len(heading) :].split("\n\n")[0]
    assert " ".join(said.split()) == f"{oop}."
    assert "TOP TEN" in report and report.count(" 1 province\n") == 10  # one each at the start
    assert report.index("TOP TEN") < report.index("=== BEGIN AOF ===")
    assert "GAME: g1  TURN: 1  PLAYER: 4  CODE: CODE0004" in report


def test_averages_weigh_the_level_by_armies(game: Game[WokState]) -> None:
    from wtg.rules.wok.view import totals

    state = game.state()
    a, b = state.province(1), state.province(2)
    a.arm, a.lev, a.dfn = 30, 2000, 10
    b.arm, b.lev, b.dfn = 10, 1000, 5
    summary = totals([a, b])
    assert (summary.lev, summary.dfn, summary.arm) == ("1.750a", "0.8a", 40)


def test_battle_is_told_to_both_sides(game: Game[WokState]) -> None:
    """The attacker and the defender each read the battle; nobody else does."""
    state = game.state()
    attacker = next(p for p in state.provinces if p.owner == 1)
    target = attacker.neighbours[0]
    game.submit(
        f"player: 1\nturn: 1\nattack:\n- {{from: {attacker.id}, to: {target}, armies: 12}}\n"
    )
    game.run_turn()
    report = " ".join(game.report(1).split())
    # the source by number and name, as the target is: 'Attack from 7 on 1 Arvenlee' named
    # one province and left the other a bare number
    source, aimed = f"{attacker.id} {attacker.name}", f"{target} {state.province(target).name}"
    assert f"- Attack from {source} on {aimed} (neutral) with 12 armies against " in report
    assert "rounds" in report
    assert "Attack from" not in game.report(2)


def test_counted_nouns_agree_with_their_number() -> None:
    from wtg.game.report import count

    assert count(1, "army", "armies") == "1 army"
    assert count(3, "army", "armies") == "3 armies"
    assert count(0, "province") == "0 provinces"
    assert count(1, "province") == "1 province"
    assert count(42, "territory", "territories") == "42 territories"


def test_missed_turns_are_counted_down_to_quitting(game: Game[WokState]) -> None:
    """ "3 in a row and you QUIT the game": the report says where the player stands."""
    said = []
    for _ in range(3):
        game.run_turn()
        said.append(next(line for line in game.report(4).splitlines() if "missed" in line))
    assert said == [
        # '3 in a row and you QUIT' read as three missed already, and after two it did
        # not say the next turn is the last
        # press49: '3 missed turns in a row and you QUIT the game' read, to a player new to
        # it, as news that he had quit; the next report counts down as this one now does
        "You missed the last turn: miss the next 2 too and you QUIT the game.",
        "You missed the last 2 turns: miss turn 3 too and you QUIT the game.",
        # the quitter who missed his turns, the one most likely to write again, read
        # nothing of what QUIT means, where one who quit by his QUIT line reads 'you give
        # no more orders' (and his report has no form); 'and have QUIT' made it 76
        # columns, past a phone's 72
        "You missed 3 turns in a row and QUIT the game: you give no more orders.",
    ]


def test_averages_round_halves_up_whatever_the_float(game: Game[WokState]) -> None:
    """The TOTAL row's averages were a float formatted: a half went up or down as the
    binary fraction fell (DEF 1.0 and 1.1 averaged "1.1a", 1.2 and 1.3 "1.2a"; LEV 1.000
    and 1.001 "1.000a"). Now each is the nearest in the column's places, a half up,
    reckoned in whole thousandths and tenths."""
    from wtg.rules.wok.view import totals

    state = game.state()
    a, b = state.province(1), state.province(2)
    cases = [
        ((10, 11), (1000, 1001), ("1.001a", "1.1a")),
        ((12, 13), (1000, 1000), ("1.000a", "1.3a")),
        ((14, 15), (1002, 1003), ("1.003a", "1.5a")),
        ((0, 1), (9998, 9999), ("9.999a", "0.1a")),
    ]
    for (dfn_a, dfn_b), (lev_a, lev_b), expected in cases:
        a.arm, a.lev, a.dfn = 1, lev_a, dfn_a
        b.arm, b.lev, b.dfn = 1, lev_b, dfn_b
        summary = totals([a, b])
        assert (summary.lev, summary.dfn) == expected
    a.arm = b.arm = 0  # no armies: the levels' plain average
    a.lev, b.lev = 1000, 1003
    assert totals([a, b]).lev == "1.002a"


def test_victory_points_are_said_only_where_the_rules_award_them(tmp_path: Path) -> None:
    """A finished Intermediate (or Standard) game's report said "Victory points: you
    earned 0." to its winner: those rules award none (WoK IV's manual does), while the
    host's HiScore gives the game's players theirs from its final ranking (12 to a sole
    winner). The report now says so; WoK IV's still says what the player earned."""
    from tests.mapgames import played_game
    from wtg.game.report import report_text
    from wtg.rules.wok.state import Outcome

    won = played_game(tmp_path / "i", "intermediate", "marchlands", 2, 30)
    assert won.ruleset.is_over(won.state())
    for player in (1, 2):
        said = " ".join(won.report(player).split())
        assert "Victory points: none in these rules; the host's HiScore gives them by the" in said
        assert "you earned" not in said
    for ruleset, map_name, variant, vp in (
        ("standard", "trial", "skirmish", None),
        ("wok4", "small", None, 12),
    ):
        game = played_game(tmp_path / ruleset, ruleset, map_name, 2, 0, variant=variant)
        state: Any = game.state()
        state.outcome = Outcome("last standing", (1,), (1, 2))
        state.player(1).vp = 12 if vp else 0
        text = " ".join(report_text(game.ruleset, game.config, state, [], 1, aof="").split())
        if vp:
            assert "Victory points: you earned 12." in text
        else:
            assert "Victory points: none in these rules;" in text and "earned" not in text


def test_attacks_next_turn_only_for_a_player_who_has_a_next_turn(tmp_path: Path) -> None:
    """The status line said "Attacks next turn: 6" to a player wiped out, and to everyone
    once the game was over: a number nobody could use. It is said to a player still
    standing in a game that goes on."""
    from tests.mapgames import played_game

    won = played_game(tmp_path / "i", "intermediate", "marchlands", 2, 30)
    assert won.ruleset.is_over(won.state())
    for player in (1, 2):
        status = won.report(player).splitlines()[3]
        assert status.startswith("Status: ") and "Attacks next turn" not in status
    going = played_game(tmp_path / "w", "wok4", "small", 2, 1)
    assert "Tech points: 0   Attacks next turn: 3" in going.report(1).splitlines()[3]
