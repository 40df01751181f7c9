"""Reading a filled-in AOF back: the header and one entry per filled order line.

The text may have been through a mail client: line ends, odd spaces and quote
prefixes are normalised first (``wtg.aof.mailtext``); line numbers in the outcome are
those of the original text. Parsing never raises; whatever cannot be read is reported.
A text may hold several copies of the form (``wtg.aof.copies``): ``read_copy`` reads any
one of them, and ``wtg.aof.choose`` chooses the one the player filled in.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from wtg.aof.copies import (
    MISLABELLED,
    ORDER_LINE,
    FormCopy,
    is_loose_order,
    setting_line,
    spaced_fields,
    spaced_number,
)
from wtg.aof.invented import invented_label, meant_lines
from wtg.aof.mailtext import HEADER_HINT, HEADER_KEYS, MailLine
from wtg.aof.values import Value, read_token, shown
from wtg.core.form import FieldSpec, FormSpec, SectionSpec
from wtg.core.orders import ParseOutcome, RawEntry, Verdict
from wtg.core.settings import SettingSpec

NO_FORM = "no order form found in the text"
MAX_LINES_OVER = 20
"""Order lines read from one form beyond twice the lines it has (a player may write a
line twice, or a few lines the form has not): after that the rest is not read."""

SEPARATORS = re.compile(r"[\s,;]+")
"""What separates the blanks of an order line (the AOF Sender's page checks with it too);
``_tokens`` splits the same way with string methods."""
COMMENT = re.compile(r"[#(]")
MAX_LINE_NUMBER = 6
_BLANK = " _/"
"""What a blank of the form is printed with, and the spaces between the blanks."""
_LETTERS = frozenset(string.ascii_letters)
"""What an order line (``ORDER_LINE``) and a setting line (``SETTING_LINE``) start with."""


@dataclass(slots=True)
class _Reader:
    form: FormSpec
    sections: Mapping[str, SectionSpec]
    """The form's sections by the letter of their lines, in either case."""
    outcome: ParseOutcome = field(default_factory=ParseOutcome)
    positions: dict[str, int] = field(default_factory=dict)
    first_seen: dict[tuple[str, int], tuple[int, int]] = field(default_factory=dict)
    """Where each line of the form (a setting's: number 0) was first read: its line's number
    and the ``visit`` it was read on (a line of several orders is visited once each)."""
    visit: int = 0
    order_lines: int = 0


def carries_orders(outcome: ParseOutcome) -> bool:
    """Whether a copy has any order or setting line filled in (forms are sent blank)."""
    return bool(outcome.entries or outcome.bad or outcome.settings)


def read_copy(form: FormSpec, copy: FormCopy) -> ParseOutcome:
    """The header and order lines of one copy of the form."""
    reader = _Reader(form, form.by_letter)
    reading = _reading(form)
    most = reading.most
    loose = not copy.marked
    # outside the markers a line is an order only when written like one (is_loose_order):
    # the general reading decides
    plain = {} if loose else reading.plain
    for line in _one_order_each(copy.lines):
        reader.visit += 1
        text = line.text
        if text[:1] not in _LETTERS:  # a blank line, a marker: no order or setting line
            continue
        # most lines of a filled-in form are plain: one match of the section's pattern
        # reads them, where the general reading would take each blank apart
        known = plain.get(text[0])
        if known is not None and reader.order_lines < most and _read_plain(reader, line, known):
            continue
        # An order line ("B1: ...") is never a setting line (two letters, then ":"): the
        # order line is looked for first, as most lines of a filled-in form are one.
        among = loose and line.number in copy.among  # typed among orders: answered
        match = _loose_order(form, text) if loose and not among else ORDER_LINE.fullmatch(text)
        setting = None if match else setting_line(text, loose)
        mislabelled = invented = None
        if setting is None and match is None and (among or not loose):
            mislabelled = MISLABELLED.fullmatch(text)
            if mislabelled is None:
                invented = invented_label(form, text)
        if setting is None and match is None and mislabelled is None and invented is None:
            continue
        if reader.order_lines >= most:
            _too_many(reader, line, most)
            break
        if setting is not None:
            _read_setting(reader, line, *setting)
        elif mislabelled is not None:
            _mislabelled(reader, line, mislabelled)
        elif invented is not None:
            _invented(reader, line, *invented)
        elif loose and match is not None and spaced_number(form, match):
            _spaced(reader, line, match)
        elif match is not None:
            _read_order(reader, line, match)
    outcome = reader.outcome
    if copy.header is not None:
        outcome.header = dict(copy.header.values)
    if copy.header is None and not reader.order_lines:
        outcome.problems.append(NO_FORM)
        return outcome
    for key in HEADER_KEYS:
        if key not in outcome.header:
            where = f"{copy.header.where()}: " if copy.header else ""
            outcome.problems.append(f"{where}the header has no {key.upper()}: ({HEADER_HINT})")
    return outcome


_NEXT_ORDER = re.compile(r"[\s,;]+(?=[A-Za-z] ?[0-9]{1,6} *:)")
"""Where a line typed with several orders on it (``A1: 60 55 010, G1: 60 5, R1: 1``, a
phone's user's) starts the next: a separator, then an order's label, number and colon."""


def _one_order_each(lines: Sequence[MailLine]) -> Iterator[MailLine]:
    """``lines``, a line that holds more orders than one, each after its label and colon,
    as a line each (its number kept): each is read, and answered, as the order it is, where
    the whole line was rejected with its blanks counted ('expected 3 fields FROM TO ARM,
    found 8'). Most lines have one colon at most, and are passed on at once."""
    for line in lines:
        text = line.text
        if text.count(":") < 2 or ORDER_LINE.match(text) is None:
            yield line
            continue
        parts = _NEXT_ORDER.split(text)
        if len(parts) == 1:
            yield line
            continue
        for part in parts:
            yield line._replace(text=part.rstrip(" ,;"))


class _Plain(NamedTuple):
    """An order line of a section written plainly, as one pattern: its label, its number,
    the punctuation after them, and every blank filled with digits that fit it (zeros
    before them aside; a code field's digits one of its codes), nothing else. Most lines
    of a filled-in form are so written."""

    section: SectionSpec
    match: Callable[[str], re.Match[str] | None]
    """The line's number, then each blank's digits (leading zeros aside), as groups."""
    values: Callable[[re.Match[str]], dict[str, Value]]
    """What a match reads as: each field's value by name (a number, or a code's name)."""
    blank: Callable[[str], re.Match[str] | None]
    """The line left as it was sent (``A4: __ __ ___``): no order."""


class _Reading(NamedTuple):
    """What reading a form's lines needs, made once a form."""

    most: int
    """Order lines read from one copy (``MAX_LINES_OVER``)."""
    plain: Mapping[str, _Plain]
    """The plain line of each section whose blanks all hold numbers (a flag, a tile or a
    name has none), by the letter of its lines in either case."""


_READINGS: dict[int, tuple[FormSpec, _Reading]] = {}


def _reading(form: FormSpec) -> _Reading:
    """The reading of a form, kept by the form's identity (hashing a form costs more than
    reading its lines)."""
    kept = _READINGS.get(id(form))
    if kept is not None and kept[0] is form:
        return kept[1]
    plain: dict[str, _Plain] = {}
    for section in form.sections:
        if all(spec.numeric for spec in section.fields):
            plain[section.label] = plain[section.label.lower()] = _plain_line(section)
    most = MAX_LINES_OVER + 2 * sum(section.lines for section in form.sections)
    if len(_READINGS) >= 64:  # forms are few, but a test may make many
        _READINGS.clear()
    _READINGS[id(form)] = (form, _Reading(most, plain))
    return _READINGS[id(form)][1]


def _plain_line(section: SectionSpec) -> _Plain:
    """A section's plain line, read as ``ORDER_LINE``, ``_after_label`` and ``_tokens`` read
    it (a line's text holds no space but " ": ``wtg.aof.mailtext``): the label in either
    case, a space maybe, the line's number (at most ``MAX_LINE_NUMBER`` digits), then
    ":", ".", ")", "-" or "=" (spaces before it allowed) or a separator, then the blanks,
    separated by spaces, commas or semicolons."""
    label = f"[{section.label.upper()}{section.label.lower()}] ?([0-9]{{1,{MAX_LINE_NUMBER}}})"
    blanks = "[ ,;]+".join(f"0*({_digits(spec)})" for spec in section.fields)
    pattern = re.compile(f"{label}(?: *[:.)=-]|(?=[ ,;]))[ ,;]*{blanks}[ ,;]*")
    blank = re.compile(f"{label}(?: *[:.)=-][ _/]*| [ _/]*|)")  # nothing but _BLANK after it
    return _Plain(section, pattern.fullmatch, _values_reader(section), blank.fullmatch)


def _digits(spec: FieldSpec) -> str:
    """The digits a blank holds, leading zeros aside: at most the field's width, or one of
    its codes (the longest first)."""
    if spec.codes is None:
        return f"[0-9]{{1,{spec.width}}}"
    return "|".join(sorted(map(str, spec.codes), key=len, reverse=True))


def _values_reader(section: SectionSpec) -> Callable[[re.Match[str]], dict[str, Value]]:
    """What the match of a section's plain line reads as: ``{field: int(digits)}``, or the
    code's name for a code field. Written out once a section as one dict display, as
    ``wtg.core.record`` writes an ``__init__``: a loop over the fields cost a third of
    reading a line. Names are put in as ``repr`` literals."""
    scope: dict[str, object] = {"int": int}
    items = []
    for group, spec in enumerate(section.fields, start=2):
        if spec.codes is None:
            items.append(f"{spec.name!r}: int(match[{group}])")
        else:
            scope[f"code{group}"] = {str(number): name for number, name in spec.codes.items()}
            items.append(f"{spec.name!r}: code{group}[match[{group}]]")
    reader: Callable[[re.Match[str]], dict[str, Value]]
    reader = eval(f"lambda match: {{{', '.join(items)}}}", scope)  # names are literals
    return reader


def _read_plain(reader: _Reader, line: MailLine, plain: _Plain) -> bool:
    """Read a line written plainly, or left blank, in one match, and say whether it was: the
    entry is the one ``_read_order`` makes of it (a property test holds the two equal);
    any other line (a blank left among digits, a letter, a comment, a code that is none, a
    line filled in twice) is left to ``_read_order``, which says what is wrong with it."""
    match = plain.match(line.text)
    if match is None:
        if plain.blank(line.text) is None:
            return False
        reader.order_lines += 1  # a line left blank is no order, but a line of the form
        return True
    section = plain.section
    number = int(match[1])
    if not 1 <= number <= section.lines:
        return False
    values = plain.values(match)
    seen = (line.number, reader.visit)
    if reader.first_seen.setdefault((section.key, number), seen) != seen:
        return False  # filled in twice
    reader.order_lines += 1
    position = reader.positions.get(section.key, 0) + 1
    reader.positions[section.key] = position
    reader.outcome.entries.append(RawEntry(section.key, values, position, line.number, line.text))
    return True


def _loose_order(form: FormSpec, text: str) -> re.Match[str] | None:
    """The order line a line outside the markers is, when it is written like an order
    (``is_loose_order``), or None."""
    return ORDER_LINE.fullmatch(text) if is_loose_order(form, text) else None


def _too_many(reader: _Reader, line: MailLine, most: int) -> None:
    """A form with far more order lines than it has: the rest is not read (a mail of a
    hundred thousand lines must not cost a verdict each)."""
    entry = RawEntry(section="", values={}, position=0, line=line.number, text=line.text)
    reason = f"more than {most} order lines in one form: this line and the rest were not read"
    reader.outcome.bad.append(Verdict(entry=entry, accepted=False, reason=reason))


def _read_order(reader: _Reader, line: MailLine, match: re.Match[str]) -> None:
    section = reader.sections.get(match[1])
    rest = _after_label(match[3])
    if rest is None:
        return
    if section is None:
        _unknown_label(reader, line, match[1])
        return
    reader.order_lines += 1
    if not rest.strip(_BLANK):  # a line left as it was sent ("A4: __ __ ___"): no order
        return
    tokens = _tokens(without_stop(rest))
    written = tokens
    if "_" in rest or "/" in rest:  # a token without them is written as it is
        written = [t.strip("_") if t.strip("_/") else "" for t in tokens]  # "__/__": blank
    if not any(written):
        return
    position = reader.positions.get(section.key, 0) + 1
    reader.positions[section.key] = position
    values, reasons = _read_fields(section, written)
    problem = _line_problem(reader, section, match[2], line) or _count_problem(section, tokens)
    entry = RawEntry(
        section=section.key,
        values=values,
        position=position,
        line=line.number,
        text=line.text,
    )
    if problem or reasons:
        reason = problem or "; ".join(reasons)
        reader.outcome.bad.append(Verdict(entry=entry, accepted=False, reason=reason))
    else:
        reader.outcome.entries.append(entry)


def _spaced(reader: _Reader, line: MailLine, match: re.Match[str]) -> None:
    """An order line outside the form written with its number apart from its letter, as a
    telephone line is (``A 01 60 55 010``, ``A 111 60 55``; ``wtg.aof.copies``): not read,
    since the like of it in a signature is none, but answered with the line to write."""
    section = reader.sections[match[1]]
    reader.order_lines += 1
    digits = match[2].lstrip("0") or "0"
    number = int(digits) if len(digits) <= MAX_LINE_NUMBER else 0
    entry = RawEntry(section=section.key, values={}, position=0, line=line.number, text=line.text)
    if 1 <= number <= section.lines:
        # its fields are each one its blank takes (copies._spaced_order): shown whole
        fields = spaced_fields(match)
        written = f"{section.label}{number}: {' '.join(fields)}"
        left = [spec.title for spec in section.fields[len(fields) :]]
        also = f", with its {' and '.join(left)} too" if left else ""
        reason = (
            "not read: written as a telephone number is (a space after the letter, "
            f'a 0 first); write it "{written}"{also}'
        )
    else:
        reason = f"not read: {_line_problem(reader, section, digits, line)}"
    reader.outcome.bad.append(Verdict(entry=entry, accepted=False, reason=reason))


def without_stop(rest: str) -> str:
    """``rest`` without a full stop after its last value (``R1: 1.``, ``A1: 60 55 010.``):
    a sentence's end, or the stop a phone's keyboard types for two taps of the space bar
    (an iPhone's, Gboard's). Not an ellipsis, and not a stop after anything but a letter or
    a digit (``__.``: a blank left)."""
    text = rest.rstrip()
    if text.endswith(".") and text[-2:-1].isalnum() and text[-2:-1].isascii():
        return text[:-1]
    return rest


def _tokens(rest: str) -> list[str]:
    """The blanks written after an order line's label, up to a comment (``#`` or ``(``):
    split at ``SEPARATORS``, empty ones dropped. String methods, not the regex: it costs
    seven times as much on a line of a full form, and ``str.split()`` splits at the very
    characters ``\\s`` matches (``str.isspace``): a property test holds the two equal."""
    if "#" in rest or "(" in rest:
        rest = COMMENT.split(rest, maxsplit=1)[0]
    return rest.replace(",", " ").replace(";", " ").split()


def _read_setting(reader: _Reader, line: MailLine, setting: SettingSpec, written: str) -> None:
    """A setting line (``MAP: off``): read once a form, its value one the setting takes."""
    reader.order_lines += 1
    value = without_stop(written.strip().strip("_").strip())
    if not value:
        return
    entry = RawEntry(section=setting.key, values={}, position=1, line=line.number, text=line.text)
    seen = (line.number, reader.visit)
    first = reader.first_seen.setdefault((setting.key, 0), seen)
    chosen, reason = setting.read(value)
    if first != seen:
        reason = (
            f"{setting.word} is filled in twice (first on line {first[0]}); the later one is "
            "ignored"
        )
    if chosen is None or reason:
        reader.outcome.bad.append(Verdict(entry=entry, accepted=False, reason=reason))
        return
    entry = RawEntry(setting.key, {setting.key: chosen}, 1, line=line.number, text=line.text)
    reader.outcome.settings.append(entry)


def _letters(reader: _Reader) -> str:
    """The letters the form's lines start with, in words: ``B, A, T or R``."""
    labels = [s.label for s in reader.form.sections]
    return ", ".join(labels[:-1]) + f" or {labels[-1]}" if len(labels) > 1 else labels[0]


def _unknown_label(reader: _Reader, line: MailLine, label: str) -> None:
    """A line written like an order line whose letter starts no line of the form."""
    reader.order_lines += 1
    entry = RawEntry(section="", values={}, position=0, line=line.number, text=line.text)
    reason = f"the form has no {label.upper()} lines (its lines start with {_letters(reader)})"
    reader.outcome.bad.append(Verdict(entry=entry, accepted=False, reason=reason))


def _invented(reader: _Reader, line: MailLine, label: str, meant: tuple[SectionSpec, ...]) -> None:
    """A line of a label the form has not, meant as an order of ``meant``
    (``wtg.aof.invented``): rejected, naming the line or lines meant."""
    reader.order_lines += 1
    entry = RawEntry(section="", values={}, position=0, line=line.number, text=line.text)
    reason = (
        f"{shown(label)} is no line of the form (its lines start with {_letters(reader)}): "
        f"did you mean {meant_lines(label, meant)}?"
    )
    reader.outcome.bad.append(Verdict(entry=entry, accepted=False, reason=reason))


_DIGIT_LOOKALIKES = str.maketrans("lIi|!oO", "1111100")


def _mislabelled(reader: _Reader, line: MailLine, match: re.Match[str]) -> None:
    """A ``MISLABELLED`` line: rejected, naming the lines the section has, and the one meant
    when its letters read as a number of one."""
    section = reader.sections.get(match[1])
    if section is None:  # "Z: 5" names no section: prose
        return
    reader.order_lines += 1
    label = section.label
    written = f"{match[1]}{match[2]}"
    entry = RawEntry(section="", values={}, position=0, line=line.number, text=line.text)
    lines = f"line is {label}1"
    if section.lines > 1:
        lines = f"lines are {label}1 to {label}{section.lines}"
    reason = f"{shown(written)} is no line of the form: its {label} {lines}"
    number = match[2].translate(_DIGIT_LOOKALIKES)
    if number and 1 <= int(number) <= section.lines:
        reason += f" (did you mean {label}{int(number)}?)"
    reader.outcome.bad.append(Verdict(entry=entry, accepted=False, reason=reason))


def _after_label(rest: str) -> str | None:
    """What follows ``A1``, ``A1:``, ``A1.``, ``A1)``, ``A1-`` or ``A1=``; None when it is no
    order line."""
    stripped = rest.lstrip()
    if stripped[:1] in (":", ".", ")", "-", "=") and stripped:
        return stripped[1:]
    if not rest or rest[0] in " ,;":
        return rest
    return None


def _line_problem(reader: _Reader, section: SectionSpec, digits: str, line: MailLine) -> str:
    number = int(digits) if len(digits) <= MAX_LINE_NUMBER else 0
    if 1 <= number <= section.lines:
        seen = (line.number, reader.visit)
        if reader.first_seen.setdefault((section.key, number), seen) == seen:
            return ""
    name = f"{section.label}{number}" if number else f"{section.label}{digits}"
    if not 1 <= number <= section.lines:
        plural = "" if section.lines == 1 else "s"
        return (
            f"the form has only {section.lines} {section.label} line{plural} "
            f"({section.label}1 to {section.label}{section.lines}), found {shown(name)}"
        )
    first = reader.first_seen[(section.key, number)][0]
    return f"{name} is filled in twice (first on line {first}); the later one is ignored"


def _count_problem(section: SectionSpec, tokens: list[str]) -> str:
    if len(tokens) <= len(section.fields):
        return ""
    count = len(section.fields)
    plural = "" if count == 1 else "s"
    return f"expected {count} field{plural} {section.titles}, found {len(tokens)}"


def _read_fields(section: SectionSpec, written: list[str]) -> tuple[dict[str, Value], list[str]]:
    values: dict[str, Value] = {}
    reasons: list[str] = []
    blank: list[str] = []
    for index, spec in enumerate(section.fields):
        token = written[index] if index < len(written) else ""
        if not token:
            if not spec.optional:
                blank.append(spec.title)
            continue
        if token.isdigit() and token.isascii() and spec.numeric:  # most blanks: digits
            significant = token.lstrip("0") or "0"
            if len(significant) <= spec.width:
                number = int(significant)
                if spec.codes is None:
                    values[spec.name] = number
                    continue
                if number in spec.codes:
                    values[spec.name] = spec.codes[number]
                    continue
        value, reason = read_token(spec, token)
        if value is None:
            reasons.append(reason)
        else:
            values[spec.name] = value
    if blank:
        reasons.insert(0, _blank_reason(section, blank))
    return values, reasons


def _blank_reason(section: SectionSpec, blank: list[str]) -> str:
    if len(blank) == 1:
        which = f"the {blank[0]} field is blank"
    else:
        which = f"the {', '.join(blank[:-1])} and {blank[-1]} fields are blank"
    return f"{which} (fill in all of {section.titles}, or none)"
