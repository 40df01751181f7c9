"""What a Duel's (and Trinity's) report tells a player of the race to RIPs that ends it.

"The first player to get three RIPs (excluding his own colours) wins" (000_..., "WoK: Duel");
by RULE-NOTES (ruling 21 of docs/rules/standard.md) two players reaching the count on one
turn raise the target to four. The colour's own RIPs were listed, but not the count that
wins nor the human's count across his colours, and the end said its reason as a code word.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.rules.standard.test_duel import ANN_A, ANN_B, ANN_C, ROBO1, ROBO2, entries
from tests.shipped import STANDARD as RULESET
from wtg.core.jsondata import Json
from wtg.core.ruleset import SeatId
from wtg.game.engine import Game, create_game
from wtg.game.press import Press
from wtg.game.report import report_text
from wtg.game.turnfiles import seat_report, turn_files
from wtg.rules.wok.state import DEAD, QUIT, Outcome, WokState


def duel(tmp_path: Path) -> tuple[Game[WokState], WokState]:
    game = create_game(tmp_path / "d", "standard", "classic60", entries(2), 5, "duel").typed(
        RULESET
    )
    return game, game.state()


def colour_report(text: str, colour: int) -> str:
    """The part of a human's report that is one colour's (from its title to the next)."""
    parts = text.split("World of Kaomaris - Standard WoK\n")
    (part,) = [p for p in parts if p.startswith("Game ") and f"(player #{colour})\n" in p]
    return part


def test_the_rips_line_keeps_the_blank_line_before_the_provinces(tmp_path: Path) -> None:
    """The RIPs line ate the newline after it: the last report of a Skirmish won by P1 read
    'RIPs: Bob (#2)' and YOUR PROVINCES on the next line, no blank line between, as no
    other report's status lines have."""
    game = create_game(tmp_path / "s", "standard", "trial", entries(2), 5, "skirmish").typed(
        RULESET
    )
    state = game.state()
    state.turn = 4  # no headhunting line under the status line
    state.player(1).rips = [2]
    text = report_text(RULESET, game.config, state, [], 1, aof="")
    lines = text.splitlines()
    assert lines[lines.index("YOUR PROVINCES") - 2 : lines.index("YOUR PROVINCES")] == [
        "RIPs: Bob (#2)",
        "",
    ]
    assert "RIPs to win" not in text  # a Skirmish is won by the last standing


def test_each_colour_s_report_says_the_rips_that_win_and_the_human_s_count(
    tmp_path: Path,
) -> None:
    """The human's RIPs across his colours, his own colours not counted, and the count
    that wins: a player read only each colour's list."""
    game, state = duel(tmp_path)
    state.turn = 6
    for colour in (ROBO1, ROBO2):
        state.player(colour).status = DEAD
    state.player(ANN_A).rips = [ROBO1]
    state.player(ANN_C).rips = [ROBO2, ANN_B]  # his own colour: no RIP of his
    line = "RIPs to win: 3 of colours not your own; you have 2."
    for colour in (ANN_A, ANN_B, ANN_C):  # each of Ann's colours' reports
        text = report_text(RULESET, game.config, state, [], colour, aof="")
        assert line in text.splitlines()
    bob = report_text(RULESET, game.config, state, [], 2, aof="")
    assert "RIPs to win: 3 of colours not your own; you have 0." in " ".join(bob.split())


def test_a_raised_target_is_said_with_why(tmp_path: Path) -> None:
    """Ruling 21: both humans reached three on one turn, the game went on; the report said
    nothing of why, or of the four now needed."""
    game, state = duel(tmp_path)
    state.turn = 9
    state.rip_target = 4
    state.player(ANN_A).rips = [ROBO1, ROBO2, 4]
    text = report_text(RULESET, game.config, state, [], ANN_A, aof="")
    assert (
        "RIPs to win: 4 of colours not your own (two players reached 3 on one turn); "
        "you have 3." in " ".join(text.split())
    )
    assert max(len(row) for row in text.splitlines()) <= 78


def test_the_end_by_rips_is_said_in_words(tmp_path: Path) -> None:
    """'END OF THE GAME: rips' and 'THE GAME IS OVER (rips).' said the reason as the code
    word the state keeps; no line says the RIP race once the game is over."""
    game, state = duel(tmp_path)
    state.turn = 12
    state.outcome = Outcome(
        reason="rips", winners=(ANN_A, ANN_B, ANN_C), ranking=tuple(range(1, 11))
    )
    events: list[dict[str, Json]] = [{"kind": "game_over", "reason": "rips", "public": True}]
    text = report_text(RULESET, game.config, state, events, 2, aof="")
    assert "END OF THE GAME: 3 RIPs of colours not the winner's own\n" in text
    assert "- THE GAME IS OVER (3 RIPs of colours not the winner's own).\n" in text
    assert "rips)" not in text and ": rips" not in text
    assert "RIPs to win" not in text


