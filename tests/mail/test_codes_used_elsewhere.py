"""A seat's right code in a mail from another mailbox than the seat's (attack47): its orders
or command are taken, and the seat's player is told that someone may know his code and to
ask the GM for a new one; the GM heard nothing of it (`wtg status` said the orders came, the
digest nothing), and a player away read the warning too late. The digest and `wtg status`
now count such mails by the seat, with the other addresses they came from."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

from tests.lobby.hall import Hall, ann_and_bob
from tests.mail.loop import NOW, World
from tests.mail.test_codes_guessed import status_now, through_a_helper
from wtg.cli import main
from wtg.mail.outgoing.digest import make_digest
from wtg.mail.spool.journallists import CodesElsewhere


def test_the_digest_counts_the_orders_filed_with_a_code_from_elsewhere(tmp_path: Path) -> None:
    world = World(tmp_path)
    world.mail(world.aof(2, X1="100"), sender="thief@else.example")
    world.mail(world.aof(2, X1="90"), sender="fence@else.example")
    world.mail(world.aof(3, X1="100"), sender="p3@players.example")  # his own: not counted
    world.mail(world.aof(4, X1="100"), sender="p4+wok@players.example")  # his own mailbox
    summary = world.poll()
    assert (summary.filed, summary.ignored) == (3, 1)  # the second of player 2's is older
    digest = make_digest(world.gm.games_dir, NOW + timedelta(minutes=5))
    assert digest.codes_elsewhere == (CodesElsewhere(game="g1", seat=2, mails=2, addresses=2),)
    text = digest.text()
    said = " ".join(text.split())
    assert "Codes used from another address (2), by the seat whose right code a mail" in said
    assert "`wtg new-code GAME --player N`" in said
    assert "  g1 player 2: 2 mails from 2 other addresses\n" in text
    assert digest.line().endswith(", 2 codes used from another address")


def test_a_commands_right_code_from_elsewhere_is_counted_by_its_seat(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    game = ann_and_bob(hall)
    bob = next(p for p in game.config.players if p.name == "Bob")
    hall.mail("thief@else.example", f"REPORT wok4-1\nCODE {bob.code}")
    hall.mail(bob.email, f"REPORT wok4-1\nCODE {bob.code}")  # his own
    hall.poll(hours=1)
    digest = make_digest(hall.gm.games_dir, hall.now + timedelta(minutes=5))
    assert digest.codes_elsewhere == (
        CodesElsewhere(game="wok4-1", seat=bob.id, mails=1, addresses=1),
    )


def test_a_helper_process_notes_them_for_the_poller(tmp_path: Path) -> None:
    """Noted by a helper, then the same mail handled again (a poll killed before its
    commit): counted once."""
    world = World(tmp_path)
    for _ in range(2):
        through_a_helper(
            world,
            lambda helper: helper.code_elsewhere(
                "maildir:x", "g1", 3, "Thief@Else.example", NOW.timestamp()
            ),
        )
    digest = make_digest(world.gm.games_dir, NOW + timedelta(minutes=5))
    assert digest.codes_elsewhere == (CodesElsewhere(game="g1", seat=3, mails=1, addresses=1),)


def test_wtg_status_names_the_seats_whose_code_came_from_elsewhere(tmp_path: Path) -> None:
    world = World(tmp_path)
    world.mail(world.aof(3, X1="100"), sender="thief@else.example")
    runner, config, lines = status_now(world, tmp_path)
    heading = lines[lines.index("  g1 player 3: 1 mail from 1 other address") - 1]
    assert heading.startswith("1 CODE USED FROM ANOTHER ADDRESS in the last 24 hours, ")
    expected = {"game": "g1", "player": 3, "mails": 1, "addresses": 1}
    listed = json.loads(runner.invoke(main, ["--config", str(config), "status", "--json"]).output)
    assert listed["codes_elsewhere"] == [expected]
    assert [g["codes_elsewhere"] for g in listed["games"]] == [[expected]]
    game = str(world.game.store.root)
    one = runner.invoke(main, ["--config", str(config), "status", game, "--json"])
    assert json.loads(one.output)["codes_elsewhere"] == [expected]
    one = runner.invoke(main, ["--config", str(config), "status", game])
    assert "  g1 player 3: 1 mail from 1 other address" in one.output.splitlines()
