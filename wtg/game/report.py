"""Reports, AOFs and the Top Ten, rendered with Jinja2 from a state and its events."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping, Sequence
from functools import cache, partial
from typing import Literal

import jinja2

from wtg.aof.mailtext import inert_lines
from wtg.aof.render import render_aof
from wtg.core.jsondata import Json
from wtg.core.plurals import counted
from wtg.core.ruleset import Ruleset, S, ScoreLine, SideId
from wtg.data.templates import template_loader
from wtg.game.bidimark import marked_names
from wtg.game.gameconfig import GameConfig, name_quoted
from wtg.game.namelinks import names_unlinked, shown_name
from wtg.game.press import Press
from wtg.game.presslinks import unlinked
from wtg.game.roster import roster
from wtg.game.schedule import moment_text
from wtg.game.textcolumn import (
    column,
    column_lines,
    column_of_names,
    padded,
    row_name,
    text_width,
)
from wtg.rules.endreasons import end_words
from wtg.text.prose import (
    PHONE,
    WIDTH,
    fitted_line,
    listed,
    packed,
    sentences_wrapped,
    titled,
    with_path,
    wrapped,
)


def bytecode_cache() -> jinja2.BytecodeCache | None:
    """Compiled templates kept in the user's cache folder (never in the source tree), so a
    GM's cron does not compile the same templates on every run."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = os.path.join(base, "wtg", "templates")
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError:
        return None
    return jinja2.FileSystemBytecodeCache(folder) if os.access(folder, os.W_OK) else None


def count(number: int, singular: str, plural: str | None = None) -> str:
    """``{{ n | count("army", "armies") }}``: "1 army", "3 armies" ("s" added by default)."""
    return counted(number, singular, plural)


def template_environment(
    *,
    autoescape: bool,
    filters: Mapping[str, Callable[..., str | list[str] | int]],
    keep_trailing_newline: bool = True,
) -> jinja2.Environment:
    """A Jinja environment of wtg's templates (``templates/``): undefined names fail,
    blocks trimmed, each template read once a process and its code kept between runs
    (``bytecode_cache``); ``autoescape`` for HTML and SVG, where names are player-written.
    Every template may say a game's end in words: ``end_words(reason)``."""
    env = jinja2.Environment(
        loader=template_loader(),
        bytecode_cache=bytecode_cache(),
        autoescape=autoescape,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=keep_trailing_newline,
        undefined=jinja2.StrictUndefined,
        auto_reload=False,  # one command's run: a template is read once, not checked per use
    )
    env.filters.update(filters)
    env.globals["end_words"] = end_words
    return env


GM_TEMPLATES = frozenset({"mail/digest.txt.j2"})
"""The templates of the mails the GM reads (his digest), in a terminal: the only ones
``gm_environment`` loads, its prose broken at a terminal's 78 columns."""


def _filters(
    width: int, no_word_alone: bool = True, counts: bool = True
) -> dict[str, Callable[..., str | list[str] | int]]:
    """The filters of the plain-text templates, their prose broken at ``width`` columns
    (``no_word_alone``: ``wrapped`` leaves no word alone under its sentence; ``counts``:
    nor a number cut from what it counts or names, ``turn`` above ``5``)."""
    return {
        "signed": lambda n: f"{n:+d}",
        "tenths": lambda n: f"{n / 10:.1f}",
        "thousandths": lambda n: f"{n / 1000:.3f}",
        "count": count,
        "press_lines": press_lines,
        "unlinked": unlinked,
        "defanged": defanged,
        "column": column,
        "column_lines": column_lines,
        "neighbours_named": neighbours_named,
        "topten_rows": topten_rows,
        "padded": padded,
        "row_name": row_name,
        "width": text_width,
        "heading": press_heading,
        "wrapped": partial(wrapped, width=width, no_word_alone=no_word_alone, counts=counts),
        "sentences_wrapped": partial(sentences_wrapped, width=width),
        "titled": partial(titled, width=width),
        "packed": partial(packed, width=width),
        "with_path": with_path,
        "listed": listed,
        "fitted_line": fitted_line,
        "name_quoted": name_quoted,
        "moment": moment_text,
    }


@cache
def player_environment() -> jinja2.Environment:
    """The templates of every mail a player gets: his reports, the Top Ten, the answers to
    his mail, the lobby's replies, the GM's notices and the press, their prose broken at a
    phone's 72 columns (docs/mail.md, "Every mail on a phone"); plain text, never escaped.
    Every template but the GM's (``GM_TEMPLATES``) is loaded here."""
    return template_environment(autoescape=False, filters=_filters(PHONE))


