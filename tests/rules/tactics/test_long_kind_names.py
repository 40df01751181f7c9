"""A world's own kind of piece may be called by a long name (its key, the name's words
joined by hyphens: ``STONE-GOLEM-OF-THE-DEEP``): the report's tables of pieces, of kinds,
of attacks and of the pieces to pick from cut it at 13 or 11 letters (``STONE-GOLEM-O``),
and a player could not tell two such kinds apart. It goes on under itself, in its column,
broken after a hyphen (``column_lines``), every row's other columns where they were."""

from __future__ import annotations

from tests.played import game_config
from tests.rules.tactics.builders import KINDS, OPEN7, kind, piece, state
from tests.shipped import TACTICS
from wtg.game.report import report_text
from wtg.game.textcolumn import column_lines
from wtg.rules.tactics.state import ARMY

LONG = "STONE-GOLEM-OF-THE-DEEP"


def report(phase: str | None = None, player: int = 1) -> list[str]:
    """A player's report of a battle of a knight (11) against a long-named kind (21) two
    tiles away, each able to attack the other."""
    golem = kind(LONG, weapon=2)
    game = state(OPEN7, [piece(11, "KNIGHT", 1, 1), piece(21, "PIKE", 3, 1)])
    game.kinds = (*KINDS, golem)
    game.pieces[1].kind = LONG
    if phase:
        game.phase = phase
    config = game_config("tactics", "open7", 2, 1)
    return report_text(TACTICS, config, game, [], player).splitlines()


def under(lines: list[str], heading: str, count: int) -> list[str]:
    at = next(i for i, line in enumerate(lines) if line.startswith(heading))
    return lines[at + 1 : at + 1 + count]


def test_a_long_kind_goes_on_under_itself_in_each_table() -> None:
    lines = report()
    assert under(lines, " ID COLOUR KIND", 3) == [
        " 11 red    KNIGHT        01/01  10/10   0   5   5   5  2    1    0/30",
        " 21 green  STONE-GOLEM-  03/01  10/10   0   5   5   5  2    1    0/30",
        "           OF-THE-DEEP",
    ]
    assert under(lines, "KIND          MOB", 3) == [
        "KNIGHT          3 1-1 E    Sword (blade > pole)",
        "STONE-GOLEM-    3 1-1 E    Spear (pole > beast)",
        "OF-THE-DEEP",
    ]
    attacks = under(lines, "PIECE         TARGET", 3)
    assert attacks[0].startswith("11 KNIGHT     21 STONE-    * 03/01 02/01    1  10%")
    assert attacks[1:] == [" " * 17 + "GOLEM-OF-", " " * 17 + "THE-DEEP"]
    assert all(len(line) <= 78 for line in lines)
    theirs = under(report(player=2), "PIECE         TARGET", 3)
    assert theirs[0].startswith("21 STONE-     11 KNIGHT    ")
    assert theirs[1:] == ["   GOLEM-OF-", "   THE-DEEP"]


def test_the_pieces_to_pick_from_name_a_long_kind_whole() -> None:
    lines = report(ARMY)
    rows = under(lines, "  #  NAME          MAX", len(KINDS) + 2)
    at = next(i for i, row in enumerate(rows) if "STONE-GOLEM-" in row)
    assert rows[at].startswith(f"{len(KINDS) + 1:3d}  STONE-GOLEM-    9  10")
    assert rows[at + 1] == "     OF-THE-DEEP"


def test_a_word_wider_than_its_column_breaks_after_a_hyphen_before_it_is_cut() -> None:
    """A word with no hyphen is cut between its letters, as before; one with hyphens is
    broken after one, a place's name of a GM's map (``Saint-Jean-de-Luz``) as a kind's key."""
    assert column_lines(LONG, 13) == ["STONE-GOLEM- ", "OF-THE-DEEP"]
    assert column_lines("Saint-Jean-de-Luz-sur-Mer", 11) == ["Saint-Jean-", "de-Luz-sur-", "Mer"]
    assert column_lines("ANCIENTFIREDRAGON", 13) == ["ANCIENTFIREDR", "AGON"]
    assert column_lines("Upper Saint-Jean", 11) == ["Upper      ", "Saint-Jean"]
