"""One game, read through the engine, as the site shows it: what its page, the index, the
HiScore, the ratings and the feed need, and nothing the rules hide.

Every state is read through the ruleset (``public_json``, ``topten``) and every event from
the turn's ``events.json`` only when the rules made it public; the game's ``game.yaml``
gives the names of the humans and, to ``wtg.host.results``, the address that tells one person
from another across games (kept as a key, never shown). Every name is read here as the
players read it in their mail (``wtg.game.namelinks.shown_name``: a web address in one
defanged), for every page, the feed and the HiScore.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import overload

from wtg.core.jsondata import Json
from wtg.core.record import Record
from wtg.core.ruleset import STILL_IN, public_sides
from wtg.game.engine import Game
from wtg.game.namelinks import shown_name
from wtg.game.press import Press, press_for
from wtg.game.registry import registration_of
from wtg.game.schedule import iso, local_text
from wtg.game.takeovers import quitters
from wtg.gm.owing import EVERY_PLAYER, ready_subject, robots_turn
from wtg.host.results import Finished, result_of, side_places, winners
from wtg.site.board import BoardTable, items, published_board
from wtg.site.events import Words, public_lines
from wtg.site.press import PRESS_TURNS, PressPiece, mailed_pieces, press_pieces

TOP = 10
"""Rows of a Top Ten."""


class SideFacts(Record):
    id: int
    name: str
    status: str
    bot: bool

    @property
    def still_in(self) -> bool:
        return self.status == STILL_IN


class ScoreRow(Record):
    rank: int
    name: str
    score: int
    holdings: int
    status: str


class TurnFacts(Record):
    turn: int
    ran_at: str
    """When the turn ran (ISO, UTC); "" when its turn.json does not say."""
    topten: tuple[ScoreRow, ...]
    events: tuple[str, ...]
    """The turn's public events, in words."""
    press: tuple[PressPiece, ...] = ()
    """The players' public press printed with the turn's reports (its page shows it)."""


class GameFacts(Record):
    name: str
    ruleset: str
    title: str
    variant: str
    map: str
    turn: int
    over: bool
    deadline: str
    """The next deadline (ISO, UTC); "" when there is none (no schedule, held, or over)."""
    deadline_text: str
    held: bool
    """The GM holds the game (``wtg hold``): no turn runs until he lets it go on. (His
    reason is his and the players': not shown.)"""
    sides: tuple[SideFacts, ...]
    board: BoardTable | None
    board_note: str
    turns: tuple[TurnFacts, ...]
    """Every turn, the first first."""
    press: tuple[PressPiece, ...]
    """The host's pieces, then the players' press of the turns from ``press_from`` on."""
    result: Finished | None
    places: Mapping[int, int]
    """Each side's place, once the game is over."""
    score_label: str
    holdings_label: str
    press_from: int = 1
    """The first turn whose players' press the game's page shows (``PRESS_TURNS``)."""
    ready_subject: str = EVERY_PLAYER
    """Whose READY runs the coming turn of a game without a deadline, before the word
    ``READY`` (``wtg.gm.owing.ready_subject``): in WISK and Tactics one player's."""
    robots_turn: bool = False
    """The coming turn is a robot's, in a game whose players move one at a time: it waits
    for no player's READY (the next `run-turn --due` runs it)."""

    @property
    def started(self) -> str:
        return self.turns[0].ran_at if self.turns else ""

    @property
    def finished(self) -> str:
        return self.turns[-1].ran_at if self.over and self.turns else ""

    @property
    def still_in(self) -> tuple[SideFacts, ...]:
        return tuple(side for side in self.sides if side.still_in)

    @property
    def bot_word(self) -> str:
        """What the rules call a seat the machine plays (its registration's ``bot_word``): a
        Tactics "bot" (its reports say so), the WoK rulesets' and WISK's "robot"."""
        return registration_of(self.ruleset).bot_word

    @property
    def winners(self) -> tuple[str, ...]:
        if self.result is None:
            return ()
        return winners(self.result)  # none in a game that ended with "no one left"


def spot_names(public: Mapping[str, Json]) -> dict[int, str]:
    """The names of the provinces or territories of a ``public_json`` (map data: public)."""
    names: dict[int, str] = {}
    for entry in [*items(public, "provinces"), *items(public, "territories")]:
        ident, name = entry.get("id"), entry.get("name")
        if isinstance(ident, int) and isinstance(name, str):
            names[ident] = name
    return names


