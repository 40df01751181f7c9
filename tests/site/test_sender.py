"""The AOF Sender's pages as files: which there are, what they know of a game (its map, the
players who give orders, its form), and what they never hold (a secret code, a player's
address, a player's text unescaped)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.bigmap import write_grid_map
from tests.site.sender_cases import GAMES, GM_FROM, new_game, wtg
from wtg.aof import parse, values
from wtg.game.engine import Game, open_game
from wtg.game.registry import find_ruleset, ruleset_names
from wtg.host.config import config_from_data
from wtg.site.sender import CHECKER, SCRIPT, STYLE, sender_pages

GM = "gm@wtg-host.example"
WHERE = "Send this text by e-mail to your game master"


def page_data(page: str) -> Any:
    """The JSON the page's script reads."""
    found = re.search(r'<script type="application/json" id="wtg-sender-data">(.*?)</script>', page)
    assert found is not None
    return json.loads(found[1])


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> list[Game]:
    root = tmp_path_factory.mktemp("games")
    return [new_game(root, name) for name in sorted(GAMES)]


def finished_game(root: Path) -> Game:
    """A game of WoK IV that is over: one of its two players quit."""
    game = new_game(root, "wok4")
    form = root / "quit.txt"
    form.write_text(game.aof(2).replace("Q1: _", "Q1: 1"), encoding="utf-8")
    assert wtg("orders", game.store.root, form).exit_code == 0
    assert wtg("run-turn", game.store.root).exit_code == 0
    game = open_game(game.store.root)
    assert game.ruleset.is_over(game.state())
    return game


def test_a_page_for_every_ruleset_and_every_game_not_over(
    games: list[Game], tmp_path: Path
) -> None:
    over = finished_game(tmp_path / "over")
    pages = sender_pages([*games, over], None)
    expected = {CHECKER, SCRIPT, STYLE}
    expected |= {f"aof/{name}.html" for name in ruleset_names()}
    expected |= {f"games/g-{name}/aof.html" for name in GAMES}
    assert set(pages) == expected  # none for the game that is over
    assert set(ruleset_names()) >= set(GAMES)


