"""Reading a filled-in AOF back: the header and one entry per filled order line.

The text may have been through a mail client: line ends, odd spaces and quote
prefixes are normalised first; line numbers in the outcome are those of the
original text. Parsing never raises; whatever cannot be read is reported.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import NamedTuple

from wtg.aof.form import FormSpec, SectionSpec
from wtg.aof.values import Value, read_token, shown
from wtg.core.orders import ParseOutcome, RawEntry, Verdict

HEADER_KEYS = ("game", "turn", "player", "code")
NO_FORM = "no order form found in the text"

_NEWLINE = re.compile(r"\r\n|\r|\n")
_INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff\u00ad"))
_SPACE = re.compile(r"[^\S\n ]")  # every other Unicode space, as str.isspace() counts them
_LEADING = re.compile(r"^[ >]+", re.MULTILINE)  # indentation and "> " quote prefixes
_ORDER = re.compile(r"([A-Za-z])([0-9]+)(.*)")
_HEADER = re.compile(r"\b(GAME|TURN|PLAYER|CODE)\s*:", re.IGNORECASE)
_SEPARATORS = re.compile(r"[\s,;]+")
_COMMENT = re.compile(r"[#(]")
_MAX_LINE_NUMBER = 6


class _Line(NamedTuple):
    """A line of the text: a plain tuple, as there are many of them."""

    number: int
    text: str


@dataclass(slots=True)
class _Reader:
    form: FormSpec
    outcome: ParseOutcome = field(default_factory=ParseOutcome)
    positions: dict[str, int] = field(default_factory=dict)
    first_seen: dict[tuple[str, int], int] = field(default_factory=dict)
    order_lines: int = 0


def parse_aof(form: FormSpec, text: str) -> ParseOutcome:
    """Read a filled-in form; fatal trouble goes to ``problems``, bad lines to ``bad``."""
    reader = _Reader(form)
    lines = _region(form, normalise_lines(text))
    for line in lines:
        match = _ORDER.fullmatch(line.text)
        if match is not None:
            _read_order(reader, line, match)
    outcome = reader.outcome
    outcome.header = _read_header(lines)
    if not outcome.header and not reader.order_lines:
        outcome.problems.append(NO_FORM)
        return outcome
    for key in HEADER_KEYS:
        if key not in outcome.header:
            outcome.problems.append(
                f"the header has no {key.upper()}: (keep the GAME/TURN/PLAYER/CODE line as it is)"
            )
    return outcome


def read_header(form: FormSpec, text: str) -> dict[str, str]:
    """Only the GAME/TURN/PLAYER/CODE header of the form in ``text`` (keys lower-case)."""
    return _read_header(_region(form, normalise_lines(text)))


def normalise_lines(text: str) -> list[tuple[int, str]]:
    """(original 1-based line number, cleaned text) of every line of a mail body: every
    space a plain one, no quote prefixes, no surrounding spaces."""
    joined = "\n".join(_NEWLINE.split(text)).translate(_INVISIBLE)  # lines first: "\r\xad\n"
    cleaned = _LEADING.sub("", _SPACE.sub(" ", joined))  # the whole text at once: it is long
    return list(enumerate((line.rstrip(" ") for line in cleaned.split("\n")), start=1))


def _region(form: FormSpec, numbered: list[tuple[int, str]]) -> list[_Line]:
    """The lines between the form's begin and end markers (all of them without markers)."""
    texts = [text for _, text in numbered]
    begin = _find(texts, form.begin, 0)
    start = 0 if begin is None else begin + 1
    end = _find(texts, form.end, start)
    stop = len(numbered) if end is None else end
    return [_Line(number, text) for number, text in numbered[start:stop]]


def _find(texts: list[str], marker: str, start: int) -> int | None:
    """The first line from ``start`` holding the marker, spacing and case aside."""
    found = _marker(marker).search("\n".join(texts[start:]))
    return None if found is None else start + found.string.count("\n", 0, found.start())


@cache
def _marker(marker: str) -> re.Pattern[str]:
    words = " +".join(re.escape(word) for word in marker.split())
    return re.compile(words, re.IGNORECASE)


def _read_header(lines: list[_Line]) -> dict[str, str]:
    header: dict[str, str] = {}
    for line in lines:
        if _HEADER.search(line.text):
            for key, value in _header_pairs(line.text):
                header.setdefault(key, value)
    return header


def _header_pairs(text: str) -> Iterator[tuple[str, str]]:
    matches = list(_HEADER.finditer(text))
    for index, match in enumerate(matches):
        stop = matches[index + 1].start() if index + 1 < len(matches) else len(text)
        value = text[match.end() : stop].strip()
        key = match[1].lower()
        if value and key != "game":
            value = value.split()[0]
        if value:
            yield key, value


def _read_order(reader: _Reader, line: _Line, match: re.Match[str]) -> None:
    section = reader.form.by_label(match[1])
    rest = _after_label(match[3])
    if section is None or rest is None:
        return
    reader.order_lines += 1
    tokens = [t for t in _SEPARATORS.split(_COMMENT.split(rest, maxsplit=1)[0]) if t]
    written = [t.strip("_") if t.strip("_/") else "" for t in tokens]  # "__/__": a blank tile
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


def _after_label(rest: str) -> str | None:
    """What follows ``A1``, ``A1:``, ``A1.`` or ``A1)``; None when it is no order line."""
    stripped = rest.lstrip()
    if stripped[:1] in (":", ".", ")") and stripped:
        return stripped[1:]
    if not rest or rest[0] in " ,;":
        return rest
    return None


def _line_problem(reader: _Reader, section: SectionSpec, digits: str, line: _Line) -> str:
    number = int(digits) if len(digits) <= _MAX_LINE_NUMBER else 0
    name = f"{section.label}{number}" if number else f"{section.label}{digits}"
    if not 1 <= number <= section.lines:
        plural = "" if section.lines == 1 else "s"
        return (
            f"the form has only {section.lines} {section.label} line{plural} "
            f"({section.label}1 to {section.label}{section.lines}), found {shown(name)}"
        )
    first = reader.first_seen.setdefault((section.key, number), line.number)
    if first != line.number:
        return f"{name} is filled in twice (first on line {first}); the later one is ignored"
    return ""


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
