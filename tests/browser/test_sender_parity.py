"""The AOF Sender checks a line as `wtg orders` does: for every ruleset, a table of lines
(good ones; numbers too long; not numbers; codes that are none; blanks; lines the form has
not; provinces not on the map) is read by the page's own script in a real Chromium and by
the Python side, and both say the same of every line: accepted, rejected (with the same
reason) or no order at all.

On a ruleset's page the Python side is the parser (``wtg.aof.parse.read_copy``, on the copy
``wtg.aof.choose`` chooses: tests/aof/reading.py); on a game's page it is the whole path of
``wtg orders`` (``wtg.game.intake.read_orders``: the parser, then the ruleset's check
against the game's state), with the lines the page can judge: the strategy's orders
(good), the lines the parser refuses, and provinces not on the map.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from tests.aof.reading import read_aof
from tests.browser.conftest import Watched
from tests.site.sender_cases import (
    GAMES,
    Row,
    filled_lines,
    form_rows,
    new_game,
    planned,
    spot_rows,
)
from wtg.aof.render import header_line
from wtg.aof.values import Value, render_value
from wtg.core.form import FormSpec, SectionSpec
from wtg.core.orders import OrderError
from wtg.core.ruleset import SideId
from wtg.game.engine import Game
from wtg.game.intake import read_orders
from wtg.game.registry import find_ruleset
from wtg.site.formdata import map_spots
from wtg.site.sender import omitted_sections, sender_pages

RULESETS = sorted(GAMES)
ROW_LINE = 3
"""The line of the text a checked line stands on: after the begin marker and the header."""


class Verdict(NamedTuple):
    verdict: str
    reason: str
    values: Mapping[str, Value]


class Built(NamedTuple):
    folder: Path
    games: dict[str, Game]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """One game a ruleset and the site's AOF Sender pages."""
    root = tmp_path_factory.mktemp("sender")
    games = {name: new_game(root / "games", name) for name in RULESETS}
    site = root / "site"
    for relative, text in sender_pages(list(games.values()), None).items():
        path = site / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return Built(site, games)


def js_verdicts(page: Watched, url: str, rows: Sequence[Row], form: FormSpec) -> list[Verdict]:
    """What the page's script says of each line, read by the page's own checker."""
    page.page.goto(url)
    found: list[dict[str, Any]] = page.page.evaluate(
        "texts => texts.map(t => WtgSender.page.checker.checkLine(t))", [r.text for r in rows]
    )
    assert page.errors == []
    return [Verdict(f["verdict"], f["reason"], _from_js(form, f)) for f in found]


def _from_js(form: FormSpec, found: Mapping[str, Any]) -> dict[str, Value]:
    """The script's values as the parser's: numbers as ints, tiles as tuples."""
    section = form.section(found["section"]) if found["section"] else None
    if section is None or found["verdict"] != "accepted":
        return {}
    values: dict[str, Value] = {}
    for name, value in found["values"].items():
        spec = section.field_named(name)
        assert spec is not None
        if spec.coord:
            values[name] = (int(value[0]), int(value[1]))
        elif spec.flag or spec.word or spec.codes is not None:
            values[name] = value
        else:
            values[name] = int(value)
    return values


def form_text(form: FormSpec, header: str, row: Row, before: Sequence[Row] = ()) -> str:
    lines = [form.begin, header, *(earlier.text for earlier in before), row.text, form.end]
    return "\n".join(lines) + "\n"


def parsed(form: FormSpec, row: Row) -> Verdict:
    """The parser's verdict on the line."""
    header = "GAME: any  TURN: 1  PLAYER: 1  CODE: ABCDEFGH"
    outcome = read_aof(form, form_text(form, header, row))
    for entry in outcome.entries:
        if entry.line == ROW_LINE:
            return Verdict("accepted", "", dict(entry.values))
    for bad in outcome.bad:
        if bad.entry.line == ROW_LINE:
            return Verdict("rejected", bad.reason, {})
    return Verdict("none", "", {})


def ordered(game: Game, side: SideId, row: Row, before: Sequence[Row] = ()) -> Verdict:
    """The verdict of `wtg orders`' path (the parser, then the ruleset's check) on the line,
    sent in the side's own form after the lines ``before`` (a WISK attack may start from
    the territory an earlier attack line takes)."""
    state = game.state()
    ruleset = game.ruleset
    turn = ruleset.turn_of(state) + 1
    code = game.config.player(ruleset.seat_of(state, side) or side).code
    header = header_line({"game": game.config.game, "turn": turn, "player": side, "code": code})
    text = form_text(ruleset.form_for(state), header, row, before)
    results = read_orders([text], ruleset, game.config, state, turn=turn, trusted=True, player=side)
    for result in results:
        assert not isinstance(result, OrderError) or "no order" in str(result), result
        for verdict in getattr(result, "verdicts", []):
            if verdict.entry.line == ROW_LINE + len(before):
                kind = "accepted" if verdict.accepted else "rejected"
                return Verdict(kind, "" if verdict.accepted else verdict.reason, {})
    return Verdict("none", "", {})