@cache
def earlier_environments() -> tuple[jinja2.Environment, ...]:
    """The players' templates as earlier wtgs broke them: at a phone's 72 columns with a
    word left alone under its sentence (round 42), at a terminal's 78 (before round 42),
    and at 72 with a number cut from what it counts (round 43: ``turn`` above ``5``). Only
    to know a text one of them mailed or queued (a note on a picture, left out of a mail
    too big: ``wtg.mail.outgoing.pictures``); never this wtg's mail."""
    return tuple(
        template_environment(
            autoescape=False, filters=_filters(width, no_word_alone=alone, counts=False)
        )
        for width, alone in ((PHONE, False), (WIDTH, False), (PHONE, True))
    )


@cache
def gm_environment(columns: int = WIDTH) -> jinja2.Environment:
    """The templates of the mails the GM reads in a terminal (``GM_TEMPLATES``: his
    digest), their prose and lists broken at a terminal's 78 columns, or at ``columns``
    (`wtg digest` on a narrower terminal: ``columns`` in the template). It loads no other
    template: a player's asked of it is not found, so that no player's mail is ever broken
    at 78."""
    filters: dict[str, Callable[..., str | list[str] | int]] = {
        **_filters(columns),
        "listed": partial(listed, width=columns),
        "with_path": partial(with_path, width=columns),
        "fitted_line": partial(fitted_line, width=columns),
    }
    env = template_environment(autoescape=False, filters=filters)
    env.globals["columns"] = columns
    env.loader = _GmLoader(template_loader())
    return env


class _GmLoader(jinja2.BaseLoader):
    """``gm_environment``'s templates: the GM's (``GM_TEMPLATES``), read from ``loader``;
    any other is not found."""

    def __init__(self, loader: jinja2.BaseLoader) -> None:
        self.loader = loader

    def get_source(
        self, environment: jinja2.Environment, template: str
    ) -> tuple[str, str | None, Callable[[], bool] | None]:
        if template not in GM_TEMPLATES:
            raise jinja2.TemplateNotFound(template)
        return self.loader.get_source(environment, template)


def aof_text(
    ruleset: Ruleset[S],
    config: GameConfig,
    state: S,
    player: int,
    orders: Mapping[str, Json] | None = None,
) -> str:
    """The AOF a side fills in for the turn after ``state``, blank (as mailed) or filled in
    with ``orders`` (as the demo's players and the benchmarks send it); the code is its
    seat's."""
    seat = ruleset.seat_of(state, SideId(player))
    header = {
        "game": config.game,
        "turn": ruleset.turn_of(state) + 1,
        "player": player,
        "code": config.player(seat if seat is not None else player).code,
    }
    context = ruleset.form_context(state, player)
    colours = ruleset.sides_of(state, seat) if seat is not None else []
    whose = ""
    if len(colours) > 1:  # a Duel's or Trinity's: the forms differ in PLAYER alone
        name = next((s.name for s in ruleset.public_sides_of(state) if s.id == player), "")
        whose = f"This form is for {name} (#{player}), one of your {len(colours)} colours."
    return render_aof(ruleset.form_for(state), header, orders, context, whose=whose)


def with_set_aside(report: str, aof: str, lines: Sequence[str]) -> str:
    """A report with the player's orders that no longer passed the checks when the turn
    ran (a GM's edit of the order file, a rerun on a changed state), each with its
    reason, before the AOF: an order is never dropped without a word."""
    if not lines:
        return report
    body = report[: len(report) - len(aof) - 1] if aof and report.endswith(aof) else report
    block = "ORDERS SET ASIDE WHEN THE TURN RAN (they no longer passed the checks)\n"
    block += "".join(f"  {line}\n" for line in lines)
    return body.rstrip("\n") + "\n\n" + block + ("\n" + aof if aof else "")


ReportPart = Literal["whole", "colour", "shared"]
"""What of a side's report ``report_text`` writes (``seat_report``)."""

GM_SIDE = 0
"""The side of no player (ids start at 1): its report is what every player may see."""


