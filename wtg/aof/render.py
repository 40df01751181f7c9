"""Writing an AOF: blank, or pre-filled from a canonical order dict."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from string import Formatter
from typing import cast

from wtg.aof.orderfile import read_section
from wtg.aof.values import Value, render_value
from wtg.core.form import RESERVED_KEYS, FormSpec, SectionSpec
from wtg.core.jsondata import Json
from wtg.text.prose import sentences_wrapped, titled, words_wrapped

WIDTH = 72
"""The columns of the form's own prose (its instructions, titles and help lines): a form
is sent to be replied to, and a reply quotes it with ``> ``, within the 78 columns of a
mail's line (RFC 5322, 2.1.1) and short of the 72 a client wraps a flowed reply at."""
SENTENCE_END = re.compile(r"(?<=[.;]) (?=[A-Z])")
"""Where a sentence of a help line ends and the next begins (``e.g. 05/07`` goes on)."""
INDENT = "  "
"""What a prose line's continuation begins with."""

OMIT = "omit_sections"
"""The form context's entry naming the sections a turn's form leaves out."""


def render_aof(
    form: FormSpec,
    header: Mapping[str, object],
    orders: Mapping[str, Json] | None = None,
    context: Mapping[str, object] | None = None,
    whose: str = "",
) -> str:
    """The form's text; ``header`` holds game, turn, player and code; ``whose``, a line
    under the header naming the colour a form is for (one of a Duel player's several).

    ``context`` fills ``{placeholders}`` in section titles and help lines; its
    ``OMIT`` entry names sections this turn's form leaves out (no order of theirs can be
    given now). Raises ValueError when the header is incomplete or ``orders`` do not fit
    the form.
    """
    filled = _filled(form, orders or {})
    omitted = set(cast(Iterable[str], (context or {}).get(OMIT, ())))
    out = [form.begin, form.title, header_line(header)]
    out += (
        [*prose_lines(whose), *prose_lines(form.instructions)]
        if whose
        else prose_lines(form.instructions)
    )
    for section in form.sections:
        if section.key in omitted:
            continue
        out.append("")
        out += _section_lines(section, filled.get(section.key, []), context or {})
    out += ["", form.end]
    return "".join(line.rstrip() + "\n" for line in out)


def header_line(header: Mapping[str, object]) -> str:
    """``GAME: demo  TURN: 1  PLAYER: 3  CODE: K7Q2M9XD``; two lines, GAME alone on the
    first, when one would pass the form's ``WIDTH`` (a game's name may have 64 characters,
    a header of 110 columns that every client wrapping a reply broke). The form's reader
    takes a header on lines that follow one another (``wtg.aof.mailtext.read_header``)."""
    missing = [key for key in ("game", "turn", "player", "code") if key not in header]
    if missing:
        raise ValueError(f"the AOF header needs {', '.join(missing)}")
    game, code = (" ".join(str(header[key]).split()) for key in ("game", "code"))
    turn, player = _whole(header["turn"], "turn"), _whole(header["player"], "player")
    rest = f"TURN: {turn}  PLAYER: {player}  CODE: {code}"
    line = f"GAME: {game}  {rest}"
    return line if len(line) <= WIDTH else f"GAME: {game}\n{rest}"


def _whole(value: object, name: str) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    raise ValueError(f"the AOF header {name} must be an integer, found {value!r}")


def _filled(form: FormSpec, orders: Mapping[str, Json]) -> dict[str, list[Mapping[str, Value]]]:
    filled: dict[str, list[Mapping[str, Value]]] = {}
    for key, value in orders.items():
        if key in RESERVED_KEYS:
            continue
        section = form.section(key)
        if section is None:
            raise ValueError(f"cannot fill in unknown section {key!r}")
        entries, bad, problems = read_section(section, value)
        trouble = problems + [f"{v.entry.where()}: {v.reason}" for v in bad]
        if trouble:
            raise ValueError("cannot fill in the form: " + "; ".join(trouble))
        filled[key] = [e.values for e in entries]
    return filled


def _section_lines(
    section: SectionSpec, filled: list[Mapping[str, Value]], context: Mapping[str, object]
) -> list[str]:
    widths = [max(f.shown_width, len(f.title)) for f in section.fields]
    margin = len(f"{section.label}{section.lines}:") + 1
    out = title_lines(fill_placeholders(section.title, context))
    if section.help:
        out += choice_lines(fill_placeholders(section.help, context))
    out.append(" " * margin + _cells([f.title for f in section.fields], widths))
    for number in range(1, section.lines + 1):
        values = filled[number - 1] if number <= len(filled) else {}
        cells = [
            render_value(f, values[f.name]) if f.name in values else f.blank for f in section.fields
        ]
        out.append(f"{section.label}{number}:".ljust(margin) + _cells(cells, widths))
    return out


def prose_lines(text: str) -> list[str]:
    """The lines of ``text`` broken at their words to the form's width (the form's
    instructions and titles; the AOF Sender's page prints the same)."""
    return words_wrapped(text, INDENT, WIDTH).splitlines()


def title_lines(text: str) -> list[str]:
    """A section's title broken to the form's width as its prose is (``prose_lines``), but
    a part in brackets a line holds never split across two (``titled``: ``for good (your``
    above ``provinces stay, dug in)``); the AOF Sender's page prints the same."""
    return titled(text, INDENT, WIDTH).splitlines()


def choice_lines(text: str) -> list[str]:
    """A help line (``KIND 1 = POP->WOK (...), 2 = ...``) broken to the form's width between
    its choices, each kept whole where it fits on a line. A help line that lists no choices
    (no ``=`` in it: WISK's ``A set: three of a kind, one of each kind, or ...``) is a
    sentence, broken at its words as the titles are: broken at its commas, it read ``one of
    each kind,`` above ``or any two with a wild card. Five cards or more must be traded.``
    Each of its sentences begins a line, and its last word is never alone on a line."""
    if " = " not in text:
        return sentences_wrapped("\n".join(SENTENCE_END.split(text)), WIDTH).splitlines()
    lines = [""]
    for choice in text.split(", "):
        joined = f"{lines[-1]}, {choice}" if lines[-1] else choice
        if len(joined) < WIDTH or not lines[-1]:  # room for its comma
            lines[-1] = joined
        else:
            lines[-1] += ","
            lines.append(INDENT + choice)
    return [piece for line in lines for piece in prose_lines(line)]


def _cells(cells: list[str], widths: list[int]) -> str:
    return " ".join(cell.ljust(width) for cell, width in zip(cells, widths, strict=True))


def fill_placeholders(template: str, context: Mapping[str, object]) -> str:
    """``template.format_map(context)``, leaving unknown or odd placeholders as they are."""
    try:
        return "".join(_pieces(template, context))
    except (ValueError, TypeError):
        return template


def _pieces(template: str, context: Mapping[str, object]) -> Iterator[str]:
    for literal, name, spec, conversion in Formatter().parse(template):
        yield literal
        if name is None:
            continue
        if name in context:
            value = context[name]
            shown = repr(value) if conversion == "r" else value
            yield format(str(shown) if conversion in ("s", "a") else shown, spec or "")
        else:
            tail = (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "")
            yield f"{{{name}{tail}}}"