def gather(game: Game) -> GameFacts:
    """What the site shows of ``game`` (StoreError and the like when it cannot be read)."""
    ruleset, config = game.ruleset, game.config
    # the game as it stands: its players as game.yaml names them now (a name the GM put
    # right is shown at once, as the mail says it; the turns before keep theirs)
    state = game.named_state(game.state())
    latest = game.latest_turn()
    public = ruleset.public_json(state)
    sides = tuple(
        SideFacts(
            id=s.id,
            name=shown_name(s.name),
            status=s.status,
            bot=ruleset.seat_of(state, s.id) is None,
        )
        for s in public_sides(public)
    )
    spots = spot_names(public)
    target = public.get("rip_target")
    rip_target = target if isinstance(target, int) and not isinstance(target, bool) else 0
    turns = []
    ran_from = None
    for number in game.store.turns():
        played = state if number == latest else game.state(number)
        topten = tuple(
            ScoreRow(
                rank=r.rank,
                name=shown_name(r.name),
                score=r.score,
                holdings=r.provinces,
                status=r.status,
            )
            for r in ruleset.topten(played)[:TOP]
        )
        # a turn's events under the names its sides had when it ran (a seat taken over
        # since, in that turn's state or a later one, is its newcomer's)
        named = ruleset.public_sides_of(played if ran_from is None else ran_from)
        words = Words({s.id: shown_name(s.name) for s in named}, spots, rip_target)
        events = tuple(public_lines(game.events(number), words))
        ran_from = played
        ran_at = game.meta(number).get("ran_at", "")
        printed = mailed_pieces(config, _shown_press(press_for(game.store, number), number))
        turns.append(TurnFacts(number, ran_at, topten, events, printed if number else ()))
    over = ruleset.is_over(state)
    held = not over and game.held() is not None
    deadline = None if held else game.deadline()  # None once over
    zone = config.schedule.timezone if config.schedule is not None else "UTC"
    board, note = published_board(ruleset.name, public, {s.id: s.name for s in sides})
    shown_map = public.get("map")
    score_label, holdings_label = registration_of(ruleset.name).score_words
    press_from = max(1, latest - PRESS_TURNS + 1)
    return GameFacts(
        name=game.store.root.name,
        ruleset=ruleset.name,
        title=ruleset.title,
        variant=config.variant or "",
        map=shown_map if isinstance(shown_map, str) and shown_map else config.map,
        turn=ruleset.turn_of(state),
        over=over,
        deadline=iso(deadline) if deadline else "",
        deadline_text=local_text(deadline, zone) if deadline else "",
        held=held,
        sides=sides,
        board=board,
        board_note=note,
        turns=tuple(turns),
        press=press_pieces(game.store.root, config, _mailed_press(game, press_from)),
        result=shown_result(
            result_of(
                ruleset,
                config,
                state,
                turns[-1].ran_at if turns else "",
                game.store.root.name,
                quitters(game.store, game.latest_turn()) if over else None,
            )
        ),
        places=side_places(ruleset, state, public, public_sides(public)) if over else {},
        score_label=score_label,
        holdings_label=holdings_label,
        press_from=press_from,
        ready_subject=ready_subject(game, state),
        robots_turn=not over and robots_turn(game, state),
    )


def _mailed_press(game: Game, first: int) -> list[tuple[int, Press]]:
    """The players' public press (``PRESS <game>`` mails) of the turns run from ``first`` on,
    with the turn whose reports printed it; press for the coming turn waits for its
    reports, and an older turn's is on its own page."""
    latest = game.latest_turn()
    return [
        piece
        for turn in range(first, latest + 1)
        for piece in _shown_press(press_for(game.store, turn), turn)
    ]


def _shown_press(pieces: Sequence[Press], turn: int) -> list[tuple[int, Press]]:
    """``pieces``, printed with the reports of ``turn``, each under its writer's name as
    the players read it (``shown_name``)."""
    return [(turn, piece.replaced(name=shown_name(piece.name))) for piece in pieces]


@overload
def shown_result(result: Finished) -> Finished: ...
@overload
def shown_result(result: None) -> None: ...
def shown_result(result: Finished | None) -> Finished | None:
    """``result`` with each player's name as the players read it (``shown_name``); the key
    that tells one person from another (his address, his person in the lobby's book) as it
    is. The HiScore and the ratings read it again so, with the names the book gives."""
    if result is None:
        return None
    entries = tuple(entry.replaced(name=shown_name(entry.name)) for entry in result.entries)
    return result.replaced(entries=entries)