def disagreements(
    rows: Sequence[Row], ours: Sequence[Verdict], theirs: Sequence[Verdict], values: bool
) -> Iterator[str]:
    for row, js, python in zip(rows, ours, theirs, strict=True):
        same = js.verdict == python.verdict and js.reason == python.reason
        if same and values and js.values != python.values:
            same = False
        if not same:
            yield f"{row!r}: page {js}, wtg {python}"


@pytest.mark.parametrize("name", RULESETS)
def test_a_rulesets_page_reads_every_line_as_the_parser(
    name: str, built: Built, page: Watched
) -> None:
    form = find_ruleset(name).form
    rows = form_rows(form)
    ours = js_verdicts(page, (built.folder / "aof" / f"{name}.html").as_uri(), rows, form)
    theirs = [parsed(form, row) for row in rows]
    assert list(disagreements(rows, ours, theirs, values=True)) == []
    kinds = {v.verdict for v in theirs}
    assert kinds == {"accepted", "rejected", "none"}  # the table has lines of each kind


def strategy_rows(form: FormSpec, orders: Mapping[str, Any]) -> list[Row]:
    """The lines of the strategy's orders, as the page would write them."""
    return [
        Row("strategy", _line(section, number, values))
        for section, number, values in filled_lines(form, orders)
    ]


def _line(section: SectionSpec, number: int, values: Mapping[str, Value]) -> str:
    cells = [
        render_value(f, values[f.name]) if f.name in values else f.blank for f in section.fields
    ]
    return f"{section.label}{number}: " + " ".join(cells)


@pytest.mark.parametrize("name", RULESETS)
def test_a_games_page_reads_every_line_as_wtg_orders(
    name: str, built: Built, page: Watched
) -> None:
    game = built.games[name]
    state = game.state()
    ruleset = game.ruleset
    side = ruleset.owing(state)[0]
    form = ruleset.form_for(state)
    omit = omitted_sections(ruleset.form_context(state, side))
    spots = map_spots(ruleset.public_json(state))
    ids = [ident for ident, _name in spots.ids] if spots else None
    refused = [row for row in form_rows(form, ids) if parsed(form, row).verdict != "accepted"]
    strategy = strategy_rows(form, planned(game, side))
    rows = strategy + refused
    rows += spot_rows(form, ids, omit) if ids else []
    url = (built.folder / "games" / game.store.root.name / "aof.html").as_uri()
    ours = js_verdicts(page, url, rows, form)
    # the strategy's lines each after those before it, as it sends them; the others alone
    theirs = [ordered(game, side, row, strategy[:at]) for at, row in enumerate(strategy)]
    theirs += [ordered(game, side, row) for row in rows[len(strategy) :]]
    assert list(disagreements(rows, ours, theirs, values=False)) == []
    counted = {kind: sum(v.verdict == kind for v in theirs) for kind in ("accepted", "rejected")}
    assert counted["accepted"] >= 2 and counted["rejected"] >= 30, counted
    if name != "tactics":  # a board of tiles, no provinces
        assert any(r.kind.startswith("unknown province") for r in rows)


@pytest.mark.parametrize("name", RULESETS)
def test_a_whole_form_is_read_line_by_line_as_the_parser(
    name: str, built: Built, page: Watched
) -> None:
    """Lines read together: each section's good line twice (the second is refused: its line
    is filled in twice), then its second line, then a bad one."""
    form = find_ruleset(name).form
    rows: list[Row] = []
    for section in form.sections:
        first, *others = [r for r in form_rows(form) if r.text.startswith(f"{section.label}1")]
        second = Row("second line", first.text.replace(f"{section.label}1", f"{section.label}2", 1))
        rows += [first, first, second if section.lines > 1 else first, others[-1]]
    page.page.goto((built.folder / "aof" / f"{name}.html").as_uri())
    found = page.page.evaluate(
        "texts => WtgSender.page.checker.checkLines(texts, 3)", [r.text for r in rows]
    )
    header = "GAME: any  TURN: 1  PLAYER: 1  CODE: ABCDEFGH"
    text = "\n".join([form.begin, header, *(r.text for r in rows), form.end]) + "\n"
    outcome = read_aof(form, text)
    theirs = {e.line: Verdict("accepted", "", {}) for e in outcome.entries}
    theirs |= {b.entry.line: Verdict("rejected", b.reason, {}) for b in outcome.bad}
    none = Verdict("none", "", {})
    python = [theirs.get(number, none) for number in range(ROW_LINE, ROW_LINE + len(rows))]
    ours = [Verdict(f["verdict"], f["reason"], {}) for f in found]
    assert list(disagreements(rows, ours, python, values=False)) == []
    assert sum("filled in twice" in v.reason for v in python) >= len(form.sections)
    assert page.errors == []