def report_text(
    ruleset: Ruleset[S],
    config: GameConfig,
    state: S,
    events: Sequence[Mapping[str, Json]],
    player: int,
    aof: str | None = None,
    deadline: str | None = None,
    press: Sequence[Press] = (),
    names_then: Mapping[int, str] | None = None,
    part: ReportPart = "whole",
    forms_below: int | None = None,
) -> str:
    """The player's report, with a line on the game's press of the turn (mailed apart:
    ``press_text``), and the next AOF appended (``aof``, or rendered here when the player
    owes orders). ``names_then``: sides whose events are told under the name they had
    when the turn ran (``turnfiles.names_then``). Its sentences longer than a phone's 72
    columns are broken at their words (``sentences_wrapped``); a name written right to
    left is followed by a left-to-right mark (``wtg.game.bidimark``), one that reads as a
    web address defanged (``wtg.game.namelinks``). ``part``: the whole report,
    or, for a seat of several sides (``seat_report``), one side's own part ("colour") or
    what is the same for all of them ("shared": the game's end or next turn, the Top Ten,
    the other players, the press line). ``forms_below``: the forms mailed under it, which
    its footer tells the player to fill out and mail back (by default 1 when ``aof`` is
    one, 0 when it is none)."""
    if aof is None:
        owes = not ruleset.is_over(state) and player in ruleset.owing(state)
        aof = aof_text(ruleset, config, state, player) if owes else ""
    context = ruleset.report_context(state, events, player)
    template = player_environment().get_template(f"{ruleset.name}/report.txt.j2")
    others = [] if player == GM_SIDE else roster(ruleset, config, state, player)
    text = template.render(
        **context,
        title=ruleset.title,
        deadline=deadline,
        roster=others,
        event_names=names_then or {},
        part=part,
        forms_below=(1 if aof else 0) if forms_below is None else forms_below,
    )
    if press and part != "colour":
        note = (
            player_environment()
            .get_template("press_note.txt.j2")
            .render(game=config.game, turn=ruleset.turn_of(state), pieces=len(press))
        )
        text = text.rstrip("\n") + "\n\n" + note
    text = sentences_wrapped(text, PHONE)
    text = _names_shown(text, [*_player_names(config), *(names_then or {}).values()])
    return text + "\n" + aof if aof else text


def neighbours_named(
    neighbours: Sequence[tuple[int, int | None]], province_names: Mapping[int, str]
) -> list[str]:
    """A province's neighbours as BORDERS names them (``wok/macros.j2``, ``borders_list``):
    each by its number and name, then its owner, ``#3`` or ``N`` where it is neutral
    (``8 Marrowdeep #9``, ``16 Kethrow N``)."""
    return [
        f"{pid} {province_names[pid]} #{owner}" if owner else f"{pid} {province_names[pid]} N"
        for pid, owner in neighbours
    ]


def topten_rows(rows: Sequence[ScoreLine]) -> list[str]:
    """The rows of a WoK report's Top Ten (``wok/footer.j2``): rank, name, number, score,
    provinces and, for a player not active, his status in capitals. The counts of provinces
    are right-aligned to the widest (``9 provinces`` over ``10 provinces`` went out by a
    column), the word padded where a status follows it, so that WINNER and QUIT stand in
    one column; the names in a column as wide as the longest as shown, twenty columns at
    least, as far as a phone's 72 hold the row (``column_of_names``)."""
    digits = max([1, *(len(str(r.provinces)) for r in rows)])
    statuses = [len(r.status) for r in rows if r.status != "active"]
    rest = 6 + 13 + 2 + digits + 1 + 9 + (2 + max(statuses) if statuses else 0)
    names = column_of_names([r.name for r in rows], PHONE - rest)
    lines = []
    for r, name in zip(rows, names, strict=True):
        noun = "province" if r.provinces == 1 else "provinces"
        after = noun if r.status == "active" else f"{noun:<9}  {r.status.upper()}"
        number = f"#{r.player!s:<3}"
        lines.append(f"{r.rank:4d}. {name} {number} {r.score:7d}  {r.provinces:{digits}d} {after}")
    return lines


def press_heading(piece: Press) -> str:
    """A piece's heading in the press mail, ``From <name> (#3), <when>:``, the time
    on a line of its own where the line would be wider than a phone's 72 columns (a name
    of 40 characters, or of wide letters)."""
    heading = f"From {piece.name} (#{piece.side}),"
    if text_width(f"{heading} {piece.at}:") <= PHONE:
        return f"{heading} {piece.at}:"
    return f"{heading}\n  {piece.at}:"


