"""Guild war points: what each placed player earns from those he beat (ruling 10).

"If the world developer has enabled it, the winner of the battle will earn War Points to
be applied to all open wars with the people who lost the battle." A player earns from each
player placed below him, when both fight for a guild and the two guilds differ (a mail
game has no war ladder: the GM's ``--guilds`` are the uniforms, and two guilds of one
battle are at open war); the first place earns the base, the second a quarter of it, the
third a sixteenth, in whole points. Bots wear no uniform: "you do NOT earn points for
beating bots".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from wtg.rules.tactics.army import SetupError

SHARE_OF_PLACE = {1: 1, 2: 4, 3: 16}
""""the first place winner can earn up to 3x the total war points"; "The second place
winner can also earn points (1/4 the amount of the winner's)"; "the Third place winner can
earn a few points (1/16 the amount of the winner's)": the base divided by this."""


@dataclass(frozen=True)
class WarAward:
    winner: int
    loser: int
    points: int


def war_awards(places: Sequence[int], guilds: Mapping[int, str], base: int) -> list[WarAward]:
    """The awards of a finished battle: ``places`` the player ids from first place down."""
    awards = []
    for index, winner in enumerate(places):
        share = SHARE_OF_PLACE.get(index + 1)
        if share is None or base <= 0:
            continue
        for loser in places[index + 1 :]:
            mine, theirs = guilds.get(winner, ""), guilds.get(loser, "")
            if mine and theirs and mine != theirs:
                awards.append(WarAward(winner, loser, base // share))
    return awards


def read_guilds(text: str, humans: Sequence[int], bots: Sequence[int]) -> dict[int, str]:
    """``--guilds "1=Red Hand, 2=Blue Moon"``: the guild each human seat fights for."""
    guilds: dict[int, str] = {}
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        seat_text, equals, name = part.partition("=")
        seat = int(seat_text) if seat_text.strip().isdigit() else 0
        if not equals or not name.strip() or not seat:
            raise SetupError(f"--guilds: {part!r} is not SEAT=GUILD (e.g. 1=Red Hand)")
        if seat in bots:
            raise SetupError(f"--guilds: seat {seat} is a bot, and bots fight for no guild")
        if seat not in humans:
            raise SetupError(f"--guilds: there is no player {seat}")
        guilds[seat] = " ".join(name.split())
    return guilds
