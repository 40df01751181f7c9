"""What the AOF Sender's page knows, as JSON data: the form (``forms/<ruleset>.yaml``, read
by ``wtg.data.forms``), the parser's own patterns and words, and, on a game's page, the
game's map, players and turn.

The page's hand-written checker (``templates/site/sender/checker.js.j2``) interprets this
data: it reads a value as ``wtg.aof.values.read_token`` does and a line as
``wtg.aof.parse`` does, with the patterns taken here from those very modules, so that the
page and ``wtg orders`` check alike (tests/browser/test_sender_parity.py holds them to it).
What only the game's state decides (whose province it is, how many armies stand there) is
not the page's to know: ``wtg orders`` says it when the orders arrive.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from string import Formatter

from markupsafe import Markup

from wtg.aof import parse, values
from wtg.aof.copies import ORDER_LINE
from wtg.aof.mailtext import MAX_NUMBER_DIGITS, OTHER_SPACE
from wtg.aof.render import OMIT, choice_lines, fill_placeholders, prose_lines, title_lines
from wtg.core.form import FieldSpec, FormSpec, SectionSpec
from wtg.core.formatchars import format_characters
from wtg.core.jsondata import Json, JsonObject
from wtg.core.record import Record
from wtg.game.gameconfig import CODE_MAX_LENGTH, CODE_MIN_LENGTH

UNKNOWN = "..."
"""What stands in the page's form for a placeholder the player's report fills (his gold,
his cards): the page knows nothing of one player's position."""

_SPOT_LISTS = (("provinces", "province"), ("territories", "territory"))
"""The keys of a ruleset's ``public_json`` that list its map, and what one spot is called
(the words of the rulesets' own reasons: "there is no province 21")."""


class Spots(Record):
    """The map of a game as the page checks it: its spots' ids and names."""

    word: str
    """``province`` or ``territory``."""
    plural: str
    ids: tuple[tuple[int, str], ...]


class Side(Record):
    """A player who gives orders for the coming turn, and the sections his form leaves out."""

    id: int
    name: str
    omit: tuple[str, ...] = ()


@cache
def _odd_spaces() -> str:
    """Every character a mail text's lines turn into a plain space (``mail_lines``)."""
    return "".join(chr(c) for c in range(sys.maxunicode + 1) if OTHER_SPACE.fullmatch(chr(c)))


def syntax_data() -> JsonObject:
    """The parser's patterns, words and limits, which the page's script reads values and
    lines with (regular expressions in the syntax both Python and JavaScript read)."""
    return {
        "digits": values.DIGITS,
        "coord": values.COORD.pattern,
        "word": values.WORD.pattern,
        "arrow": values.ARROW.pattern,
        "yes": list[Json](sorted(values.YES_WORDS)),
        "no": list[Json](sorted(values.NO_WORDS)),
        "shown": values.SHOWN,
        "orderLine": ORDER_LINE.pattern,
        "separators": parse.SEPARATORS.pattern,
        "comment": parse.COMMENT.pattern,
        "maxLineNumber": parse.MAX_LINE_NUMBER,
        "invisible": format_characters(),
        "spaces": _odd_spaces(),
        "headerDigits": MAX_NUMBER_DIGITS,
        "codeLength": [CODE_MIN_LENGTH, CODE_MAX_LENGTH],
    }


def placeholders(form: FormSpec) -> list[str]:
    """The names of the ``{placeholders}`` in the form's section titles and help lines."""
    names: dict[str, None] = {}
    for section in form.sections:
        for text in (section.title, section.help or ""):
            try:
                parsed = list(Formatter().parse(text))
            except ValueError:
                continue
            names.update((name, None) for _lit, name, _spec, _conv in parsed if name)
    return list(names)


def neutral_context(form: FormSpec, omit: Iterable[str] = ()) -> dict[str, object]:
    """The form context the page renders its text with: every placeholder ``UNKNOWN``, and
    the sections ``omit`` names left out (``wtg.aof.render.render_aof``'s context)."""
    context: dict[str, object] = dict.fromkeys(placeholders(form), UNKNOWN)
    context[OMIT] = tuple(omit)
    return context


def form_data(form: FormSpec) -> JsonObject:
    """The form as the page's script reads it; titles and help lines as the text shows them."""
    context = neutral_context(form)
    return {
        "ruleset": form.ruleset,
        "title": form.title,
        "begin": form.begin,
        "end": form.end,
        "instructions": [*prose_lines(form.instructions)],
        "sections": [_section_data(section, context) for section in form.sections],
    }


def _section_data(section: SectionSpec, context: Mapping[str, object]) -> JsonObject:
    title = fill_placeholders(section.title, context)
    help_text = fill_placeholders(section.help, context) if section.help else None
    titles: list[Json] = [*title_lines(title)]
    help_lines: list[Json] = [*choice_lines(help_text)] if help_text else []
    return {
        "key": section.key,
        "label": section.label,
        "lines": section.lines,
        "title": title,
        "help": help_text,
        "title_lines": titles,
        "help_lines": help_lines,
        "titles": section.titles,
        "widths": [max(f.shown_width, len(f.title)) for f in section.fields],
        "margin": len(f"{section.label}{section.lines}:") + 1,
        "fields": [_field_data(spec) for spec in section.fields],
    }


def _field_data(spec: FieldSpec) -> JsonObject:
    codes: list[Json] = [[n, name] for n, name in sorted((spec.codes or {}).items())]
    return {
        "name": spec.name,
        "title": spec.title,
        "width": spec.width,
        "blank": spec.blank,
        "codes": codes if spec.codes is not None else None,
        "flag": spec.flag,
        "coord": spec.coord,
        "word": spec.word,
        "optional": spec.optional,
        "province": spec.province,
    }


def map_spots(public: Mapping[str, Json]) -> Spots | None:
    """The map of a ruleset's ``public_json``: its ``provinces`` or ``territories``, each
    an object with a whole-number ``id`` (and a ``name``); None for a board of tiles."""
    for key, word in _SPOT_LISTS:
        listed = public.get(key)
        if not isinstance(listed, list):
            continue
        ids = []
        for entry in listed:
            if isinstance(entry, dict):
                ident, name = entry.get("id"), entry.get("name")
                if isinstance(ident, int) and not isinstance(ident, bool):
                    ids.append((ident, name if isinstance(name, str) else ""))
        return Spots(word=word, plural=key, ids=tuple(sorted(ids)))
    return None


def page_data(
    form: FormSpec,
    *,
    game: str | None = None,
    turn: int | None = None,
    sides: Sequence[Side] = (),
    spots: Spots | None = None,
    gm_address: str | None = None,
) -> JsonObject:
    """Everything the page's script reads: the form, the syntax, and what the page knows of
    the game (nothing on a ruleset's page)."""
    data: JsonObject = {
        "form": form_data(form),
        "syntax": syntax_data(),
        "game": game,
        "turn": turn,
        "sides": [{"id": s.id, "name": s.name, "omit": list(s.omit)} for s in sides],
        "spots": None,
        "gm": gm_address,
    }
    if spots is not None:
        data["spots"] = {
            "word": spots.word,
            "plural": spots.plural,
            "count": len(spots.ids),
            "ids": [[ident, name] for ident, name in spots.ids],
        }
    return data


def script_json(data: Json) -> Markup:
    """``data`` as JSON safe inside a ``<script type="application/json">`` element: no
    ``<``, ``>`` or ``&`` in it (a player's name cannot close the element)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    escaped = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return Markup(escaped.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))
