"""The Automated Order Form spec of a ruleset as data, and its check: ``form_from_data`` builds
it from the parsed YAML of ``forms/<ruleset>.yaml``, which ``wtg.data.forms`` reads."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import cached_property
from types import MappingProxyType

from wtg.core.errors import ProblemsError
from wtg.core.plurals import counted
from wtg.core.record import Record
from wtg.core.settings import SETTING_KEYS

RESERVED_KEYS = ("player", "turn")
"""Keys of the canonical order dict that are not sections."""
_NOT_SECTIONS = (*RESERVED_KEYS, *SETTING_KEYS)
"""Keys an order file gives that no section may take: player, turn and the settings."""

MAX_WIDTH = 18
_KEY = re.compile(r"[a-z_][a-z0-9_]*")
_CODE_NAME = re.compile(r"[A-Z0-9][A-Z0-9-]*")
_ORDERISH = re.compile(r"[A-Za-z] ?[0-9]+(?:$|[ ,;:.)=-])")
_FORM_KEYS = ({"ruleset", "title", "begin", "end", "sections"}, {"instructions"})
_SECTION_KEYS = (
    {"key", "label", "title", "lines", "fields"},
    {"scalar", "single", "help", "listed"},
)
_FIELD_KEYS = (
    {"name", "title", "width"},
    {"codes", "flag", "coord", "word", "optional", "province"},
)


class FormError(ProblemsError):
    """A form spec that cannot be used; ``problems`` lists everything wrong with it."""

    heading = "bad order form spec {source}"


class FieldSpec(Record):
    """One blank of an order line: ``width`` digits, or a code number when ``codes`` is set,
    or yes/no when ``flag`` is set (1/Y/YES or 0/N/NO on the form, true/false in YAML), or
    a grid tile X/Y of ``width`` digits each when ``coord`` is set ([x, y] in YAML), or a
    name of up to ``width`` letters, digits and '-' when ``word`` is set. An ``optional``
    field may be left blank (absent from the order file). A ``province`` field holds a
    province's number: ``width`` digits, or as many as the game's map needs for its
    largest id (``FormSpec.for_provinces``)."""

    name: str
    title: str
    width: int
    codes: Mapping[int, str] | None = None
    flag: bool = False
    coord: bool = False
    word: bool = False
    optional: bool = False
    province: bool = False

    @cached_property
    def numeric(self) -> bool:
        """Whether the blank holds a number or a code number (no flag, tile or name)."""
        return not (self.flag or self.coord or self.word)

    @cached_property
    def limit(self) -> int:
        """The largest number the field holds (kept: every order's every number is checked
        against it)."""
        return int(10**self.width - 1)

    @property
    def shown_width(self) -> int:
        """Characters the value takes on the form."""
        return 2 * self.width + 1 if self.coord else self.width

    @property
    def blank(self) -> str:
        """The empty blank printed on the form."""
        return f"{'_' * self.width}/{'_' * self.width}" if self.coord else "_" * self.width


class SectionSpec(Record):
    """One kind of order: its lines on the form are ``label`` 1..``lines``."""

    key: str
    label: str
    title: str
    lines: int
    fields: tuple[FieldSpec, ...]
    scalar: str | None = None
    single: bool = False
    help: str | None = None
    listed: bool = False
    """Each order is written in the order file as the list of its field values, in field
    order (e.g. a trade of three cards: ``[12, 30, 43]``)."""

    def field_named(self, name: str) -> FieldSpec | None:
        return next((f for f in self.fields if f.name == name), None)

    @property
    def titles(self) -> str:
        return " ".join(f.title for f in self.fields)


class FormSpec(Record):
    ruleset: str
    title: str
    begin: str
    end: str
    instructions: str
    sections: tuple[SectionSpec, ...]

    def section(self, key: str) -> SectionSpec | None:
        """The section stored under ``key`` in the order file, or None."""
        return next((s for s in self.sections if s.key == key), None)

    def by_label(self, letter: str) -> SectionSpec | None:
        """The section whose lines start with ``letter`` (any case), or None."""
        return self.by_letter.get(letter.upper())

    @cached_property
    def by_letter(self) -> Mapping[str, SectionSpec]:
        """The section of each label, by its letter in upper and in lower case: the parser
        looks up the letter of every order line as written, without ``upper()``."""
        upper = {section.label: section for section in self.sections}
        return MappingProxyType({**{k.lower(): s for k, s in upper.items()}, **upper})

    def for_provinces(self, count: int) -> FormSpec:
        """The form of a game on a map of ``count`` provinces: every ``province`` field as
        wide as the largest id needs (4 digits for 6,000 provinces), never narrower than
        the spec says. The form itself when it is wide enough already."""
        digits = len(str(count))
        if all(f.width >= digits for s in self.sections for f in s.fields if f.province):
            return self
        return self.replaced(sections=tuple(_wider(section, digits) for section in self.sections))


def _wider(section: SectionSpec, digits: int) -> SectionSpec:
    """The section with its province fields at least ``digits`` wide."""
    fields = tuple(
        f.replaced(width=max(f.width, digits)) if f.province else f for f in section.fields
    )
    return section.replaced(fields=fields)


def form_from_data(data: object, source: str = "<form>") -> FormSpec:
    """Build a FormSpec from parsed YAML; raises FormError listing every problem."""
    problems: list[str] = []
    if not isinstance(data, Mapping):
        raise FormError(source, ["the spec must be a mapping"])
    _check_keys(data, "the form", _FORM_KEYS, problems)
    sections = _sections(data.get("sections"), problems)
    form = FormSpec(
        ruleset=_text(data, "ruleset", "the form", problems),
        title=_text(data, "title", "the form", problems),
        begin=_text(data, "begin", "the form", problems),
        end=_text(data, "end", "the form", problems),
        instructions=_text(data, "instructions", "the form", problems, required=False),
        sections=sections,
    )
    problems.extend(_duplicates(sections))
    problems.extend(_prose_problems(form))
    if problems:
        raise FormError(source, problems)
    return form


def _check_keys(
    data: Mapping[object, object],
    where: str,
    keys: tuple[set[str], set[str]],
    problems: list[str],
) -> None:
    required, optional = keys
    for key in sorted(required - set(data)):
        problems.append(f"{where} has no '{key}'")
    for name in data:
        if name not in required | optional:
            problems.append(f"{where} has an unknown key '{name}'")


def _text(
    data: Mapping[object, object], key: str, where: str, problems: list[str], required: bool = True
) -> str:
    value = data.get(key)
    if value is None and not required:
        return ""
    if isinstance(value, str) and (value.strip() or not required):
        return value
    if key in data or not required:
        problems.append(f"{where}: '{key}' must be a non-empty string")
    return ""


def _count(data: Mapping[object, object], key: str, where: str, problems: list[str]) -> int:
    value = data.get(key)
    if isinstance(value, int) and not isinstance(value, bool) and value >= 1:
        return value
    if key in data:
        problems.append(f"{where}: '{key}' must be an integer of at least 1, found {value!r}")
    return 1


def _sections(value: object, problems: list[str]) -> tuple[SectionSpec, ...]:
    if not isinstance(value, list) or not value:
        if value is not None:
            problems.append("the form: 'sections' must be a non-empty list")
        return ()
    found = (_section(item, index + 1, problems) for index, item in enumerate(value))
    return tuple(s for s in found if s is not None)


def _section(item: object, index: int, problems: list[str]) -> SectionSpec | None:
    if not isinstance(item, Mapping):
        problems.append(f"section {index} must be a mapping")
        return None
    key = item.get("key")
    where = f"section {index} ({key})" if isinstance(key, str) else f"section {index}"
    _check_keys(item, where, _SECTION_KEYS, problems)
    if isinstance(key, str) and (not _KEY.fullmatch(key) or key in _NOT_SECTIONS):
        taken = "/".join(_NOT_SECTIONS)
        problems.append(f"{where}: 'key' must be a lower-case name other than {taken}")
    label = _text(item, "label", where, problems)
    if label and not re.fullmatch(r"[A-Za-z]", label):
        problems.append(f"{where}: 'label' must be a single letter, found {label!r}")
    section = SectionSpec(
        key=_text(item, "key", where, problems),
        label=label.upper(),
        title=_text(item, "title", where, problems),
        lines=_count(item, "lines", where, problems),
        fields=_fields(item.get("fields"), where, problems),
        scalar=_text(item, "scalar", where, problems, required=False) or None,
        single=_flag(item, "single", where, problems),
        help=_text(item, "help", where, problems, required=False) or None,
        listed=_flag(item, "listed", where, problems),
    )
    problems.extend(_section_problems(section, where))
    return section


def _flag(data: Mapping[object, object], key: str, where: str, problems: list[str]) -> bool:
    value = data.get(key, False)
    if isinstance(value, bool):
        return value
    problems.append(f"{where}: '{key}' must be true or false, found {value!r}")
    return False


def _section_problems(section: SectionSpec, where: str) -> list[str]:
    problems: list[str] = []
    names = [f.name for f in section.fields]
    if len(set(names)) != len(names):
        problems.append(f"{where}: field names must be distinct, found {names}")
    if section.scalar is not None:
        if section.field_named(section.scalar) is None:
            problems.append(f"{where}: 'scalar' names no field of the section: {section.scalar!r}")
        elif len(section.fields) != 1:
            problems.append(f"{where}: a 'scalar' section must have exactly one field")
    if section.listed and section.scalar is not None:
        problems.append(f"{where}: a 'listed' section cannot be 'scalar'")
    if section.listed and any(f.optional for f in section.fields):
        problems.append(
            f"{where}: a 'listed' section's fields cannot be 'optional' "
            "(its orders are lists: a blank would shift the values after it)"
        )
    if section.single and section.lines != 1:
        problems.append(f"{where}: a 'single' section must have 'lines: 1'")
    return problems


def _fields(value: object, where: str, problems: list[str]) -> tuple[FieldSpec, ...]:
    if not isinstance(value, list) or not value:
        if value is not None:
            problems.append(f"{where}: 'fields' must be a non-empty list")
        return ()
    found = (_field(item, f"{where} field {i + 1}", problems) for i, item in enumerate(value))
    return tuple(f for f in found if f is not None)


def _field(item: object, where: str, problems: list[str]) -> FieldSpec | None:
    if not isinstance(item, Mapping):
        problems.append(f"{where} must be a mapping")
        return None
    name = item.get("name")
    if isinstance(name, str):
        where = f"{where} ({name})"
        if not _KEY.fullmatch(name):
            problems.append(f"{where}: 'name' must be a lower-case name")
    _check_keys(item, where, _FIELD_KEYS, problems)
    width = _count(item, "width", where, problems)
    if width > MAX_WIDTH:
        problems.append(f"{where}: 'width' must be at most {MAX_WIDTH}")
    title = _text(item, "title", where, problems)
    if title and (title != title.strip() or "\n" in title):
        problems.append(f"{where}: 'title' must be one line without outer spaces")
    codes = _codes(item.get("codes"), width, where, problems)
    flag = item.get("flag", False)
    if not isinstance(flag, bool) or (flag and codes is not None):
        problems.append(f"{where}: 'flag' must be true or false, and not go with 'codes'")
        flag = False
    coord, word = _flag(item, "coord", where, problems), _flag(item, "word", where, problems)
    province = _flag(item, "province", where, problems)
    if (flag or codes is not None) + coord + word > 1:
        problems.append(f"{where}: a field is one of 'codes', 'flag', 'coord' or 'word'")
    elif province and (flag or codes is not None or coord or word):
        problems.append(f"{where}: a 'province' field is a plain number, not a code or a tile")
    return FieldSpec(
        name=_text(item, "name", where, problems),
        title=title,
        width=width,
        codes=codes,
        flag=flag,
        coord=coord,
        word=word,
        optional=_flag(item, "optional", where, problems),
        province=province,
    )


def _codes(value: object, width: int, where: str, problems: list[str]) -> Mapping[int, str] | None:
    if value is None:
        return None
    if not isinstance(value, Mapping) or not value:
        problems.append(f"{where}: 'codes' must be a non-empty mapping of numbers to names")
        return None
    codes: dict[int, str] = {}
    for number, name in value.items():
        if not isinstance(number, int) or isinstance(number, bool):
            problems.append(f"{where}: code {number!r} must be an integer")
        elif not 0 <= number < 10**width:
            problems.append(f"{where}: code {number} does not fit in {counted(width, 'digit')}")
        elif not isinstance(name, str) or not _CODE_NAME.fullmatch(name) or name.isdigit():
            problems.append(f"{where}: code name {name!r} must be upper-case letters, digits, '-'")
        else:
            codes[number] = name
    if len(set(codes.values())) != len(codes):
        problems.append(f"{where}: code names must be distinct")
    return MappingProxyType(codes)


def _duplicates(sections: Sequence[SectionSpec]) -> list[str]:
    problems: list[str] = []
    for what in ("key", "label"):
        values = [getattr(s, what) for s in sections if getattr(s, what)]
        for value in sorted({v for v in values if values.count(v) > 1}):
            problems.append(f"the form: section {what} {value!r} is used more than once")
    return problems


def form_texts(form: FormSpec) -> list[str]:
    """Every text printed on the form (titles, instructions, help lines, field titles)."""
    texts = [form.title, form.begin, form.end, *form.instructions.splitlines()]
    for section in form.sections:
        texts += [section.title, section.help or "", *(f.title for f in section.fields)]
    return texts


def _prose_problems(form: FormSpec) -> list[str]:
    """Text printed on the form must not read as an order line (that it must not read as
    the header either is checked where forms are read, ``wtg.data.forms``: the header's
    reader is the order path's own)."""
    return [
        f"the form text {text.strip()!r} would be read as an order line"
        for text in form_texts(form)
        if _ORDERISH.match(text.strip())
    ]
