"""A player fills in the AOF Sender by typing, in a real Chromium: the text the page writes
is the form wtg itself renders for those orders, and `wtg orders` accepts every line of it;
a wrong value shows its reason beside the field; the page neither logs an error nor loses a
request."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest

from tests.browser.conftest import Watched
from tests.site.sender_cases import (
    GAMES,
    GM_FROM,
    bad_values,
    filled_lines,
    new_game,
    planned,
    wtg,
)
from wtg.aof.render import render_aof
from wtg.aof.values import Value, read_token
from wtg.core.form import FieldSpec
from wtg.core.plurals import counted
from wtg.core.ruleset import SideId
from wtg.game.engine import Game, open_game
from wtg.game.registry import find_ruleset
from wtg.host.config import config_from_data
from wtg.site.formdata import neutral_context
from wtg.site.sender import omitted_sections, sender_pages

GM = "gm@wtg-host.example"


def build(games: list[Game], site: Path) -> None:
    config = config_from_data({"from": GM_FROM}, site)
    for relative, text in sender_pages(games, config).items():
        path = site / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def typed(spec: FieldSpec, value: Value, number: int) -> str:
    """A value as a player types it: numbers without their leading zeros, codes by name now
    and by number then, tiles as 5/7, names in small letters."""
    if spec.flag:
        return "yes" if value else "0"
    if isinstance(value, tuple):
        return f"{value[0]}/{value[1]}"
    if spec.codes is not None:
        code = next(n for n, name in spec.codes.items() if name == value)
        return str(value).lower().replace("-", "->") if number % 2 else str(code)
    return str(value).lower()


def fill(page: Watched, game: Game, side: SideId, orders: dict[str, Any]) -> str:
    """Type the side's code and orders into the game's page; the text it writes."""
    ruleset = game.ruleset
    state = game.state()
    seat = ruleset.seat_of(state, side) or side
    page.page.select_option("#player", str(side))
    page.page.type("#code", game.config.player(seat).code.lower())
    for section, number, values in filled_lines(ruleset.form_for(state), orders):
        for spec in section.fields:
            if spec.name in values:
                field = f"#f-{section.key}-{number}-{spec.name}"
                page.page.type(field, typed(spec, values[spec.name], number))
    return page.page.input_value("#aof")


def expected_text(game: Game, side: SideId, orders: dict[str, Any]) -> str:
    """The form wtg renders for these orders, with the page's context (no player's gold)."""
    state = game.state()
    ruleset = game.ruleset
    form = ruleset.form_for(state)
    omit = omitted_sections(ruleset.form_context(state, side))
    seat = ruleset.seat_of(state, side) or side
    header = {
        "game": game.config.game,
        "turn": ruleset.turn_of(state) + 1,
        "player": side,
        "code": game.config.player(seat).code.lower(),
    }
    return render_aof(form, header, orders, neutral_context(form, omit))


def send_and_check(page: Watched, game: Game, side: SideId, tmp_path: Path) -> None:
    """Fill the page for the side's planned orders; `wtg orders` takes every line."""
    orders = planned(game, side)
    url = (tmp_path / "site" / "games" / game.store.root.name / "aof.html").as_uri()
    page.page.goto(url)
    text = fill(page, game, side, orders)
    assert text == expected_text(game, side, orders)
    lines = sum(1 for _ in filled_lines(game.ruleset.form_for(game.state()), orders))
    # the page counts its lines as the GM's words do (a bot's turn that holds its ground
    # plans one line: "1 order line")
    assert page.page.text_content("#status") == f"{counted(lines, 'order line')} in the text."
    mail = tmp_path / f"orders-{side}.txt"
    mail.write_text(text, encoding="utf-8")
    stored = wtg("orders", game.store.root, mail)
    assert stored.exit_code == 0, stored.output
    assert f"{lines} accepted, 0 rejected." in stored.output
    href = page.page.get_attribute("#mailto", "href")
    assert href is not None and href.startswith(f"mailto:{GM}?subject=")
    assert unquote(href.split("&body=", 1)[1]) == text.replace("\n", "\r\n")
    page.page.click("#copy")
    page.page.wait_for_function("document.getElementById('copied').textContent !== ''")
    assert page.errors == []


@pytest.mark.parametrize("name", sorted(GAMES))
def test_typed_orders_are_taken_by_wtg_orders(name: str, page: Watched, tmp_path: Path) -> None:
    game = new_game(tmp_path / "games", name)
    build([game], tmp_path / "site")
    side = game.ruleset.owing(game.state())[0]
    send_and_check(page, game, side, tmp_path)