@pytest.mark.parametrize(("variant", "humans", "colours"), [("duel", 2, 3), ("trinity", 3, 2)])
def test_a_human_s_mail_says_what_all_his_colours_share_once(
    tmp_path: Path, variant: str, humans: int, colours: int
) -> None:
    """A Duel or Trinity human gets one mail for his colours: it repeated the order of play,
    the Top Ten and THE OTHER PLAYERS for each colour. Each colour keeps its own report and
    form; what is the same for all of them is said once, after the last colour's report and
    before the forms."""
    game = create_game(tmp_path / "d", "standard", "classic60", entries(humans), 5, variant)
    text = game.report(1, 0)
    assert text.count("=== BEGIN AOF ===") == colours
    assert text.count("\nYOUR PROVINCES\n") == colours
    assert text.count("\nWHAT HAPPENED THIS TURN\n") == colours
    for label in ("ORDER OF PLAY FOR TURN 1 (", "\nTOP TEN (by", "\nTHE OTHER PLAYERS ("):
        assert text.count(label) == 1, label
    assert text.index("\nTOP TEN (by") < text.index("=== BEGIN AOF ===")
    last_title = text.rindex("World of Kaomaris - Standard WoK\n")
    assert last_title < text.index("\nTOP TEN (by")
    assert "Bob, playing BobA (#2)" in text
    assert max(len(row) for row in text.splitlines()) <= 78


def test_the_shared_parts_are_said_once_when_a_colour_is_out_or_the_game_is_over(
    tmp_path: Path,
) -> None:
    """Ann's first colour is dead: the order of play, which a dead colour's report leaves
    out, is still said once for the two that play on; at the game's end its result once."""
    game = create_game(tmp_path / "d", "standard", "classic60", entries(2), 5, "duel")
    typed = game.typed(RULESET)
    state = typed.state()
    state.player(ANN_A).status = DEAD
    files = turn_files(RULESET, typed.config, typed.store, state, [], {"turn": 0})
    text = files["reports/p01.txt"]
    assert text.count("ORDER OF PLAY FOR TURN 1 (") == 1
    assert text.count("=== BEGIN AOF ===") == 2
    state.outcome = Outcome(
        reason="rips", winners=(ANN_A, ANN_B, ANN_C), ranking=tuple(range(1, 11))
    )
    text = turn_files(RULESET, typed.config, typed.store, state, [], {"turn": 0})["reports/p02.txt"]
    assert text.count("END OF THE GAME:") == 1
    assert text.count("\nTOP TEN (the winners first, the others by score)\n") == 1
    assert text.count("report of turn 0 for Bob") == 3
    assert "=== BEGIN AOF ===" not in text


def test_the_press_line_is_said_once_for_a_human_s_colours(tmp_path: Path) -> None:
    """The line on the turn's press (mailed apart) stood under each colour's report."""
    game = create_game(tmp_path / "d", "standard", "classic60", entries(2), 5, "duel")
    typed = game.typed(RULESET)
    state = typed.state()
    press = [Press(side=2, name="BobA", at="2026-01-01T00:00:00Z", text="Hello")]
    sides = [ANN_A, ANN_B, ANN_C]
    text = seat_report(RULESET, typed.config, state, [], sides, [], None, press, {}, None)
    assert text.count("PRESS: 1 piece of press this turn") == 1
    assert text.index("PRESS: 1 piece") > text.index("\nTHE OTHER PLAYERS (")
    assert "Hello" not in text


