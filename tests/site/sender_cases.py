"""Games and lines for the tests of the AOF Sender: one real game a ruleset, made with
``wtg new-game``; the orders its built-in strategy gives; and, from a form spec, a table of
order lines of every kind (good ones, numbers too long, not numbers, codes that are none,
blanks, lines the form has not, provinces not on the map)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from wtg.aof.orderfile import read_section
from wtg.aof.values import Value
from wtg.cli import main
from wtg.core.form import FieldSpec, FormSpec, SectionSpec
from wtg.core.ruleset import SideId
from wtg.game.engine import Game, open_game
from wtg.rules.intermediate.strategy import plan_orders as intermediate_plan
from wtg.rules.standard.strategy import plan_orders as standard_plan
from wtg.rules.tactics.strategy import plan_orders as tactics_plan
from wtg.rules.wisk.strategy import plan as wisk_plan
from wtg.rules.wok4.strategy import plan_orders as wok4_plan
from wtg.site.sender import omitted_sections

GM_FROM = "Game Master <gm@wtg-host.example>"
PLAYERS = ("Ann", "Bob", "Cy")
GAMES: dict[str, tuple[str, ...]] = {
    "wok4": ("--map", "small"),
    "standard": ("--variant", "skirmish", "--map", "trial"),
    "intermediate": ("--map", "marchlands"),
    "wisk": (),
    "tactics": ("--pieces-per-turn", "1"),
}
"""The game each ruleset is tested with: ``wtg new-game`` options beside the players."""

PLANS: dict[str, Callable[[Any, int], dict[str, Any]]] = {
    "wok4": lambda state, side: wok4_plan(state, side, random.Random(side)),
    "standard": lambda state, side: standard_plan(state, side, random.Random(side)),
    "intermediate": lambda state, side: intermediate_plan(state, side, random.Random(side)),
    "wisk": wisk_plan,
    "tactics": tactics_plan,
}
"""Each ruleset's built-in strategy: orders the rules accept."""


def wtg(*args: object) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def player_spec(index: int) -> str:
    name = PLAYERS[index - 1]
    return f"--player={name}:{name.lower()}@players.example:SECRET{index:02d}CODE"


def new_game(folder: Path, ruleset: str, players: int = 2, name: str = "") -> Game:
    """A game of ``ruleset`` in ``folder``/g-<ruleset> (or ``name``), made by ``wtg
    new-game``."""
    game_dir = folder / (name or f"g-{ruleset}")
    specs = [player_spec(i) for i in range(1, players + 1)]
    made = wtg("new-game", game_dir, "--ruleset", ruleset, *GAMES[ruleset], *specs, "--seed", 7)
    assert made.exit_code == 0, made.output
    return open_game(game_dir)


def planned(game: Game, side: SideId) -> dict[str, Any]:
    """The orders the ruleset's strategy gives ``side`` for the coming turn, READY, without
    the sections its form leaves out this turn, and (the army turn of Tactics, which the
    strategy does not pick) an army of two pieces."""
    state = game.state()
    omit = omitted_sections(game.ruleset.form_context(state, side))
    orders = {k: v for k, v in PLANS[game.ruleset.name](state, side).items() if k not in omit}
    if game.ruleset.name == "tactics" and "army" not in omit:
        orders["army"] = ["WOLF", "ARCHER"]
    orders["ready"] = True
    return orders


def filled_lines(
    form: FormSpec, orders: Mapping[str, Any]
) -> Iterator[tuple[SectionSpec, int, Mapping[str, Value]]]:
    """Each order of ``orders`` (an order file's data) as the form's line it fills: its
    section, its line number and its values."""
    for section in form.sections:
        if section.key not in orders:
            continue
        entries, bad, problems = read_section(section, orders[section.key])
        assert not bad and not problems, (bad, problems)
        for number, entry in enumerate(entries, start=1):
            yield section, number, entry.values


# --- the table of lines ------------------------------------------------------------------
class Row:
    """An order line to check, and what kind of line it is."""

    def __init__(self, kind: str, text: str) -> None:
        self.kind = kind
        self.text = text

    def __repr__(self) -> str:
        return f"{self.kind}: {self.text!r}"


def good_value(spec: FieldSpec, spots: Sequence[int] | None = None) -> str:
    """A value the field takes, written as a player might."""
    if spec.flag:
        return "1"
    if spec.coord:
        return f"{3:0{spec.width}d}/{4:0{spec.width}d}"
    if spec.word:
        return "archer"[: spec.width]
    if spec.codes is not None:
        return str(min(spec.codes))
    if spec.province and spots:
        return f"{spots[-1]:0{spec.width}d}"
    return f"{1:0{spec.width}d}"