def test_no_page_holds_a_secret_code_or_a_players_address(games: list[Game]) -> None:
    config = config_from_data({"from": GM_FROM}, Path.cwd())
    pages = sender_pages(games, config)
    secrets = {p.code.lower() for g in games for p in g.config.players}
    addresses = {p.email.lower() for g in games for p in g.config.players}
    assert len(secrets) == 2 and len(addresses) == 2  # every game has the same two players
    for relative, text in pages.items():
        lowered = text.lower()
        assert [s for s in secrets | addresses if s in lowered] == [], relative
        assert set(re.findall(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+", text)) <= {GM}, relative


def test_the_gm_address_is_the_mailto_link(games: list[Game]) -> None:
    config = config_from_data({"smtp": {"host": "smtp.example", "from": GM_FROM}}, Path.cwd())
    page = sender_pages(games, config)["games/g-wok4/aof.html"]
    assert f'href="mailto:{GM}"' in page
    assert f"Send it by e-mail to {GM}" in page
    assert WHERE not in page
    assert page_data(page)["gm"] == GM


@pytest.mark.parametrize("config", [None, {}, {"from": "wtg@localhost"}, {"from": "gm@intranet"}])
def test_without_an_address_the_page_says_where_to_send(
    games: list[Game], config: dict[str, str] | None
) -> None:
    gm = None if config is None else config_from_data(config, Path.cwd())
    for relative, page in sender_pages(games, gm).items():
        if relative.endswith(".html"):
            assert "mailto:" not in page and WHERE in page, relative


def test_a_rulesets_page_holds_its_form_and_the_parsers_patterns() -> None:
    pages = sender_pages([], None)
    for name in ruleset_names():
        form = find_ruleset(name).form
        data = page_data(pages[f"aof/{name}.html"])
        assert data["game"] is None and data["spots"] is None and data["sides"] == []
        sections = data["form"]["sections"]
        assert [(s["key"], s["label"], s["lines"]) for s in sections] == [
            (s.key, s.label, s.lines) for s in form.sections
        ]
        assert [[f["name"] for f in s["fields"]] for s in sections] == [
            [f.name for f in s.fields] for s in form.sections
        ]
        syntax = data["syntax"]
        assert syntax["digits"] == values.DIGITS
        assert syntax["separators"] == parse.SEPARATORS.pattern
        assert set(syntax["yes"]) == values.YES_WORDS and set(syntax["no"]) == values.NO_WORDS


def test_a_games_page_knows_its_map_turn_and_the_players_who_give_orders(
    games: list[Game],
) -> None:
    pages = sender_pages(games, None)
    for game in games:
        data = page_data(pages[f"games/{game.store.root.name}/aof.html"])
        state = game.state()
        ruleset = game.ruleset
        assert data["game"] == game.config.game
        assert data["turn"] == ruleset.turn_of(state) + 1
        owing = ruleset.owing(state)
        assert [s["id"] for s in data["sides"]] == owing
        names = {p.id: p.name for p in game.config.players}
        assert [s["name"] for s in data["sides"]] == [names[s] for s in owing]
        public = ruleset.public_json(state)
        listed = public.get("provinces", public.get("territories"))
        if isinstance(listed, list):
            ids = [int(str(e["id"])) for e in listed if isinstance(e, dict)]
            assert [i for i, _name in data["spots"]["ids"]] == sorted(ids)
        else:
            assert ruleset.name == "tactics" and data["spots"] is None
    wisk = page_data(pages["games/g-wisk/aof.html"])
    assert [s["id"] for s in wisk["sides"]] == [1]  # one player's turn at a time
    tactics = page_data(pages["games/g-tactics/aof.html"])
    assert tactics["sides"][0]["omit"] == ["moves"]  # the army turn


def test_a_duel_lists_the_colours_of_the_humans_and_no_robot(tmp_path: Path) -> None:
    made = wtg(
        "new-game",
        tmp_path / "duel",
        "--ruleset=standard",
        "--variant=duel",
        "--player=Ann:ann@players.example",
        "--player=Bob:bob@players.example",
    )
    assert made.exit_code == 0, made.output
    game = open_game(tmp_path / "duel")
    state = game.state()
    data = page_data(sender_pages([game], None)["games/duel/aof.html"])
    humans = [s for s in game.ruleset.owing(state) if game.ruleset.seat_of(state, s)]
    assert [s["id"] for s in data["sides"]] == humans and len(humans) == 6


def test_a_big_maps_form_has_wide_province_fields(tmp_path: Path) -> None:
    grid = write_grid_map(tmp_path / "grid.yaml", 1200, 2)
    made = wtg(
        "new-game",
        tmp_path / "big",
        "--ruleset=wok4",
        f"--map={grid}",
        "--player=Ann:ann@players.example",
        "--player=Bob:bob@players.example",
    )
    assert made.exit_code == 0, made.output
    page = sender_pages([open_game(tmp_path / "big")], None)["games/big/aof.html"]
    data = page_data(page)
    attack = next(s for s in data["form"]["sections"] if s["key"] == "attack")
    assert [f["width"] for f in attack["fields"]] == [4, 4, 3]
    assert data["spots"]["count"] == 1200
    assert 'id="f-attack-1-from"' in page and 'placeholder="____"' in page


def test_a_players_text_is_escaped(tmp_path: Path) -> None:
    name = "</script><b>Bo&Co"
    made = wtg(
        "new-game",
        tmp_path / "esc",
        "--ruleset=wok4",
        "--map=small",
        f"--player={name}:bo@players.example",
        "--player=Ann:ann@players.example",
    )
    assert made.exit_code == 0, made.output
    page = sender_pages([open_game(tmp_path / "esc")], None)["games/esc/aof.html"]
    assert name not in page and "<b>" not in page
    assert "&lt;/script&gt;&lt;b&gt;Bo&amp;Co" in page  # the player's option
    assert page_data(page)["sides"][0]["name"] == name
    assert page.count("</script>") == 3  # the JSON's and the two scripts' own


def test_the_page_names_the_form_s_header_as_one_line_or_two(games: list[Game]) -> None:
    """The page said 'As in the GAME/TURN/PLAYER/CODE line of the form', where a game named
    with 40 characters and more has a header of two lines (GAME alone, then TURN, PLAYER
    and CODE), as the form says it since: 'header'."""
    for relative, page in sender_pages(games, None).items():
        if relative.endswith(".html"):
            assert "GAME/TURN/PLAYER/CODE line" not in page, relative
            assert "As in the GAME/TURN/PLAYER/CODE header of the form" in page, relative
