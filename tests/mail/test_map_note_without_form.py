"""The note under a report mail's text says where its map picture is, and how to turn the
pictures off or on by a line on the order form. A report that carries no form (the player
quit or lost his last province, the game is over) told him all the same to write the line
"MAP: off" into his order form: there is none, and after the game's last report no report
follows for the setting to change."""

from __future__ import annotations

from pathlib import Path

from tests.mail.loop import NOW, World
from tests.mail.maps import Drawing, parts, text_of
from tests.mail.test_map_pictures import sent
from wtg.aof.mailtext import BEGIN_MARKER
from wtg.mail.outgoing.sender import send


def quit_seats(world: World, *seats: int) -> None:
    """``seats`` QUIT on turn 1, the others send empty orders, and the turn runs."""
    for seat in range(1, 5):
        world.game.submit(f"player: {seat}\nturn: 1\n" + ("quit: true\n" if seat in seats else ""))
    world.game.run_turn(now=NOW)


def test_a_report_without_a_form_says_where_the_map_is_and_no_more(tmp_path: Path) -> None:
    world = World(tmp_path)
    send(world.gm, now=NOW)  # turn 0
    quit_seats(world, 2)
    send(world.gm, now=NOW, picture=Drawing())
    mails = sent(world)
    gone = text_of(mails["report-g1-t0001-p02"])
    assert BEGIN_MARKER not in gone
    assert parts(mails["report-g1-t0001-p02"]) == ["text/plain", "image/png"]
    assert gone.endswith(
        "The map after turn 1, as you may see it, is the picture map-turn1.png of\nthis mail.\n"
    )
    assert "MAP: off" not in gone
    playing = text_of(mails["report-g1-t0001-p01"])
    assert BEGIN_MARKER in playing
    assert 'write the line "MAP: off" into your order form.' in " ".join(playing.split())


def test_the_last_report_of_a_game_says_no_setting_for_reports_to_come(tmp_path: Path) -> None:
    world = World(tmp_path)
    send(world.gm, now=NOW)
    world.mail(
        world.aof(1).replace("=== END AOF ===", "MAP: off\n=== END AOF ==="),
        sender="p1@players.example",
    )
    world.poll()
    quit_seats(world, 2, 3, 4)  # player 1 is the last standing: the game is over
    assert world.game.ruleset.is_over(world.game.state())
    send(world.gm, now=NOW, picture=Drawing())
    mails = sent(world)
    for seat in range(1, 5):
        text = text_of(mails[f"report-g1-t0001-p{seat:02d}"])
        assert "END OF THE GAME" in text
        assert "order form" not in text and "MAP: o" not in text
    assert text_of(mails["report-g1-t0001-p01"]).endswith("Map pictures are off for you.\n")