def bad_values(spec: FieldSpec) -> list[tuple[str, str]]:
    """(kind, value) of values the field does not take, and of odd ones it does."""
    width = spec.width
    too_long = "1" + "0" * width
    if spec.flag:
        return [("wrong choice", "2"), ("wrong choice", "maybe"), ("yes", "y"), ("no", "no")]
    if spec.coord:
        return [
            ("out of range", f"{too_long}/01"),
            ("not a number", "ab/cd"),
            ("no tile", "0304" if width == 2 else "03"),
            ("odd tile", "3x4"),
            ("half blank", "03/" + "_" * width),
        ]
    if spec.word:
        return [("too long", "W" * (width + 1)), ("not a word", "-wolf"), ("odd word", "wolf-2")]
    found = [("out of range", too_long), ("not a number", "x1"), ("leading zeros", "0000" + "1")]
    found += [("sign", "-1"), ("fraction", "1.5"), ("superscript", "\u00b9"), ("arabic", "\u0663")]
    if spec.codes is not None:
        spare = [n for n in range(10**width) if n not in spec.codes]
        found += [("wrong choice", str(spare[0]))] if spare else []
        name = list(spec.codes.values())[-1]
        found += [("wrong choice", "NOPE"), ("code by name", name.lower())]
        found += [
            ("code by arrow", name.replace("-", ">").lower()),
            ("code by underscore", name.replace("-", "_")),
        ]
    return found


def line(section: SectionSpec, number: int | str, values: Sequence[str], sep: str = " ") -> str:
    return f"{section.label}{number}: " + sep.join(values)


def section_rows(section: SectionSpec, spots: Sequence[int] | None = None) -> list[Row]:
    """The lines of one section: good ones, and each field wrong in every way."""
    goods = [good_value(f, spots) for f in section.fields]
    rows = [
        Row("valid", line(section, 1, goods)),
        Row("blank line", line(section, 1, [f.blank for f in section.fields])),
        Row("label only", f"{section.label}1:"),
        Row("commas", line(section, 1, goods, ",")),
        Row("semicolons", line(section, 1, goods, " ; ")),
        Row("comment", line(section, 1, goods) + " # my note"),
        Row("bracket", line(section, 1, goods) + " (my note)"),
        Row("lower case", line(section, 1, goods).lower()),
        Row("no colon", f"{section.label}1 " + " ".join(goods)),
        Row("dot", f"{section.label}1. " + " ".join(goods)),
        Row("paren", f"{section.label}1) " + " ".join(goods)),
        Row("equals", f"{section.label}1= " + " ".join(goods)),
        Row("space in label", f"{section.label} 1: " + " ".join(goods)),
        Row("indented", "   " + line(section, 1, goods)),
        Row("quoted", "> " + line(section, 1, goods)),
        Row("no break space", line(section, 1, goods, "\u00a0")),
        Row("tab", line(section, 1, goods, "\t")),
        Row("em space", line(section, 1, goods, "\u2003")),
        Row("soft hyphen", line(section, 1, goods).replace(":", ":\u00ad")),
        Row("invisible separator", line(section, 1, goods).replace(":", ":\u2063")),
        Row("tag letter", line(section, 1, goods).replace(":", ":\U000e0041")),
        Row("line beyond", line(section, section.lines + 1, goods)),
        Row("line zero", line(section, 0, goods)),
        Row("line huge", line(section, "0000001", goods)),
        Row("too many fields", line(section, 1, [*goods, "1"])),
        Row("prose", f"{section.label}1 is what I meant"),
        Row("glued", f"{section.label}1" + "".join(goods)),
    ]
    for index, spec in enumerate(section.fields):
        blank = [*goods[:index], spec.blank, *goods[index + 1 :]]
        rows.append(Row(f"blank {spec.title}", line(section, 1, blank)))
        rows.append(Row(f"missing {spec.title}", line(section, 1, goods[:index])))
        for kind, value in bad_values(spec):
            changed = [*goods[:index], value, *goods[index + 1 :]]
            rows.append(Row(f"{kind} {spec.title}", line(section, 1, changed)))
    return rows


def form_rows(form: FormSpec, spots: Sequence[int] | None = None) -> list[Row]:
    """The table of a whole form: each section's lines, and a letter no line starts with."""
    rows = [row for section in form.sections for row in section_rows(section, spots)]
    labels = {s.label for s in form.sections}
    stranger = next(c for c in "ZYWKJ" if c not in labels)
    rows.append(Row("unknown label", f"{stranger}1: 12 13"))
    first = form.sections[0].label
    rows.append(Row("number typed as a letter", f"{first}l: 12 13"))
    rows.append(Row("number left out", f"{first}: 12 13"))
    return rows


def spot_rows(form: FormSpec, spots: Sequence[int], omit: Sequence[str] = ()) -> list[Row]:
    """Lines naming a province (or territory) the map has not, in each field that holds one,
    the other fields good."""
    rows = []
    for section in form.sections:
        if section.key in omit:
            continue
        goods = [good_value(f, spots) for f in section.fields]
        for index, spec in enumerate(section.fields):
            if not spec.province:
                continue
            for unknown in (max(spots) + 1, 0):
                values = [*goods[:index], f"{unknown:0{spec.width}d}", *goods[index + 1 :]]
                rows.append(Row(f"unknown province {spec.title}", line(section, 1, values)))
    return rows
