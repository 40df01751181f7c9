"""attack42b: a newcomer who took over a seat by mail (`wtg offer-seat`, his JOIN and
CONFIRM) from an address the seat had once, one the GM corrected since (the address first
typed for its player, the newcomer's), had his reports set aside for good from then on, as
though the game's folder had been put back from an older copy (``seataddresses``), and the
GM was told so: game.yaml gives the seat an address `wtg send` saw replaced. A takeover
recorded from the player at the address the send saw last is how the seat's address
changed: the newcomer's address is the seat's latest, and his reports go to it."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner

from tests.lobby.hall import Hall, address
from tests.lobby.test_second_seat import offer
from wtg.cli import main

TYPED = "lord4@players.exmaple"
"""Lord4's address as the GM first typed it; the newcomer's."""


def made_with_a_typo(hall: Hall, seat: int, typed: str) -> None:
    """Game wok4-1 of Lord1..Lord4 made by the GM, Lord ``seat`` at ``typed``, turn 0
    mailed."""
    players = [
        f"--player=Lord{number}:{typed if number == seat else address(number)}"
        for number in range(1, 5)
    ]
    command = ["--config", str(hall.config_file()), "new-game", "wok4-1", "--ruleset", "wok4"]
    made = CliRunner(env={"WTG_CONFIG": None, "WTG_GAMES_DIR": None}).invoke(
        main, [*command, "--map", "small", *players]
    )
    assert made.exit_code == 0, made.output
    hall.send()


def played_at_a_corrected_address(hall: Hall) -> None:
    """Game wok4-1 of Lord1..Lord4 made by the GM, Lord4 at ``TYPED``, turn 0 mailed; Lord4's
    address corrected in game.yaml and mailed; his QUIT in turn 1, mailed, his seat offered."""
    made_with_a_typo(hall, 4, TYPED)
    config = hall.gm.games_dir / "wok4-1" / "game.yaml"
    config.write_text(config.read_text(encoding="utf-8").replace(TYPED, address(4)))
    hall.send()
    game = hall.game("wok4-1")
    code = game.config.player(4).code
    game.submit_all(f"game: wok4-1\nplayer: 4\nturn: 1\ncode: {code}\nquit: true\n")
    game.run_turn(now=hall.now)
    hall.send()
    hall.new_mails()
    offer(hall, 4)


def test_a_newcomer_at_an_address_the_seat_had_gets_his_reports(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    played_at_a_corrected_address(hall)
    take = hall.answer(TYPED, "JOIN wok4-1 AS Newcomer")
    hall.mail(TYPED, f"CONFIRM {take.code()}")
    hall.poll(hours=1)
    assert hall.game("wok4-1").config.player(4).email == TYPED
    took = hall.send()
    # before: 'game wok4-1 player 4 (Newcomer): game.yaml gives the seat the address
    # lord4@players.exmaple, one replaced since: its folder was put back from an older copy'
    assert took.first_mailed == ()
    hall.new_mails()
    hall.game("wok4-1").run_turn(now=hall.now)
    ran = hall.send()
    assert ran.refused == ()  # before: 'mail report-wok4-1-t0002-p04 set aside for good'
    assert [(mail.to, mail.subject) for mail in hall.new_mails(TYPED)] == [
        (TYPED, "[wok4-1] turn 2 report for Newcomer")
    ]
    assert not list((hall.gm.spool / "outbox" / "failed").glob("*.eml"))


def test_a_copy_from_before_the_newcomers_address_was_corrected_is_put_back(
    tmp_path: Path,
) -> None:
    """The takeover the copy records was from an address replaced since: its folder is
    put back, and the newcomer's old address gets nothing."""
    hall = Hall(tmp_path)
    played_at_a_corrected_address(hall)
    take = hall.answer(TYPED, "JOIN wok4-1 AS Newcomer")
    hall.mail(TYPED, f"CONFIRM {take.code()}")
    hall.poll(hours=1)
    hall.send()
    folder = hall.gm.games_dir / "wok4-1"
    copy = tmp_path / "copy"
    shutil.copytree(folder, copy)
    config = folder / "game.yaml"
    config.write_text(config.read_text(encoding="utf-8").replace(TYPED, "new@players.example"))
    hall.send()
    hall.new_mails()
    shutil.rmtree(folder)
    shutil.copytree(copy, folder)
    hall.game("wok4-1").run_turn(now=hall.now)
    said = hall.send()
    assert said.first_mailed == (
        f"game wok4-1 player 4 (Newcomer): game.yaml gives the seat the address {TYPED}, one "
        "replaced since: its folder was put back from an older copy, or it was given back by "
        "hand; its mail is set aside, not sent there, until `email:` is corrected in "
        "wok4-1/game.yaml: then `wtg outbox --retry-all` mails it to him; given back by "
        "hand, `wtg outbox --retry NAME` sends each mail set aside to it, and his mail from "
        "then on",
    )
    assert hall.new_mails(TYPED) == []
    failed = hall.gm.spool / "outbox" / "failed"
    assert sorted(path.name for path in failed.glob("*.eml")) == ["report-wok4-1-t0002-p04.eml"]


def test_two_takeovers_between_sends_the_last_at_an_old_address(tmp_path: Path) -> None:
    """attack43: the seat taken over twice between two sends, the second newcomer at the
    address first typed for its player. The send looked at the newest takeover alone: its
    quitter (the first newcomer) was an address it never saw, so the seat read as put back
    from an older copy, and the second newcomer's reports were set aside for good. The
    send walks the seat's takeovers back, past the addresses it never saw, to the address
    it saw last."""
    hall = Hall(tmp_path)
    played_at_a_corrected_address(hall)
    middle = address(8)
    take = hall.answer(middle, "JOIN wok4-1 AS Middle")
    hall.mail(middle, f"CONFIRM {take.code()}")
    hall.poll(hours=1)
    game = hall.game("wok4-1")
    assert game.config.player(4).email == middle
    code = game.config.player(4).code
    game.submit_all(f"game: wok4-1\nplayer: 4\nturn: 2\ncode: {code}\nquit: true\n")
    game.run_turn(now=hall.now)  # no send between: the server down, say
    offer(hall, 4)
    take = hall.answer(TYPED, "JOIN wok4-1 AS Newcomer")
    hall.mail(TYPED, f"CONFIRM {take.code()}")
    hall.poll(hours=1)
    assert hall.game("wok4-1").config.player(4).email == TYPED
    hall.new_mails()
    took = hall.send()
    # before: 'game wok4-1 player 4 (Newcomer): game.yaml gives the seat the address
    # lord4@players.exmaple, one replaced since: its folder was put back from an older copy'
    assert took.first_mailed == ()
    assert took.refused == ()  # before: 'mail report-wok4-1-t0002-p04 set aside for good'
    assert [(mail.to, mail.subject) for mail in hall.new_mails(TYPED)] == [
        (TYPED, "[wok4-1] turn 2 report for Newcomer")
    ]