def press_lines(text: str, side: int) -> list[str]:
    """A piece of press as every copy of it prints it, the press mail's, a private press's
    and the writer's own (``PRESS`` answered): its web addresses defanged
    (``wtg.game.presslinks``), each line after the writer's number, wrapped to the columns
    of ``wtg.aof.mailtext.INERT_WIDTH`` (``inert_lines``). The writer's copy printed his text
    as he wrote it, a line of any length: he did not see it as the others would. Each line
    is defanged again: a word wider than a line is cut between its characters, and an
    e-mail address, whose host stays as written, cut after its ``@`` left that host bare at
    the start of the next line (``1| paypal-login.com``), a link in a reader's client."""
    return [unlinked(line) for line in inert_lines(unlinked(text), str(side))]


def defanged(text: str) -> bool:
    """Whether a piece of press is mailed with a web address defanged (``press_lines``), a
    host left bare by a cut too: its mail says why under its head
    (``templates/press_links.txt.j2``)."""
    return press_lines(text, 1) != inert_lines(text, "1")


PRESS_WORDS = "PRESS of game "
"""The words every ``PRESS_HEAD`` holds: a text without them holds none, and is not searched
line by line."""
PRESS_HEAD = re.compile(
    rf"^[ \t]*{PRESS_WORDS}([a-z0-9][a-z0-9_-]{{0,63}}), turn (\d{{1,6}}):", re.M
)
"""The head of the press mail (``templates/press.txt.j2``'s first line, ``PRESS of game g1,
turn 3: what players wrote to the whole game``), which names its game and turn: found in a
mail a player sent, it is the host's press mail pasted there (``press_text`` makes it again:
``wtg.mail.incoming.commands.Commands.copied_text``), never a PRESS of his (a PRESS takes a
game, and ``of`` is followed by more words than it takes)."""


def press_text(game: str, turn: int, press: Sequence[Press]) -> str:
    """The press of a turn, mailed to every player in a mail of its own
    (``templates/press.txt.j2``): never in a report, so that what a player's reply to his
    report holds (and weighs) is never another's text. A web address in it is defanged
    (``wtg.game.presslinks``), and so is one in a writer's name (``wtg.game.namelinks``):
    the mail says so of either (it said nothing of a name alone defanged)."""
    linked = any(defanged(piece.text) for piece in press)
    template = player_environment().get_template("press.txt.j2")
    names = [piece.name for piece in press]  # its writers' names
    text = template.render(game=game, turn=turn, press=press, unlinked=linked)
    shown = names_unlinked(text, names)
    if linked or shown == text:
        return shown
    return names_unlinked(template.render(game=game, turn=turn, press=press, unlinked=True), names)


def gm_report_text(
    ruleset: Ruleset[S],
    config: GameConfig,
    state: S,
    events: Sequence[Mapping[str, Json]],
    names_then: Mapping[int, str] | None = None,
) -> str | None:
    """The GM's report of a turn: the report of ``GM_SIDE``, from a ruleset that writes one
    (its class says ``gm_report = True``: a game of robots only has no report else); None
    from the others."""
    if not getattr(ruleset, "gm_report", False):
        return None
    return report_text(ruleset, config, state, events, GM_SIDE, aof="", names_then=names_then)


def topten_text(ruleset: Ruleset[S], config: GameConfig, state: S) -> str:
    """The Top Ten in the ruleset's own words (``templates/<ruleset>/topten.txt.j2``: what
    the score and the holdings count), or the WoK one of provinces."""
    template = player_environment().select_template(
        [f"{ruleset.name}/topten.txt.j2", "topten.txt.j2"]
    )
    text = template.render(
        game=config.game,
        turn=ruleset.turn_of(state),
        title=ruleset.title,
        rows=ruleset.topten(state),
    )
    return _names_shown(text, _player_names(config))


def _names_shown(text: str, names: Sequence[str]) -> str:
    """``text``, which other players read, with ``names`` as they read them: a web address
    in one defanged (``wtg.game.namelinks``), one written right to left marked
    (``wtg.game.bidimark``)."""
    return marked_names(names_unlinked(text, names), [shown_name(name) for name in names])


def _player_names(config: GameConfig) -> list[str]:
    """The names the players play under: one written right to left is marked where a
    report prints it (``wtg.game.bidimark``)."""
    return [entry.name for entry in config.players]
