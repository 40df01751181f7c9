"""Issue 15, "In the reports": report mails carry the player's map as an inline PNG, the text
part first so that a reply quoting it still carries the AOF, unless the game (``map_pictures:
false``) or the player (``MAP: off`` on the AOF) opts out. Contract: "The report mail of a
game with maps on has exactly one image/png part per report, and its text/plain part is the
first part"."""

from __future__ import annotations

import os
import stat
from email.message import EmailMessage
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.mail.loop import NOW, World, one_secret
from tests.mail.maps import Drawing, parsed, parts, picture_of, png, text_of
from tests.mail.servers import SmtpSink
from wtg.aof.choose import find_all
from wtg.cli import main
from wtg.core.errors import ConfigError
from wtg.game.engine import open_game
from wtg.host.config import config_from_data
from wtg.mail.outgoing.outbox import Outbox
from wtg.mail.outgoing.sender import send
from wtg.mail.servers.transport import SmtpTransport
from wtg.text.yamlio import load_yaml

REPORTS = [f"report-g1-t0000-p{seat:02d}" for seat in range(1, 5)]


def with_line(form: str, line: str) -> str:
    """A form with ``line`` written into it, above its end marker."""
    return form.replace("=== END AOF ===", f"{line}\n=== END AOF ===")


def without_pictures(world: World) -> None:
    """The GM turns the game's map pictures off in its game.yaml."""
    path = world.game.store.root / "game.yaml"
    text = path.read_text(encoding="utf-8")
    assert "\nmap_pictures: true\n" in text
    path.write_text(text.replace("\nmap_pictures: true\n", "\nmap_pictures: false\n"))


def sent(world: World) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in world.sent()}


def test_a_report_mail_has_one_png_part_after_its_text_part(tmp_path: Path) -> None:
    world = World(tmp_path)
    drawing = Drawing()
    summary = send(world.gm, now=NOW, picture=drawing)
    assert (summary.queued, summary.sent, summary.undrawn) == (4, 4, ())
    assert sorted(drawing.calls) == [("g1", 0, seat) for seat in range(1, 5)]
    mails = sent(world)
    assert sorted(mails) == REPORTS
    for seat, name in enumerate(REPORTS, start=1):
        raw = mails[name]
        message = parsed(raw)
        assert message.get_content_type() == "multipart/mixed"
        assert parts(raw) == ["text/plain", "image/png"]
        assert picture_of(raw) == (png(seat, 0), "map-turn0.png", "inline")
        text = text_of(raw)
        report = world.game.report(seat, 0)
        assert text.startswith(report)  # the report and its AOF, as the text mail had them
        assert "The map after turn 0, as you may see it, is the picture map-turn0.png" in text
        assert 'write the line "MAP: off" into your order form' in " ".join(text.split())


def test_the_text_of_a_mail_with_the_map_reads_as_a_blank_form(tmp_path: Path) -> None:
    """Forms go out blank (tests/aof/test_forms_are_sent_blank.py): the words about the
    picture must not read as an order or a setting line, quoted or not."""
    world = World(tmp_path)
    send(world.gm, now=NOW, picture=Drawing())
    for raw in sent(world).values():
        text = text_of(raw)
        quoted = "".join(f"> {line}\n" for line in text.splitlines())
        for copy in (text, quoted):
            found = find_all(world.game.ruleset.form, [copy])
            assert len(found) == 1
            assert (found[0].filled, found[0].outcome.settings) == (False, [])


def test_without_a_drawing_or_when_it_draws_nothing_the_mails_are_as_before(
    tmp_path: Path,
) -> None:
    """The seam is harmless: no drawing, a drawing that returns None, or a game without map
    pictures give the same bytes, a text/plain mail as `wtg send` wrote before pictures."""
    plain, nothing, off = (World(tmp_path / name) for name in ("plain", "nothing", "off"))
    one_secret(plain.gm.spool, nothing.gm.spool, off.gm.spool)  # their Message-IDs alike
    send(plain.gm, now=NOW)
    none_drawn = Drawing(nothing=(1, 2, 3, 4))
    send(nothing.gm, now=NOW, picture=none_drawn)
    without_pictures(off)
    never = Drawing()
    send(off.gm, now=NOW, picture=never)
    assert len(none_drawn.calls) == 4 and never.calls == []
    before = sent(plain)
    assert sorted(before) == REPORTS
    assert sent(nothing) == before
    assert sent(off) == before
    assert [parts(raw) for raw in before.values()] == [["text/plain"]] * 4


