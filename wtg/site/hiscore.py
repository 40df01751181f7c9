"""The HiScore of the WoK rulesets: victory points and turn points across finished games, the
Hall of Fame, and the yearly championship, by the WoK IV manual's rules.

- **Victory points** (the manual gives no numbers; the ruling of docs/rules/wok4.md, 22):
  a sole win 12, a shared win ("Only up to 2 Players can win a game, alone or as an
  Alliance (sharing victory Points then)") 5 each, 2nd and 3rd place 2, the rest of the top
  half of the seats 1, a quitter nothing ("here you will NOT get any more points if you
  quit !"), and in a bitter end the survivor's 1 ("the last one surviving will get only 1
  VP !"). WoK IV's own rules award them (``victory_points``); a game of Standard or
  Intermediate WoK is given them here the same way, from its final ranking, among its
  humans (robots take no part).
- **Turn points**: a point for every turn a player sent orders while standing ("If you miss
  turns before you get killed by another Player, you will get less turn points for the
  HiScore"), as the rules count them.
- **The HiScore**: every human by victory points, then turn points; those equal on both
  share a rank, the next skipped (1, 1, 3). A game's places are the rules' (players the
  rules rank equal share one), so two sharing first place share the win (5 VP each, as
  allies would), two sharing third both earn its 2; a game that ended with "no one left"
  has no winner.
- **The Hall of Fame** (the manual's "Kaohalla pages"): every finished game's winners.
- **The championship**: "you might be allowed to join our yearly Championships beginning
  on December 1st. The current Champion and the Top 9 Players throughout the year will
  battle it out !" A championship year runs from December 1st to November 30th and is
  named by the year it ends in; its first player by the victory points (then turn points)
  of the games finished in it is its champion, the next nine its top 9.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from wtg.core.places import shared_places
from wtg.core.record import Record
from wtg.game.registry import registration_of
from wtg.game.schedule import parse_iso
from wtg.host.results import Entry, Finished, winners, won
from wtg.rules.wok4.phases.victory import victory_points

SEASON_STARTS = 12
"""The month a championship year starts in (December)."""
CHAMPIONSHIP_PLAYERS = 10
"""The champion and the top 9."""


class ScoreLine(Record):
    rank: int
    name: str
    games: int
    wins: int
    vp: int
    turn_points: int


class Fame(Record):
    game: str
    ruleset: str
    finished: str
    winners: tuple[str, ...]
    reason: str


class Season(Record):
    year: int
    """The year it ends in (it began on December 1st of the year before)."""
    lines: tuple[ScoreLine, ...]
    """The champion first, then the top 9."""


class HiScore(Record):
    lines: tuple[ScoreLine, ...]
    fame: tuple[Fame, ...]
    """Newest first."""
    seasons: tuple[Season, ...]
    """Newest first."""
    games: int


@dataclass
class _Tally:
    name: str
    games: int = 0
    wins: int = 0
    vp: int = 0
    turn_points: int = 0


def game_points(result: Finished) -> dict[str, tuple[int, int]]:
    """Each human's (victory points, turn points) from one finished WoK game."""
    humans = sorted((e for e in result.entries if not e.bot), key=lambda e: (e.place, e.name))
    ids = {e.key: number for number, e in enumerate(humans, start=1)}
    winners = tuple(ids[e.key] for e in humans if won(result, e))
    quitters = frozenset(ids[e.key] for e in humans if e.quit)
    seats = max(result.seats, len(humans))
    places = shared_places([e.place for e in humans])
    points = victory_points(result.reason, winners, tuple(ids.values()), seats, quitters, places)
    return {e.key: (points.get(ids[e.key], 0), e.turn_points or 0) for e in humans}


def season_of(finished: str) -> int | None:
    """The championship year a game finished at ``finished`` (ISO) counts in."""
    try:
        moment = parse_iso(finished)
    except ValueError:
        return None
    return moment.year + 1 if moment.month >= SEASON_STARTS else moment.year


def _table(results: Sequence[Finished]) -> list[ScoreLine]:
    tallies: dict[str, _Tally] = {}
    for result in sorted(results, key=lambda r: (r.finished, r.game)):
        humans: dict[str, Entry] = {e.key: e for e in result.entries if not e.bot}
        for key, (vp, turn_points) in game_points(result).items():
            tally = tallies.setdefault(key, _Tally(humans[key].name))
            tally.name = humans[key].name
            tally.games += 1
            tally.wins += won(result, humans[key])
            tally.vp += vp
            tally.turn_points += turn_points
    ordered = sorted(tallies.values(), key=lambda t: (-t.vp, -t.turn_points, t.name.lower()))
    ranks = shared_places([(t.vp, t.turn_points) for t in ordered])
    return [
        ScoreLine(rank, t.name, t.games, t.wins, t.vp, t.turn_points)
        for rank, t in zip(ranks, ordered, strict=True)
    ]


def hiscore(results: Iterable[Finished]) -> HiScore:
    """The HiScore, Hall of Fame and championships of the finished WoK games among
    ``results``."""
    wok = [r for r in results if registration_of(r.ruleset).hiscore]
    fame = tuple(
        Fame(
            game=r.game,
            ruleset=r.ruleset,
            finished=r.finished,
            winners=winners(r),
            reason=r.reason,
        )
        for r in sorted(wok, key=lambda r: (r.finished, r.game), reverse=True)
    )
    by_season: dict[int, list[Finished]] = {}
    for result in wok:
        season = season_of(result.finished)
        if season is not None:
            by_season.setdefault(season, []).append(result)
    seasons = tuple(
        Season(year, tuple(_table(games)[:CHAMPIONSHIP_PLAYERS]))
        for year, games in sorted(by_season.items(), reverse=True)
    )
    return HiScore(lines=tuple(_table(wok)), fame=fame, seasons=seasons, games=len(wok))