def test_a_long_game_names_form_is_written_as_wtg_renders_it(page: Watched, tmp_path: Path) -> None:
    """A game named with 64 characters: its header goes on two lines (one would pass 72
    columns), on the page as in the report's form, and `wtg orders` takes the text."""
    name = "the-long-winter-campaign-of-the-northern-reaches-and-the-island1"
    game = new_game(tmp_path / "games", "wok4", name=name)
    build([game], tmp_path / "site")
    side = game.ruleset.owing(game.state())[0]
    send_and_check(page, game, side, tmp_path)
    written = (tmp_path / f"orders-{side}.txt").read_text(encoding="utf-8")
    assert f"\nGAME: {name}\nTURN: 1  PLAYER: {side}  CODE: " in written
    assert max(len(line) for line in written.splitlines()) <= 72


def test_a_tactics_battle_turn_is_moved_by_typing(page: Watched, tmp_path: Path) -> None:
    """The battle turn's form (moves to tiles X/Y, attacks that may be left blank)."""
    game = new_game(tmp_path / "games", "tactics")
    ran = wtg("run-turn", game.store.root)
    assert ran.exit_code == 0, ran.output
    build([game], tmp_path / "site")
    side = game.ruleset.owing(game.state())[0]
    assert "moves" in planned(game, side)
    send_and_check(page, game, side, tmp_path)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_wrong_value_shows_its_reason_beside_the_field(
    name: str, page: Watched, tmp_path: Path
) -> None:
    """On the ruleset's page, a wrong value in the first field of each section: the reason
    `wtg orders` would give, beside the field; the line is left out of the text until the
    value is put right."""
    build([], tmp_path / "site")
    page.page.goto((tmp_path / "site" / "aof" / f"{name}.html").as_uri())
    for section in find_ruleset(name).form.sections:
        spec = section.fields[0]
        kind, value = bad_values(spec)[0]
        field = f"#f-{section.key}-1-{spec.name}"
        page.page.type(field, value)
        reading, reason = read_token(spec, value)
        assert reading is None and reason, (kind, value)
        assert page.page.text_content(f"#m-f-{section.key}-1-{spec.name}") == reason
        assert page.page.get_attribute(field, "aria-invalid") == "true"
        assert "left out" in (page.page.text_content("#status") or "")
        page.page.fill(field, "")
        assert page.page.text_content(f"#m-f-{section.key}-1-{spec.name}") == ""
        assert page.page.get_attribute(field, "aria-invalid") == "false"
    assert page.errors == []


def test_a_province_not_on_the_map_and_a_bad_code_are_named(page: Watched, tmp_path: Path) -> None:
    game = new_game(tmp_path / "games", "wok4")
    build([game], tmp_path / "site")
    page.page.goto((tmp_path / "site" / "games" / "g-wok4" / "aof.html").as_uri())
    page.page.type("#f-attack-1-from", "3")
    page.page.type("#f-attack-1-to", "21")
    assert page.page.text_content("#m-f-attack-1-to") == (
        "there is no province 21 (provinces are 1..20)"
    )
    assert page.page.text_content("#m-f-attack-1-from") == "Cindermoor"  # the map's name of 3
    assert page.page.text_content("#r-attack-1") == (
        "the ARM field is blank (fill in all of FROM TO ARM, or none)"
    )
    page.page.type("#code", "abc")
    assert "8 to 64 letters and digits" in (page.page.text_content("#m-code") or "")
    text = page.page.input_value("#aof")
    assert "A1: __   __ ___" in text  # the wrong line is not written
    assert page.errors == []


def test_a_players_name_is_shown_as_written(page: Watched, tmp_path: Path) -> None:
    """A name that is markup stays text: in the list of players and in the page's data."""
    name = "</script><b>Bo&Co"
    made = wtg(
        "new-game",
        tmp_path / "games" / "esc",
        "--ruleset=wok4",
        "--map=small",
        f"--player={name}:bo@players.example",
        "--player=Ann:ann@players.example",
    )
    assert made.exit_code == 0, made.output
    build([open_game(tmp_path / "games" / "esc")], tmp_path / "site")
    page.page.goto((tmp_path / "site" / "games" / "esc" / "aof.html").as_uri())
    assert page.page.text_content("#player option") == f"1: {name}"
    assert page.page.evaluate("WtgSender.data.sides[0].name") == name
    assert page.page.locator("b").count() == 0
    assert page.errors == []