def test_a_player_who_wrote_map_off_gets_no_picture_and_is_told_how_to_get_it_back(
    tmp_path: Path,
) -> None:
    world = World(tmp_path)
    send(world.gm, now=NOW)  # the turn 0 reports, without pictures
    world.mail(with_line(world.aof(2, X1="100"), "MAP: off"), sender="p2@players.example")
    world.poll()
    for seat in (1, 3, 4):
        world.game.submit(f"player: {seat}\nturn: 1\n")
    world.game.run_turn(now=NOW)
    drawing = Drawing()
    send(world.gm, now=NOW, picture=drawing)
    assert sorted(drawing.calls) == [("g1", 1, seat) for seat in (1, 3, 4)]
    mails = sent(world)
    assert parts(mails["report-g1-t0001-p02"]) == ["text/plain"]
    text = text_of(mails["report-g1-t0001-p02"])
    assert text.startswith(world.game.report(2, 1))
    assert text.endswith(
        "Map pictures are off for you. To get the map with your reports again,\n"
        'write the line "MAP: on" into your order form.\n'
    )
    assert [parts(mails[f"report-g1-t0001-p{seat:02d}"]) for seat in (1, 3, 4)] == [
        ["text/plain", "image/png"]
    ] * 3


def test_map_on_brings_the_picture_back(tmp_path: Path) -> None:
    world = World(tmp_path)
    world.mail(with_line(world.aof(3), "MAP: off"), sender="p3@players.example")
    world.poll()
    assert world.game.settings().read()[3]["map"][0] == "off"
    world.mail(with_line(world.aof(3), "map:   ON"), sender="p3@players.example")
    world.poll()
    assert world.game.settings().read()[3]["map"][0] == "on"
    drawing = Drawing()
    send(world.gm, now=NOW, picture=drawing)
    assert parts(sent(world)["report-g1-t0000-p03"]) == ["text/plain", "image/png"]


def test_a_drawing_that_fails_leaves_that_report_without_it_and_says_why(
    tmp_path: Path,
) -> None:
    world = World(tmp_path)
    summary = send(world.gm, now=NOW, picture=Drawing(failing=(3,)))
    assert summary.sent == 4
    assert summary.undrawn == ("g1 turn 0 p03: no map picture: RuntimeError: no ink for seat 3",)
    mails = sent(world)
    assert parts(mails["report-g1-t0000-p03"]) == ["text/plain"]
    assert text_of(mails["report-g1-t0000-p03"]) == world.game.report(3, 0)
    assert parts(mails["report-g1-t0000-p01"]) == ["text/plain", "image/png"]


def test_a_drawing_that_returns_no_png_is_not_sent(tmp_path: Path) -> None:
    world = World(tmp_path)
    summary = send(world.gm, now=NOW, picture=lambda game, turn, seat: b"<svg/>")
    assert len(summary.undrawn) == 4 and summary.undrawn[0].endswith("the drawing returned no PNG")
    assert {parts(raw)[0] for raw in sent(world).values()} == {"text/plain"}


def test_the_png_reaches_a_real_smtp_server_byte_for_byte(tmp_path: Path, smtp: SmtpSink) -> None:
    """Queued on disk (0600), then sent by the unchanged send path: what the server got is
    the file in outbox/sent/, and its picture the drawing's bytes."""
    World(tmp_path)
    smtp_section = {"host": smtp.host, "port": smtp.port, "from": "gm@example.org"}
    gm = config_from_data({"games_dir": "games", "smtp": smtp_section}, tmp_path)
    assert gm.smtp is not None
    summary = send(gm, now=NOW, picture=Drawing(), transport=SmtpTransport(gm.smtp))
    assert (summary.sent, summary.waiting, summary.failed) == (4, 0, 0)
    outbox = Outbox(gm.spool)
    kept = {path.stem: path.read_bytes() for path in outbox.sent_dir.glob("*.eml")}
    assert sorted(kept) == REPORTS
    modes = {stat.S_IMODE(os.stat(path).st_mode) for path in outbox.sent_dir.glob("*.eml")}
    assert modes == {0o600}
    by_id = {str(m.message()["Message-ID"]): m for m in smtp.messages}
    assert len(by_id) == 4
    for received in smtp.messages:
        (name,) = [n for n, raw in kept.items() if raw == received.data]
        seat = int(name[-2:])
        assert picture_of(received.data) == (png(seat, 0), "map-turn0.png", "inline")
        assert received.rcpt_tos == (f"p{seat}@players.example",)


