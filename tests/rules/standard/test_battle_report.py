"""How a Standard report tells a battle: how many armies took the province or held it.

"At the end of the fight, injured troops in the victorious army will recover": a battle's
losses are counted after the recovery. The report said 'you lost 2, they lost 7. The
province is yours (2 injured recovered, ...)' of 11 armies of which 9 moved in: a player
adds the recovered back (11 - 2 + 2) and expects 11. It now says what moved in or was left,
the recovered among them. (Intermediate's report names the troops that moved in already.)
"""

from __future__ import annotations

from tests.rules.builders import FixedRng, orders, run_standard
from tests.rules.standard.test_attacks import A0, A4, A5, A10, D0, D4, D5, attack, battle_state
from tests.rules.standard.test_victory import RULESET, config
from wtg.game.report import report_text


def words(text: str) -> str:
    return " ".join(text.split())


def test_the_winner_of_an_attack_is_told_how_many_armies_moved_in() -> None:
    state = battle_state(attackers=2, defenders=1)
    result = run_standard(state, orders(1, attack=[attack(1, 2, 2)]), rng=FixedRng(A4, D5, A10, D0))
    assert result.state.province(2).arm == 2
    events = [e.to_dict() for e in result.events]
    mine = words(report_text(RULESET, config(2), result.state, events, 1, aof=""))
    assert "- Attack from 1 on 2 " in mine
    assert (
        "with 2 armies against 1: 2 rounds, you lost 0, they lost 1. The province is "
        "yours: 2 armies moved in, 1 of them injured and recovered (level +0.012)." in mine
    )
    theirs = words(report_text(RULESET, config(2), result.state, events, 2, aof=""))
    assert "against your 1: 2 rounds, you lost 1, they lost 0. The province is lost." in theirs


def test_the_defender_who_holds_is_told_how_many_armies_are_left() -> None:
    state = battle_state(attackers=1, defenders=2)
    result = run_standard(state, orders(1, attack=[attack(1, 2, 1)]), rng=FixedRng(A5, D4, A0, D5))
    assert result.state.province(2).arm == 2
    events = [e.to_dict() for e in result.events]
    theirs = words(report_text(RULESET, config(2), result.state, events, 2, aof=""))
    assert (
        "against your 2: 2 rounds, you lost 0, they lost 1. You held the province: 2 "
        "armies left, 1 of them injured and recovered (level +0.006)." in theirs
    )
    mine = words(report_text(RULESET, config(2), result.state, events, 1, aof=""))
    assert "you lost 1, they lost 0. Your attack failed." in mine
