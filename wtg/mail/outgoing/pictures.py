"""The map picture of a report mail: whether a player gets one, and the words that go with it.

Where the picture comes from is a seam: a ``MapPicture``, called with the game, the turn
the report is of and the GM seat it goes to, returns the PNG bytes of that seat's map, or
None for no picture. ``wtg send`` is handed one (``wtg.mail.outgoing.sender.send(picture=...)``);
without one, or when it returns None, every report mail is what it was before pictures:
one text/plain part, byte for byte.

A player gets no picture when the game has none (``map_pictures: false`` in game.yaml,
``new-game --no-map-pictures``), when he chose ``MAP: off`` on his form
(``wtg.game.playersettings``), or when he is out of the game and holds nothing on its
board (a WoK onlooker: ``Onlookers``; the note says so). A picture that cannot be drawn
(the drawing fails, or what it returns is no PNG) leaves the report to go out without it,
and the send says why.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from email.message import EmailMessage
from email.parser import BytesParser
from typing import NamedTuple

import jinja2

from wtg.core.board import Draws, Onlookers
from wtg.core.jsondata import Json, JsonObject
from wtg.core.settings import MAP
from wtg.game.engine import Game
from wtg.game.playersettings import Chosen
from wtg.game.report import earlier_environments, player_environment
from wtg.mail.message.picturename import is_our_picture, map_picture_name, orders_picture_name
from wtg.mail.outgoing.compose import POLICY, quoted_printable, text_only, wire, with_picture
from wtg.maps import draw_png, orders_png

MapPicture = Callable[[Game, int, int], bytes | None]
"""``(game, turn, seat) -> PNG bytes or None``: the map after ``turn`` as the GM seat
``seat`` (game.yaml's player id, as ``wtg report --player``) may see it."""

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def map_drawing() -> MapPicture | None:
    """The drawing `wtg send` (and `wtg poll --idle --send`, and the demo) hands the report
    mails: the seat's map as ``wtg map --player SEAT --format png`` draws it. Tests hand
    ``send`` a drawing of their own instead."""
    return _draw


def _draw(game: Game, turn: int, seat: int) -> bytes | None:
    """The PNG of ``seat``'s map after ``turn``; None for a ruleset that draws no board (a
    ruleset of one's own without ``board``: its reports go out as text, quietly)."""
    if not isinstance(game.ruleset, Draws):
        return None
    return draw_png(game, turn, seat)


class Picture(NamedTuple):
    """A picture for a mail: its bytes and the file name a player saves it under."""

    png: bytes
    filename: str


class ForReport(NamedTuple):
    """What a report mail gets: a picture or none, the words added to its text ("" for
    none), and why a picture that was due could not be drawn ("" when nothing went wrong)."""

    picture: Picture | None = None
    note: str = ""
    problem: str = ""


NOTHING = ForReport()


def for_report(
    game: Game,
    turn: int,
    seat: int,
    draw: MapPicture | None,
    chosen: Chosen,
    form: bool = True,
) -> ForReport:
    """The picture (and its note) of a seat's report of ``turn``. ``chosen``: the seat's
    settings (``PlayerSettings.read()[seat]``). ``form``: the report carries an order form,
    where the note's ``MAP: off`` line can be written (none for a seat out of the game, or
    in the game's last report: the note says no more than where the map is)."""
    if draw is None or not game.config.map_pictures:
        return NOTHING
    if _onlooker(game, turn, seat):
        return ForReport(note=_note(turn, None, form, onlooker=True))
    if chosen.get(MAP.key, (MAP.default, ""))[0] == "off":
        return ForReport(note=_note(turn, None, form))
    try:
        png = draw(game, turn, seat)
    except Exception as error:  # a drawing that fails must not keep the report from going out
        return ForReport(problem=_problem(game, turn, seat, f"{type(error).__name__}: {error}"))
    if png is None:
        return NOTHING
    if not png.startswith(PNG_SIGNATURE):
        return ForReport(problem=_problem(game, turn, seat, "the drawing returned no PNG"))
    picture = Picture(png, map_picture_name(turn))
    return ForReport(picture, _note(turn, picture, form))


def orders_picture(
    game: Game, seat: int, turn: int, orders: Mapping[str, Json], lines: int
) -> JsonObject:
    """What a confirmation's picture is to show, for the send to draw (``add_picture``):
    the game, the seat, the turn the orders are for, the orders as the intake filed them,
    and how many order lines the mail had (none: its note says no order is drawn,
    ``orders_note``)."""
    return {
        "game": game.store.root.name,
        "seat": seat,
        "turn": turn,
        "orders": dict(orders),
        "lines": lines,
    }


def orders_note(
    filename: str, turn: int, lines: Json = None, env: jinja2.Environment | None = None
) -> str:
    """The words a confirmation's picture ``filename`` adds under its text: that it draws
    the mail's orders, or, the mail having no order line (``lines`` 0: the form sent back
    blank, a READY alone), that it is the map with none on it. A picture asked for before
    the lines were counted (None) says the first. Broken at a phone's columns (``env``:
    another width's)."""
    note = (env or player_environment()).get_template("mail/orders_note.txt.j2")
    return note.render(
        filename=filename, turn=turn, lines=lines if isinstance(lines, int) else None
    )


def add_picture(
    raw: bytes, request: Mapping[str, Json], game_of: Callable[[str], Game]
) -> tuple[bytes | None, str]:
    """The queued confirmation ``raw`` with the picture ``request`` asks for (the seat's map
    with his orders as understood, ``wtg.maps.orders_png``, on the board they were given
    on, though the turn ran since), or None when it gets none: the game has no pictures,
    the seat chose ``MAP: off``, the ruleset draws no orders; and why a picture that was
    due could not be drawn ("" when nothing went wrong). ``game_of``: the game of a folder
    name (a send opens each game once for all its confirmations)."""
    name, seat, turn = request.get("game"), request.get("seat"), request.get("turn")
    orders = request.get("orders")
    if not (isinstance(name, str) and isinstance(seat, int) and isinstance(turn, int)):
        return None, f"a picture asked for in a form wtg does not know: {request}"[:300]
    if not isinstance(orders, dict):
        return None, f"{name} turn {turn} p{seat:02d}: no orders to draw"
    message = BytesParser(policy=POLICY).parsebytes(raw)
    if message.is_multipart() or not isinstance(message, EmailMessage):  # drawn before a kill
        return None, ""
    try:
        game = game_of(name)
        chosen = game.settings().read().get(seat, {})
    except Exception as error:  # the game's folder is the GM's: the answer goes all the same
        return None, _problem_of(name, turn, seat, f"{type(error).__name__}: {error}")
    drawn = for_confirmation(game, seat, orders, chosen, turn)
    if drawn.picture is None:
        return None, drawn.problem
    note = orders_note(drawn.picture.filename, turn, request.get("lines"))
    text = str(message.get_content()).replace("\r\n", "\n")
    message.set_payload(quoted_printable(text + note))
    with_picture(message, drawn.picture.png, drawn.picture.filename)
    return wire(message), ""


def without_picture(raw: bytes, theirs: bool = False, unsure: bool = False) -> bytes | None:
    """The queued mail ``raw`` without the picture the send put into it (a report's map, a
    confirmation's orders), its note on the picture saying it was left out as too big for
    the mail server (``mail/picture_left_out.txt.j2``; ``theirs``: the player's, whose
    bounce said so; ``unsure``: his server's bounce, too big to fetch, did not say why);
    None when it carries none of ours."""
    message = BytesParser(policy=POLICY).parsebytes(raw)
    parts = message.get_payload() if message.is_multipart() else None
    if not isinstance(message, EmailMessage) or not isinstance(parts, list) or len(parts) != 2:
        return None
    text, image = parts
    if not (isinstance(text, EmailMessage) and isinstance(image, EmailMessage)):
        return None
    filename = image.get_filename()
    if not (filename and is_our_picture(filename)):
        return None
    body = str(text.get_content()).replace("\r\n", "\n")
    turn = int("".join(c for c in filename if c.isdigit()))
    said = next((note for note in _notes(filename, turn) if body.endswith(note)), "")
    left_out = player_environment().get_template("mail/picture_left_out.txt.j2")
    gap = "\n" if said.startswith("\n") or not said else ""  # as the note it stands for
    body = (
        body[: len(body) - len(said)]
        + gap
        + left_out.render(filename=filename, theirs=theirs, unsure=unsure)
    )
    text_only(message, body)
    return wire(message)


def for_confirmation(
    game: Game, seat: int, orders: Mapping[str, Json], chosen: Chosen, turn: int
) -> ForReport:
    """The picture of a confirmation: the seat's map with ``orders`` as understood drawn
    on it (``wtg.maps.orders_png``), when the game has pictures and the seat did not choose
    ``MAP: off``; none for a ruleset that draws no orders. A drawing that fails leaves the
    confirmation to go out without it, and says why. ``turn``: the turn the orders are for."""
    if not game.config.map_pictures or chosen.get(MAP.key, (MAP.default, ""))[0] == "off":
        return NOTHING
    try:
        png = orders_png(game, seat, orders, turn)
    except Exception as error:  # a drawing that fails must not keep the answer from going out
        return ForReport(problem=_problem(game, turn, seat, f"{type(error).__name__}: {error}"))
    if png is None:
        return NOTHING
    if not png.startswith(PNG_SIGNATURE):
        return ForReport(problem=_problem(game, turn, seat, "the drawing returned no PNG"))
    return ForReport(Picture(png, orders_picture_name(turn)))


def _onlooker(game: Game, turn: int, seat: int) -> bool:
    """Whether the seat is out of the game and holds nothing on the board after ``turn``
    (``Onlookers``): his map would be fog, a picture of nothing of his (ruling 6 of
    docs/rules/wok.md). A state that cannot be read says no: the drawing says why."""
    if not isinstance(game.ruleset, Onlookers):
        return False
    try:
        return game.ruleset.holds_nothing(game.state_view(turn), seat)
    except Exception:  # the drawing reads the same state, and names the problem
        return False


def _notes(filename: str, turn: int) -> list[str]:
    """The notes a mail with the picture ``filename`` of ``turn`` may end with: a report's map
    note (with the form's line or without) and a confirmation's orders note (orders drawn,
    or none), each broken at a phone's 72 columns, then as earlier wtgs broke them (round
    42's, a word left alone on its last line; a terminal's 78, before round 42; round
    43's, ``turn`` above its number: ``earlier_environments``): a mail one queued, or sent
    before a bounce, loses its note with its picture too."""
    notes: list[str] = []
    for env in (player_environment(), *earlier_environments()):
        notes += [_note(turn, Picture(b"", filename), form, env=env) for form in (True, False)]
        notes += [orders_note(filename, turn, lines, env) for lines in (None, 0)]
    return notes


def _note(
    turn: int,
    picture: Picture | None,
    form: bool,
    onlooker: bool = False,
    env: jinja2.Environment | None = None,
) -> str:
    """A report's note on its map picture, broken at a phone's columns (``env``: another
    width's)."""
    template = (env or player_environment()).get_template("mail/map_note.txt.j2")
    filename = picture.filename if picture else None
    return template.render(turn=turn, filename=filename, form=form, onlooker=onlooker)


def _problem(game: Game, turn: int, seat: int, why: str) -> str:
    return _problem_of(game.config.game, turn, seat, why)


def _problem_of(game: str, turn: int, seat: int, why: str) -> str:
    return f"{game} turn {turn} p{seat:02d}: no map picture: {why}"[:300]