def test_a_trinity_human_whose_colours_are_all_out_is_told_he_lost(tmp_path: Path) -> None:
    """ "if all three of your spots have been RIPed then you have lost regardless of how many
    RIPs you and your opponent have" ("Trinity uses all the rules of WoK: Duel"), and "a
    player can quit at any time". In a Trinity the other two play on: Ann, both colours
    RIPed (or one QUIT), read 'RIPs to win: 3 of colours not your own; you have 1.' turn
    after turn, as if still in the race, and no line said she had lost."""
    game = create_game(tmp_path / "t", "standard", "classic60", entries(3), 5, "trinity").typed(
        RULESET
    )
    state = game.state()
    state.turn = 20
    ann_a, ann_b = 1, 4  # Trinity: AnnA 1, BobA 2, CidA 3, AnnB 4, ...
    state.player(ann_a).status = DEAD
    state.player(ann_b).rips = [2]
    text = report_text(RULESET, game.config, state, [], ann_b, aof="")
    assert "RIPs to win: 3 of colours not your own; you have 1." in text  # AnnB stands
    state.player(ann_b).status = QUIT
    for colour in (ann_a, ann_b):
        text = " ".join(report_text(RULESET, game.config, state, [], colour, aof="").split())
        assert "RIPs to win" not in text
        assert (
            "You have lost the game: every colour of yours is RIPed or QUIT (you had 1 RIP "
            "of colours not your own)." in text
        )
    bob = report_text(RULESET, game.config, state, [], 2, aof="")
    assert "RIPs to win: 3 of colours not your own; you have 0." in " ".join(bob.split())


@pytest.mark.parametrize(("variant", "humans"), [("duel", 2), ("trinity", 3)])
def test_a_human_s_mail_says_the_rips_race_once(tmp_path: Path, variant: str, humans: int) -> None:
    """The race to RIPs is the human's, counted over all his colours: his mail said 'RIPs
    to win: 3 of colours not your own; you have 0.' under each colour's status line, the
    same words two or three times. It is said once, at the head of what the colours share,
    before the order of play; each colour's own RIPs stay in its report."""
    game = create_game(tmp_path / "d", "standard", "classic60", entries(humans), 5, variant)
    typed = game.typed(RULESET)
    state = typed.state()
    sides = RULESET.sides_of(state, SeatId(1))
    state.turn = 4  # no headhunting line beside it
    state.player(sides[0]).rips = [ROBO1]
    text = seat_report(RULESET, typed.config, state, [], sides, [], None, [], {}, None)
    lines = text.splitlines()
    line = "RIPs to win: 3 of colours not your own; you have 1."
    assert lines.count(line) == 1
    assert lines[lines.index(line) : lines.index(line) + 3] == [
        line,
        "",
        "ORDER OF PLAY FOR TURN 5 (first to last, in every phase):",
    ]
    assert lines.count("RIPs: Robo1 (#7)") == 1  # the colour's own, in its report
    assert lines.index("RIPs: Robo1 (#7)") < lines.index("WHAT HAPPENED THIS TURN")
    for side in sides[1:]:
        state.player(side).status = DEAD
    state.player(sides[0]).status = QUIT
    text = seat_report(RULESET, typed.config, state, [], sides, [], None, [], {}, None)
    lost = (
        "You have lost the game: every colour of yours is RIPed or QUIT (you had 1 RIP of "
        "colours not your own)."
    )
    assert " ".join(text.split()).count(lost) == 1


@pytest.mark.parametrize(("variant", "humans"), [("duel", 2), ("trinity", 3)])
def test_a_human_s_mail_says_the_headhunting_line_once(
    tmp_path: Path, variant: str, humans: int
) -> None:
    """The start provinces protected in the first turns are the game's, the same for every
    colour: a Duel's mail said them under each colour's status line, three times. Said
    once, with the race to RIPs, before the order of play."""
    game = create_game(tmp_path / "d", "standard", "classic60", entries(humans), 5, variant)
    typed = game.typed(RULESET)
    state = typed.state()
    sides = RULESET.sides_of(state, SeatId(1))
    text = seat_report(RULESET, typed.config, state, [], sides, [], None, [], {}, None)
    lines = text.splitlines()
    head = (
        "Headhunting: the start provinces cannot be bombed, attacked or spied on",
        "  until the end of turn 3: 3 Vessany, 7 Quessel, 13 Dunmaren,",
        "  21 Caradune, 25 Hollowmarch, 29 Tamberlin, 38 Mirrendale, 44 Halcarra,",
        "  52 Yarrowgate, 60 Tessandrine.",
    )
    assert lines.count(head[0]) == 1
    at = lines.index(head[0])
    assert lines[at - 1 : at + 6] == [
        "RIPs to win: 3 of colours not your own; you have 0.",
        *head,
        "",
        "ORDER OF PLAY FOR TURN 1 (first to last, in every phase):",
    ]
    whole = report_text(RULESET, typed.config, state, [], sides[0], aof="")
    assert head[0] in whole.splitlines()  # a colour's report on its own says it
