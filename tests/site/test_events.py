"""The public events of a turn on the game's page: what the rules made public, in words;
nothing else."""

from __future__ import annotations

from typing import Any

from wtg.site.events import Words, public_lines

WORDS = Words({1: "Ann", 2: "Bob", 3: "Robot 3"}, {12: "Highmoor", 21: "North Africa"})


def event(kind: str, public: bool = True, **fields: Any) -> dict[str, Any]:
    return {"kind": kind, "visible_to": [] if public else [1], "public": public, **fields}


def test_only_public_events_are_told() -> None:
    """A WoK battle is seen by those who fought it: not on the site."""
    events = [
        event("battle", public=False, attacker=1, defender=2, province=12, conquered=True),
        event("spy_report", public=False, player=1, target=12, success=True),
        event("player_eliminated", player=2, by=1, province=12),
    ]
    assert public_lines(events, WORDS) == ["Bob was wiped out by Ann in Highmoor (12)."]


def test_conquests_deaths_quits_and_the_end() -> None:
    events = [
        event("battle", attacker=1, defender=2, source=20, target=21, conquered=True),
        event("battle", attacker=2, defender=1, source=21, target=20, conquered=False),
        event("eliminated", player=2, by=1, cards=2),
        event("player_quit", player=3, chosen=False),
        event("player_quit", player=2, chosen=True),
        event("game_won", player=1, how="domination", mission=""),
        event("game_over", reason="last standing", winners=[1], ranking=[1, 2, 3]),
        event("game_over", places=[2, 1], reason="last army standing"),
    ]
    assert public_lines(events, WORDS) == [
        "Ann took North Africa (21) from Bob.",
        "Bob was eliminated by Ann.",
        "Robot 3 missed three turns in a row and is out (QUIT).",
        "Bob quit the game.",
        "Ann won the game (every territory held by one player).",
        "The game is over (one player left standing): won by Ann.",
        "The battle is over (last army standing): 1st Bob, 2nd Ann.",
    ]


def test_routine_events_are_left_to_the_reports() -> None:
    events = [
        event("turn_began", player=1, stage="play"),
        event("placed", player=1, territory=21, armies=3, why="orders"),
        event("walked", player=1, piece=3, piece_kind="WOLF", start=[1, 1], to=[2, 2], steps=2),
        event("voted_end", player=1, vote=False),
    ]
    assert public_lines(events, WORDS) == []


def test_a_public_event_of_a_kind_without_words_is_shown_as_it_is() -> None:
    """ "published spy reports where the rules publish them": a ruleset that makes one
    public has it shown, field by field."""
    events = [event("spy_report", player=1, target=12, success=True, provinces=[1, 2])]
    assert public_lines(events, WORDS) == ["Spy report: player 1, target 12, success True."]


def test_a_duel_rip_is_one_sentence_with_the_colours_fall() -> None:
    """A colour wiped out in a race to RIPs (Duel, Trinity) was told twice: "Bob was wiped
    out by Ann in Highmoor (12)." then "Bob lost its last province, Highmoor (12): the RIP
    goes to Ann.". One sentence says both, as the report does; a RIP that goes to another
    than the one who wiped the colour out names him, and a RIP with no fall beside it
    keeps its own sentence."""
    events = [
        event("player_eliminated", player=2, by=1, province=12),
        event("player_eliminated", player=1, by=2, province=21),
        event("ripped", colour=2, province=12, credited_to=1),
        event("ripped", colour=1, province=21, credited_to=3),
        event("ripped", colour=3, province=30, credited_to=1),
    ]
    assert public_lines(events, WORDS) == [
        "Ann wiped out Bob in Highmoor (12) and gets the RIP.",
        "Bob wiped out Ann in North Africa (21); Robot 3 ends the turn holding it and gets "
        "the RIP.",
        "Robot 3 lost its last province, 30: the RIP goes to Ann.",
    ]