def test_a_mail_with_only_map_off_is_answered_that_the_orders_on_file_stand(
    tmp_path: Path,
) -> None:
    world = World(tmp_path)
    world.mail(world.aof(1, X1="100"))
    world.poll()
    on_file = (world.game.store.pending_dir(1) / "p01.yaml").read_bytes()
    world.mail(with_line(world.aof(1), "MAP: off"))
    summary = world.poll()
    assert (summary.filed, summary.ignored) == (0, 1)
    assert (world.game.store.pending_dir(1) / "p01.yaml").read_bytes() == on_file
    assert world.game.settings().read()[1]["map"][0] == "off"
    (answer,) = [raw for name, raw in world.outbox().items() if name.startswith("unchanged-")]
    text = " ".join(text_of(answer).split())  # its sentences and verdicts wrapped
    assert "reached the turn generator: a setting changed, and no orders found in your mail." in (
        text
    )
    assert "(server time) still stand." in text
    assert "ok MAP: off: your reports come without the map picture from the next one on" in text


def test_a_reply_that_carries_the_picture_back_still_files_its_orders(tmp_path: Path) -> None:
    """Some clients (Apple Mail, Thunderbird in HTML) send the original's picture back with
    the reply: the picture is no text, and the form in the text part is filed."""
    world = World(tmp_path)
    send(world.gm, now=NOW, picture=Drawing())
    report = sent(world)["report-g1-t0000-p01"]
    quoted = "".join(f"> {line}\n" for line in text_of(report).splitlines())
    filled = world.aof(1, X1="150", R1="1")
    reply = EmailMessage()
    reply["From"] = "p1@players.example"
    reply["To"] = "gm@wtg.example"
    reply["Subject"] = "Re: [g1] turn 0 report for Player1"
    reply["Message-ID"] = "<back@players.example>"
    reply.set_content(f"My orders.\n\n{filled}\n{quoted}")
    reply.add_alternative(
        f"<html><body><pre>{filled}</pre><img src='cid:map0'></body></html>", "html"
    )
    html_part = reply.get_body(preferencelist=("html",))
    assert isinstance(html_part, EmailMessage)
    html_part.add_related(png(1, 0), "image", "png", cid="<map0>", filename="map-turn0.png")
    world.inbox.add(reply)
    assert world.poll().filed == 1
    orders = (world.game.store.pending_dir(1) / "p01.yaml").read_text()
    assert orders == "player: 1\nturn: 1\ntrade: [150]\nready: true\n"


def test_new_game_says_in_game_yaml_whether_reports_carry_the_map(tmp_path: Path) -> None:
    players = ["--player=Ann:ann@example.org", "--player=Bob:bob@example.org"]
    for flag, written in (("--map-pictures", True), ("--no-map-pictures", False)):
        folder = tmp_path / flag.strip("-")
        result = CliRunner().invoke(
            main, ["new-game", str(folder), "--ruleset", "wok4", "--map", "small", *players, flag]
        )
        assert result.exit_code == 0, result.output
        assert load_yaml((folder / "game.yaml").read_text())["map_pictures"] is written
        assert open_game(folder).config.map_pictures is written


def test_a_game_yaml_with_map_pictures_that_is_no_yes_or_no_is_refused(tmp_path: Path) -> None:
    world = World(tmp_path)
    path = world.game.store.root / "game.yaml"
    path.write_text(path.read_text().replace("map_pictures: true", "map_pictures: none"))
    said = "map_pictures: expected true or false, found the text 'none'"
    with pytest.raises(ConfigError, match=said):
        open_game(world.game.store.root)
