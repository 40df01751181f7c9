"""A code guessed by trying many: every form refused for a wrong code is counted for the
GM, by the seat whose code it did not carry, and so is every mail of commands whose CODE
opens no seat of the game it names (it is compared with every seat's: one mail tries them
all), by its game; the digest and `wtg status` name them (the player heard of a form once a
day from other addresses, of a command's code never; the GM of neither, however many a
stranger sent)."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path

from click.testing import CliRunner

from tests.lobby.hall import Hall, address, ann_and_bob
from tests.mail.loop import GM, NOW, World
from wtg.cli import main
from wtg.mail.outgoing.digest import make_digest, mark_digest
from wtg.mail.poll.workers import KeptJournal, write_notes
from wtg.mail.spool.journal import NO_SEAT, Journal
from wtg.mail.spool.journallists import WrongCodes


def guesses(world: World, player: int, tries: list[tuple[str, str]]) -> None:
    """Mail ``player``'s form with each (code, sender) of ``tries``."""
    form = world.aof(player, X1="100")
    for code, sender in tries:
        world.mail(form.replace(f"CODE{player:04d}", code), sender=sender)


def test_the_digest_names_the_seats_whose_code_was_tried_wrong(tmp_path: Path) -> None:
    world = World(tmp_path)
    strangers = ["guess@else.example", "guess@else.example", "other@else.example"]
    guesses(world, 2, [(f"GUESS{n:03d}", sender) for n, sender in enumerate(strangers)])
    guesses(world, 2, [("CODE0020", "p2@players.example")])  # his own typo
    guesses(world, 3, [("CODE0030", "p3@players.example")])
    guesses(world, 4, [("CODE0004", "p4@players.example")])  # the right code: not counted
    summary = world.poll()
    assert summary.rejected == 5
    digest = make_digest(world.gm.games_dir, NOW + timedelta(minutes=5))
    assert digest.wrong_codes == (
        WrongCodes(game="g1", seat=2, forms=4, elsewhere=3, addresses=2),
        WrongCodes(game="g1", seat=3, forms=1, elsewhere=0, addresses=0),
    )
    text = digest.text()
    assert "Wrong codes (5), by the seat whose code a form did not carry" in " ".join(text.split())
    assert "  g1 player 2: 4 forms, 3 from 2 other addresses\n" in text
    assert "  g1 player 3: 1 form\n" in text
    assert digest.line().endswith(", 5 wrong codes")


def test_a_poll_that_handles_a_mail_again_counts_it_once(tmp_path: Path) -> None:
    world = World(tmp_path)
    guesses(world, 2, [("GUESS001", "guess@else.example")])
    world.poll()
    journal = Journal(world.gm.spool)
    try:  # handled again (a poll killed before its commit, a helper that died): one row
        (key,) = [row[0] for row in journal.db.execute("SELECT key FROM wrong_codes")]
        journal.wrong_code(key, "g1", 2, "guess@else.example", False, NOW.timestamp())
        journal.commit()
    finally:
        journal.close()
    digest = make_digest(world.gm.games_dir, NOW + timedelta(minutes=5))
    assert [item.forms for item in digest.wrong_codes] == [1]


def test_forms_before_the_last_digest_are_not_told_again(tmp_path: Path) -> None:
    world = World(tmp_path)
    guesses(world, 2, [("GUESS001", "guess@else.example")])
    world.poll()
    assert make_digest(world.gm.games_dir, NOW + timedelta(minutes=5)).wrong_codes
    mark_digest(world.gm.spool, NOW + timedelta(minutes=5))
    assert make_digest(world.gm.games_dir, NOW + timedelta(hours=1)).wrong_codes == ()


def test_the_counts_go_with_the_mails_not_answered(tmp_path: Path) -> None:
    world = World(tmp_path)
    guesses(world, 2, [("GUESS001", "guess@else.example")])
    world.poll()
    world.poll(NOW + timedelta(days=3))  # no digest yet: kept two days
    assert make_digest(world.gm.games_dir, NOW + timedelta(days=3)).wrong_codes == ()
    journal = Journal(world.gm.spool)
    try:
        assert journal.db.execute("SELECT COUNT(*) FROM wrong_codes").fetchone()[0] == 0
    finally:
        journal.close()


def through_a_helper(world: World, noted: Callable[[Journal], None]) -> None:
    """What ``noted`` writes into a helper process's journal, written by the poller: the
    helper notes it, the poller writes its notes and commits."""
    world.poll()  # the journal made
    helper = KeptJournal(world.gm.spool)
    try:
        noted(helper)
        notes = helper.take()
    finally:
        helper.close()
    journal = Journal(world.gm.spool)
    try:
        write_notes(journal, notes)
        journal.commit()
    finally:
        journal.close()


