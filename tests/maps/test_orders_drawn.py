"""Issue 29, item 1, for WISK and Tactics (the WoK rulesets: tests/mail/test_orders_picture.py):
the confirmation's picture draws the orders as understood. WISK: each placement its armies
on its territory, each attack an arrow with its dice and what it moves in, the fortification
an arrow with its armies. Tactics: each piece's move and attack on the grid."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from tests.shipped import TACTICS, WISK
from tests.site.games import play_game
from wtg.core.jsondata import Json
from wtg.maps import orders_png, orders_svg
from wtg.rules.tactics.strategy import plan_orders as tactics_plan
from wtg.rules.wisk.strategy import plan


def test_wisk_placements_attacks_and_the_fortification_are_drawn(tmp_path: Path) -> None:
    played = play_game(tmp_path, "w", "wisk", "classic", 2, 12)
    game = played.typed(WISK)
    state = game.state()
    assert state.stage == "play" and not game.ruleset.is_over(state)
    side = state.active
    mine = state.territories_of(side)
    theirs = next(
        t.id for t in state.board.sites if t.id not in mine and set(t.neighbours) & set(mine)
    )
    source = next(t for t in mine if theirs in state.board.site(t).neighbours)
    orders: dict[str, Json] = dict(plan(state, side))
    orders.update(
        place=[{"territory": source, "armies": 3}],
        attack=[{"from": source, "to": theirs, "dice": 3, "until": 2, "move": 4}],
        fortify={"from": mine[0], "to": source, "armies": 1} if mine[0] != source else None,
    )
    if orders["fortify"] is None:
        del orders["fortify"]
    seat = next(p.id for p in game.config.players if p.id == side)
    svg = orders_svg(played, seat, orders)
    assert svg is not None and "as understood" in svg
    drawn = re.findall(r'<g data-order="([^"]+)">.*?<text [^>]*>([^<]*)</text>', svg, re.S)
    assert (f"place {source}-{source}", "+3") in drawn
    assert (f"attack {source}-{theirs}", "3 dice, move 4") in drawn
    if mine[0] != source:
        assert (f"fortify {mine[0]}-{source}", "1") in drawn
    assert len(drawn) == 2 + (mine[0] != source)


def test_tactics_moves_and_attacks_are_drawn_on_the_grid(tmp_path: Path) -> None:
    """Each piece's move an arrow from its tile to where it goes, its attack an arrow on
    from there, each with the piece's number; the PNG is drawn too. (Turn 28: the bots hold
    their ground until they grow bold; by then one walks and strikes. It was turn 20 before
    tactics43's bot kept its pieces together.)"""
    played = play_game(tmp_path, "t", "tactics", "meadow", 2, 28)
    game = played.typed(TACTICS)
    state = game.state()
    side = state.active
    orders: dict[str, Json] = dict(tactics_plan(state, side))
    moves = orders["moves"]
    assert isinstance(moves, list) and moves
    seat = next(p.id for p in game.config.players if p.id == side)
    svg = orders_svg(played, seat, orders)
    assert svg is not None and "as understood" in svg
    drawn = re.findall(r'class="order (move|attack) (\d+,\d+) (\d+,\d+)"', svg)
    wanted = []
    for move in moves:
        assert isinstance(move, dict)
        piece = state.piece(int(str(move["piece"])))
        assert piece is not None
        to = move["to"]
        assert isinstance(to, list)
        goes = f"{to[0]},{to[1]}"
        if goes != f"{piece.x},{piece.y}":
            wanted.append(("move", f"{piece.x},{piece.y}", goes))
        attack = move.get("attack")
        if isinstance(attack, list):
            wanted.append(("attack", goes, f"{attack[0]},{attack[1]}"))
    assert drawn == wanted and wanted
    assert {kind for kind, _, _ in drawn} == {"move", "attack"}
    # the words over a white halo: the tiles and pieces under them do not hide them
    labels = re.findall(r'<text [^>]*class="order-(?:move|attack)"[^>]*>', svg)
    labels += re.findall(r'<g ([^>]*)>\s*<text [^>]*class="order-', svg)
    assert labels and all('stroke="#FFFFFF"' in label for label in labels), labels[:2]
    png = orders_png(played, seat, orders)
    assert png is not None and png.startswith(b"\x89PNG")


def test_an_orders_picture_painted_over_the_last_is_the_one_painted_whole(tmp_path: Path) -> None:
    """Issue 29, item 4: a confirmation's picture is painted over the last picture of
    the same board where they differ (here: a player's orders confirmed, then his orders
    again with one attack less): it comes out the very bytes it does painted whole,
    nothing kept."""
    from wtg.maps import png

    played = play_game(tmp_path, "w", "wisk", "classic", 2, 12)
    game = played.typed(WISK)
    state = game.state()
    seat = state.active
    mine = state.territories_of(seat)
    pairs = [(a, b) for a in mine for b in state.board.site(a).neighbours if b not in mine]
    attacks: list[Json] = []
    for source, target in pairs[:3]:
        attacks.append({"from": source, "to": target, "dice": 3, "until": 1, "move": 99})
    assert len(attacks) == 3  # arrows to draw
    first: dict[str, Json] = {"player": seat, "turn": state.turn + 1, "attack": attacks}
    second = {**first, "attack": attacks[:-1]}
    png.forget()
    over_last = [_digest(orders_png(played, seat, orders)) for orders in (first, second, first)]
    assert png.ground.cache_info().currsize == 1  # the same board: painted over the last
    whole = []
    for orders in (first, second):
        png.forget()
        whole.append(_digest(orders_png(played, seat, orders)))
    assert over_last == [*whole, whole[0]] and whole[0] != whole[1]


def _digest(picture: bytes | None) -> str:
    """A picture's bytes told by their digest (a failing comparison stays short)."""
    assert picture is not None
    return hashlib.sha256(picture).hexdigest()


def test_the_tactics_army_pick_is_listed_under_the_field(tmp_path: Path) -> None:
    """The army turn's orders move no piece: the picture lists the army picked under the
    field (press49: the confirmation said its picture drew the orders, and it drew nothing
    of them), or, no army line sent, says the report's army goes."""
    played = play_game(tmp_path, "t", "tactics", "meadow", 2, 0)
    game = played.typed(TACTICS)
    state = game.state()
    assert state.phase == "army"
    seat = game.config.players[0].id
    picked = [kind.key for kind in state.kinds][:2] * 2
    svg = orders_svg(played, seat, {"army": list(picked)})
    assert svg is not None and "your army for turn 1 as understood" in svg
    assert f"Army: {', '.join(picked)}, on the field as the turn runs." in svg
    assert 'class="order ' not in svg  # no arrow: nothing moves
    svg = orders_svg(played, seat, {})
    assert svg is not None
    assert "Army: the one shown in your report (no army lines), on the field as" in svg
