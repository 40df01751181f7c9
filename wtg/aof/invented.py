"""A line written with a label the form has not, then numbers (``XX: 100``, ``Move: 2 6 3 5``,
``AA1: 1 2 3``): an order gone wrong when its label points at a section of the form and its
numbers are shaped as that section's order is; else prose.

The label points at a section when its first letter is the section's letter (``XX``: the X
lines, ``AA1``: the A lines) or its word is the section's name or the start of it (``Move``,
``Attacks``, ``Trade``). The numbers are shaped as the section's order when there are as
many as its blanks (the optional ones may be left out) and each fits its blank (at most its
width in digits, leading zeros aside; a code blank one of its codes). A note (``Note: 5``),
a signature's telephone line (``Tel: 0171 946 0958``: no blank is so wide) and a header's
key (``TURN: 5``) so stay prose. ``wtg.aof.parse`` answers such a line in a form, and among
the order lines a player typed outside one (``wtg.aof.copies.mislabelled_among_orders``).
"""

from __future__ import annotations

import re
import string

from wtg.aof.mailtext import HEADER_KEYS
from wtg.core.form import FieldSpec, FormSpec, SectionSpec
from wtg.core.settings import setting_named

INVENTED = re.compile(r"([A-Za-z][A-Za-z0-9]{1,11}) *: *([0-9][0-9 ,;]*)")
"""A label of two or more letters (digits after the first allowed), a colon, then numbers."""

_SIGNATURE_WORDS = frozenset(
    {"tel", "tele", "phone", "telephone", "fax", "fon", "mob", "mobile", "cell", "handy"}
    | {"zip", "postcode", "ext", "office", "home", "work", "direct", "dect", "pin"}
)
"""Labels of a signature's lines, never an order's."""

_NAME_LENGTH = 3
"""The fewest letters of a label that name a section by its name (``Mov``)."""


def invented_label(form: FormSpec, text: str) -> tuple[str, tuple[SectionSpec, ...]] | None:
    """The label of a line written with a label the form has not, and the sections it was
    meant for (a section's letter or name, its numbers shaped as the section's order), or
    None when the line is no such order (prose, a setting, a header key)."""
    match = INVENTED.fullmatch(text)
    if match is None:
        return None
    label = match[1]
    word = label.lower()
    if label[1:].isdigit():  # an order line's label (A1), read as one
        return None
    if word in HEADER_KEYS or word in _SIGNATURE_WORDS or setting_named(label) is not None:
        return None
    numbers = match[2].replace(",", " ").replace(";", " ").split()
    meant = tuple(
        section
        for section in form.sections
        if _points_at(section, label) and _shaped(section, numbers)
    )
    return (label, meant) if meant else None


def _points_at(section: SectionSpec, label: str) -> bool:
    """Whether ``label`` names ``section``: its first letter, or its name (or its start)."""
    if label[0].upper() == section.label.upper():
        return True
    word = label.lower().rstrip("0123456789")
    if len(word) < _NAME_LENGTH:
        return False
    names = section.key.split("_")
    return any(name.startswith(word) or word.startswith(name) for name in names)


def _shaped(section: SectionSpec, numbers: list[str]) -> bool:
    """Whether ``numbers`` could fill the blanks of one of ``section``'s lines."""
    fields = section.fields
    required = sum(1 for spec in fields if not spec.optional)
    if not required <= len(numbers) <= len(fields):
        return False
    return all(_fits(spec, number) for spec, number in zip(fields, numbers, strict=False))


def _fits(spec: FieldSpec, number: str) -> bool:
    """Whether a blank takes ``number`` (digits): at most its width, or one of its codes."""
    if spec.flag:
        return number in ("0", "1")
    if spec.coord:
        return False
    significant = number.lstrip("0") or "0"
    if spec.word:
        return len(significant) <= 2  # a piece's number in the report's list
    if len(significant) > spec.width:
        return False
    return spec.codes is None or int(significant) in spec.codes


def meant_lines(label: str, meant: tuple[SectionSpec, ...]) -> str:
    """The lines a player meant by ``label`` in words: ``A1`` when the label's digits name
    a line of the one section meant (``AA1``), else each section's lines: ``an M line (M1
    to M7)``, ``X1``, ``an A line (A1 to A7) or a T line (T1 to T7)``."""
    digits = label.lstrip(string.ascii_letters)
    if len(meant) == 1 and digits.isdigit() and 1 <= int(digits) <= meant[0].lines:
        return f"{meant[0].label}{int(digits)}"
    said = []
    for section in meant:
        letter = section.label
        if section.lines == 1:
            said.append(f"{letter}1")
        else:
            article = "an" if letter in "AEFHILMNORSX" else "a"
            said.append(f"{article} {letter} line ({letter}1 to {letter}{section.lines})")
    return " or ".join(said)
