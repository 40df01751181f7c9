"""Levels: "Each piece starts the battle at level one, and increases in level with experience
earned by attacking. You earn more experience for attacking a higher-level piece than a
lower-level one. You earn experience each time you hit your target, and double experience
for destroying the target." """

from __future__ import annotations

from tests.rules.tactics.builders import KINDS, piece
from wtg.rules.tactics.levels import XP_PER_LEVEL, experience, gain, needed
from wtg.rules.tactics.state import FULL_REST, runtime_stats

KNIGHT = KINDS[0]


def test_more_experience_for_a_higher_level_target() -> None:
    assert experience(1, 1, killed=False) == 10
    assert experience(1, 3, killed=False) == 30
    assert experience(3, 1, killed=False) == 3
    assert experience(9, 1, killed=False) == 1  # never nothing for a hit


def test_double_experience_for_destroying_the_target() -> None:
    assert experience(1, 1, killed=True) == 2 * experience(1, 1, killed=False)
    assert experience(2, 3, killed=True) == 2 * experience(2, 3, killed=False) == 30


def test_levels_need_more_experience_as_they_rise() -> None:
    """Ruling 5: level L needs 30 x L points for the next, and keeps what is over."""
    assert [needed(level) for level in (1, 2, 3)] == [XP_PER_LEVEL, 60, 90]
    knight = piece(11, "KNIGHT", 1, 1)
    assert gain(knight, KNIGHT, 25) == 0 and (knight.lev, knight.xp) == (1, 25)
    assert gain(knight, KNIGHT, 10) == 1 and (knight.lev, knight.xp) == (2, 5)
    assert gain(knight, KNIGHT, 200) == 2 and (knight.lev, knight.xp) == (4, 55)


def test_runtime_stats_rise_with_the_level() -> None:
    """ "runtime STR = base STR + level - 1; runtime AGI = base AGI + level - 1; runtime DEF
    = base DEF + 2 * (level - 1); runtime maxHP = base HP + 2 * (level - 1); runtime maxMP =
    base MP + 2 * (level - 1)" "I cannot boost a piece's mobility or attack range" """
    kind = KINDS[0]
    stats = runtime_stats(kind, 4)
    assert stats.strength == kind.strength + 3
    assert stats.agility == kind.agility + 3
    assert stats.defense == kind.defense + 6
    assert stats.max_hp == kind.hp + 6
    assert stats.max_mp == kind.mp + 6
    assert runtime_stats(kind, 1).max_hp == kind.hp


def test_a_level_up_recharges_hp_mp_and_rest() -> None:
    """ "When enough XP is attained, the piece levels up (and gets a recharge of its HP, MP,
    and Rest)" """
    knight = piece(11, "KNIGHT", 1, 1, hp=2, rest=0)
    gain(knight, KNIGHT, XP_PER_LEVEL)
    assert knight.lev == 2
    assert knight.hp == KNIGHT.hp + 2
    assert knight.mp == KNIGHT.mp + 2
    assert knight.rest == FULL_REST
    tired = piece(12, "KNIGHT", 1, 1, hp=2, rest=0)
    gain(tired, KNIGHT, XP_PER_LEVEL - 1)
    assert (tired.hp, tired.rest) == (2, 0)
