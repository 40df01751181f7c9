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

from tests.mail.loop import NOW, World
from tests.mail.maps import parsed, parts
from tests.mail.test_map_pictures import with_line, without_pictures
from tests.shipped import WOK4
from wtg.core.jsondata import Json
from wtg.mail.outgoing.outbox import Outbox
from wtg.mail.outgoing.sender import draw_pictures, send
from wtg.maps import draw_svg, orders_svg


def confirmation(world: World) -> bytes:
    """The confirmation as the send mailed it (the poll queued it; the send draws its
    picture into it before it sends it)."""
    send(world.gm, now=NOW)
    (raw,) = [p.read_bytes() for p in world.sent() if p.name.startswith("conf-")]
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


def test_the_poll_queues_the_text_and_the_send_draws_the_picture_once(tmp_path: Path) -> None:
    """The poll files and answers at once without drawing: its confirmation waits as text
    with what to draw beside it; the send draws it in, once, even after a kill between the
    two writes (a mail drawn already is not drawn again); a confirmation whose turn ran
    meanwhile is drawn on the board its orders were given on."""
    world = World(tmp_path)
    world.mail(world.aof(1, X1="100"), sender="p1@players.example")
    world.mail(world.aof(2, X1="100"), sender="p2@players.example")
    world.poll()
    outbox = Outbox(world.gm.spool)
    queued = {n: raw for n, raw in world.outbox().items() if n.startswith("conf-")}
    assert len(queued) == 2 and all(parts(raw) == ["text/plain"] for raw in queued.values())
    wanted = sorted(name for name, _path, _request in outbox.pictures_wanted())
    assert wanted == sorted(queued)
    first = wanted[0]
    path = outbox.queue_dir / f"{first}.eml"
    request = (outbox.pictures_dir / f"{first}.json").read_text()
    draw_pictures(outbox, world.gm.games_dir)
    drawn = path.read_bytes()
    assert parts(drawn) == ["text/plain", "image/png"]
    (outbox.pictures_dir / f"{first}.json").write_text(request)  # killed before it was dropped
    draw_pictures(outbox, world.gm.games_dir)
    assert path.read_bytes() == drawn and list(outbox.pictures_wanted()) == []

    world.mail(world.aof(3, X1="100"), sender="p3@players.example")
    world.poll()
    for seat in (1, 2, 4):
        world.game.submit(f"player: {seat}\nturn: 1\n")
    world.game.run_turn(now=NOW)  # the turn runs before the send
    send(world.gm, now=NOW)
    late = [p for p in world.sent() if p.name.startswith("conf-")]
    assert [parts(p.read_bytes()) for p in late] == [["text/plain", "image/png"]] * 3
    late_picture = next(p for p in late if "p3@players.example" in p.read_text("latin-1"))
    assert b"orders-turn1.png" in late_picture.read_bytes()


def test_the_confirmation_says_what_its_picture_is(tmp_path: Path) -> None:
    """The report mail says where its map is and how to stop it; the confirmation carried
    orders-turn1.png with not a word on it. Its text now ends with a note, wrapped at 72,
    added when the picture is drawn in (a confirmation without one has none)."""
    world = World(tmp_path)
    world.mail(world.aof(1, X1="100"), sender="p1@players.example")
    world.poll()
    raw = confirmation(world)
    text, _image = parsed(raw).iter_parts()
    said = str(text.get_content()).replace("\r\n", "\n")
    assert said.endswith(
        "\nThe picture orders-turn1.png of this mail draws these orders on your\n"
        "map, as understood. To get your mails without it, write the line\n"
        '"MAP: off" into your order form.\n'
    )
    assert max(len(line) for line in said.splitlines()) <= 72

    plain = World(tmp_path / "plain")
    without_pictures(plain)
    plain.mail(plain.aof(1, X1="100"), sender="p1@players.example")
    plain.poll()
    assert "orders-turn" not in parsed(confirmation(plain)).get_content()


def test_a_mail_with_no_order_line_says_its_picture_draws_none(tmp_path: Path) -> None:
    """A mail with no order line (the form sent back blank, a READY alone) got a picture
    with "draws these orders on your map, as understood": there were none, and the
    player looked for orders he never wrote. The note says the picture is his map with no
    orders on it, and why (a mail whose every line was refused is answered with no
    confirmation)."""
    world = World(tmp_path)
    world.mail(world.aof(1), sender="p1@players.example")
    world.poll()
    raw = confirmation(world)
    assert parts(raw) == ["text/plain", "image/png"]
    text, _image = parsed(raw).iter_parts()
    said = str(text.get_content()).replace("\r\n", "\n")
    assert "No order lines: you send no orders this turn" in said
    assert "draws these orders" not in said
    assert said.endswith(
        "\nThe picture orders-turn1.png of this mail is your map as turn 1 begins,\n"
        "with no orders drawn on it: this mail had no order lines. To get your\n"
        'mails without it, write the line "MAP: off" into your order form.\n'
    )
