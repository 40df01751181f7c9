"""Issue 29, item 1: the confirmation mail carries the player's map with his orders as
understood drawn on it: an attack line an arrow from its province to its target with its
armies, a rejected line nothing; the picture says "as understood"; MAP: off is respected,
and the fog of the player's report is kept. Contract: the confirmation mail is
``multipart/mixed`` with text/plain first and one ``image/png`` when pictures are on."""

from __future__ import annotations

import io
import re
from pathlib import Path

from PIL import Image

from tests.mail.loop import World
from tests.mail.maps import parsed, parts
from tests.mail.test_map_pictures import with_line, without_pictures
from tests.shipped import WOK4
from wtg.core.jsondata import Json
from wtg.maps import draw_svg, orders_svg


def confirmation(world: World) -> bytes:
    (raw,) = [raw for name, raw in world.outbox().items() if name.startswith("conf-")]
    return raw


def orders_drawn(svg: str) -> list[tuple[str, str]]:
    """Each order drawn: its kind and spots, and its words."""
    found = re.findall(r'<g data-order="([^"]+)">.*?<text [^>]*>([^<]*)</text>', svg, re.S)
    return [(order, words) for order, words in found]


def test_an_attack_is_drawn_and_a_rejected_line_is_not(tmp_path: Path) -> None:
    world = World(tmp_path)
    state = world.game.typed(WOK4).state()
    own = next(iter(state.provinces_of(1)))  # 13, bordering 8, 12 and 17
    target = own.neighbours[0]
    far = next(p.id for p in state.provinces if p.id not in (own.id, *own.neighbours))
    form = world.aof(1, A1=f"{own.id} {target} 5", A2=f"{own.id} {far} 3")
    world.mail(form, sender="p1@players.example")
    world.poll()
    raw = confirmation(world)
    assert parts(raw) == ["text/plain", "image/png"]
    message = parsed(raw)
    assert message.get_content_type() == "multipart/mixed"
    text, image = message.iter_parts()
    assert "REJECTED" in text.get_content() or "rejected" in text.get_content()
    png = image.get_content()
    with Image.open(io.BytesIO(png)) as picture:
        assert picture.width >= 600 and picture.height >= 400
    assert image.get_filename() == "orders-turn1.png"

    filed = world.game.submit(form, player=1)  # the orders as the intake understood them
    attacks = filed.orders["attack"]
    assert isinstance(attacks, list)
    assert [o["to"] for o in attacks if isinstance(o, dict)] == [target]  # far: refused
    svg = orders_svg(world.game, 1, filed.orders)
    assert svg is not None and "as understood" in svg
    assert orders_drawn(svg) == [(f"attack {own.id}-{target}", "5")]
    plain = draw_svg(world.game, player=1)  # the fog of his report, kept
    fogged = re.findall(r'data-province="(\d+)">\s*<title>[^<]*holder unknown', plain)
    assert fogged and fogged == re.findall(
        r'data-province="(\d+)">\s*<title>[^<]*holder unknown', svg
    )


def test_moves_bombing_and_spies_are_drawn_and_the_rest_listed(tmp_path: Path) -> None:
    world = World(tmp_path)
    own = next(iter(world.game.typed(WOK4).state().provinces_of(1)))
    orders: dict[str, Json] = {
        "player": 1,
        "turn": 1,
        "attack": [{"from": own.id, "to": own.neighbours[1], "armies": 7}],
        "move": [{"from": own.id, "to": own.neighbours[1], "unit": "ARM", "amount": 4}],
        "bomb": [{"from": own.id, "to": own.neighbours[2], "missiles": 2}],
        "spy": [{"from": own.id, "to": own.neighbours[0], "op": "ESP", "spies": 1}],
        "transform": [{"province": own.id, "kind": "POP-ARM", "amount": 20}],
        "trade": [100],
    }
    svg = orders_svg(world.game, 1, orders)
    assert svg is not None
    drawn = orders_drawn(svg)
    assert drawn == [
        (f"attack {own.id}-{own.neighbours[1]}", "7"),
        (f"move {own.id}-{own.neighbours[1]}", "4 ARM"),
        (f"bomb {own.id}-{own.neighbours[2]}", "2 MIS"),
        (f"spy {own.id}-{own.neighbours[0]}", "ESP 1"),
    ]
    assert f"Transform 20 POP-ARM in {own.name} ({own.id})" in svg
    assert "Trade (points): 100" in svg


def test_map_off_or_a_game_without_pictures_gets_a_plain_confirmation(tmp_path: Path) -> None:
    world = World(tmp_path)
    world.mail(with_line(world.aof(2, X1="100"), "MAP: off"), sender="p2@players.example")
    world.poll()
    assert parts(confirmation(world)) == ["text/plain"]

    other = World(tmp_path / "other")
    without_pictures(other)
    other.mail(other.aof(1, X1="100"), sender="p1@players.example")
    other.poll()
    assert parts(confirmation(other)) == ["text/plain"]