def test_a_helper_process_notes_its_counts_for_the_poller(tmp_path: Path) -> None:
    world = World(tmp_path)
    through_a_helper(
        world,
        lambda helper: helper.wrong_code(
            "maildir:x", "g1", 3, "Guess@Else.example", False, NOW.timestamp()
        ),
    )
    digest = make_digest(world.gm.games_dir, NOW + timedelta(minutes=5))
    assert digest.wrong_codes == (WrongCodes(game="g1", seat=3, forms=1, elsewhere=1, addresses=1),)


def status_now(world: World, root: Path) -> tuple[CliRunner, Path, list[str]]:
    """The world's mail polled now (`wtg status` lists the last 24 hours of the clock), and
    its host's `wtg status`: the runner, the config and the lines printed."""
    world.poll(datetime.now(timezone.utc))
    config = root / "wtg.yaml"
    config.write_text(json.dumps({"games_dir": "games", "from": GM}), encoding="utf-8")
    runner = CliRunner()
    shown = runner.invoke(main, ["--config", str(config), "status"], catch_exceptions=False)
    return runner, config, shown.output.splitlines()


def test_wtg_status_names_the_seats_tried_in_the_last_day(tmp_path: Path) -> None:
    world = World(tmp_path)
    strangers = ["guess@else.example", "other@else.example"]
    guesses(world, 3, [(f"GUESS{n:03d}", sender) for n, sender in enumerate(strangers)])
    runner, config, lines = status_now(world, tmp_path)
    assert lines[lines.index("  g1 player 3: 2 forms, 2 from 2 other addresses") - 1] == (
        "2 WRONG CODES in the last 24 hours, by the seat whose code a form did not carry (a "
        "command's CODE by its game): many from other addresses than the players' are someone "
        'guessing a code (docs/mail.md, "Codes guessed"):'
    )
    listed = runner.invoke(main, ["--config", str(config), "status", "--json"])
    expected = {
        "game": "g1",
        "player": 3,
        "forms": 2,
        "from_elsewhere": 2,
        "addresses": 2,
        "more_addresses": False,
    }
    assert json.loads(listed.output)["wrong_codes"] == [expected]
    game = str(world.game.store.root)
    one = runner.invoke(main, ["--config", str(config), "status", game, "--json"])
    assert json.loads(one.output)["wrong_codes"] == [expected]
    one = runner.invoke(main, ["--config", str(config), "status", game])
    assert "  g1 player 3: 2 forms, 2 from 2 other addresses" in one.output.splitlines()


def test_a_commands_code_that_opens_no_seat_is_counted_by_its_game(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    ann_and_bob(hall)
    for number, code in enumerate(("AAAAAAAA22", "BBBBBBBB33", "CCCCCCCC44")):
        hall.mail(f"guess{number % 2}@else.example", f"STATUS wok4-1\nCODE {code}")
    hall.mail(address(1), "STATUS wok4-1\nPRESS wok4-1\nCODE DDDDDDDD55\nhello")  # his typo
    game = hall.game("wok4-1")
    right = next(p.code for p in game.config.players if p.email == address(2))
    hall.mail(address(2), f"STATUS wok4-1\nCODE {right}")  # no guess
    hall.poll(hours=1)
    digest = make_digest(hall.gm.games_dir, hall.now + timedelta(minutes=5))
    assert digest.wrong_codes == (
        WrongCodes(game="wok4-1", seat=NO_SEAT, forms=4, elsewhere=3, addresses=2),
    )
    assert "  wok4-1 commands: 4 mails, 3 from 2 other addresses\n" in digest.text()


def test_a_commands_wrong_code_from_a_players_own_tag_is_his_typo(tmp_path: Path) -> None:
    """A mail of commands from ``p1+games@`` (his own mailbox) with a wrong code is counted
    as from a seat's address, as a form from it is (attack47: counted as from another)."""
    hall = Hall(tmp_path)
    ann_and_bob(hall)
    local, _, domain = address(1).partition("@")
    hall.mail(f"{local}+games@{domain}", "REPORT wok4-1\nCODE DDDDDDDD55")
    hall.poll(hours=1)
    digest = make_digest(hall.gm.games_dir, hall.now + timedelta(minutes=5))
    assert digest.wrong_codes == (
        WrongCodes(game="wok4-1", seat=NO_SEAT, forms=1, elsewhere=0, addresses=0),
    )
