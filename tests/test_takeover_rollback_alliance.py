"""A rollback that takes a seat over again at an earlier turn (docs/gm.md, "Takeovers,
reruns and rollbacks") ends, at that turn, the alliances its quitter had there: Ann named
Bob as her ally in turn 1, Bob QUIT, Ann named nobody in turn 2, and the newcomer took Bob's
seat over after turn 2 (Ann no longer named him: the takeover's notice told her nothing).
Rolled back to turn 1, the game has Ann naming Bob's seat again, and the seat taken over
there ends it: her report of turn 1 names no ally. Her rollback notice said nothing of it,
and she never learnt why her alliance was gone. It says so now, as the takeover's own notice
says it (the ruling: docs/gm.md, "A takeover told again ..."), once: the notice of a
rollback is queued once."""

from __future__ import annotations

import email
import email.policy
from pathlib import Path

from tests.conftest import players
from tests.shipped import WOK4
from tests.test_takeover_turns import MOMENT, NEWCOMER, cli, opened
from wtg.cli.demo import filled_aof
from wtg.game.engine import create_game
from wtg.game.takeovers import PARTED, QUITTER_NAME, taken_over
from wtg.gm.takeover import take_over


def test_a_rollback_tells_the_ally_it_parts_from_the_quitter(tmp_path: Path) -> None:
    games = tmp_path / "games"
    game = create_game(games / "g1", "wok4", "small", players(4), seed=7).typed(WOK4)
    game.submit("player: 2\nturn: 1\nquit: true\n")
    game.submit(filled_aof(game, 1).replace("L1: __", "L1: 02", 1))
    for seat in (3, 4):
        game.submit(filled_aof(game, seat))
    game.run_turn()
    assert game.state().player(1).ally == 2  # Ann names Bob's seat at turn 1
    game.submit(filled_aof(game, 1).replace("L1: __", "L1: 00", 1))
    for seat in (3, 4):
        game.submit(filled_aof(game, seat))
    game.run_turn()
    assert game.state().player(1).ally == 0  # and no one at turn 2
    take_over(game, 2, "Newcomer", NEWCOMER, MOMENT)
    (made,) = taken_over(game.store, 2)
    assert (made[PARTED], made[QUITTER_NAME]) == ([], "Bob")  # nothing to tell her then
    said = cli(games, "rollback", "g1", "--to", "1")
    assert "4 notices queued for the players" in said, said
    rolled = opened(games)
    assert rolled.state().player(1).ally == 0  # the seat taken over again ends it
    (again,) = taken_over(rolled.store, 1)
    assert (again[PARTED], again[QUITTER_NAME]) == ([1], "Bob")
    queue = games / ".mail" / "outbox" / "queue"
    notices = {}
    for path in sorted(queue.glob("rollback-*.eml")):
        msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        part = msg.get_body(preferencelist=("plain",))
        assert part is not None
        notices[str(msg["To"])] = " ".join(str(part.get_content()).split())
    ann = rolled.config.player(1).email
    assert (
        "You named Bob as your ally at turn 1. That alliance ends: seat 2 is taken over again "
        "by Newcomer, who made no pact with you, and your report no longer names an ally. To "
        "share victory with Newcomer, write 2 on the ALLIANCE line (L1) of your form; he must "
        "name you too."
    ) in notices[ann], notices[ann]
    assert sum("That alliance ends" in words for words in notices.values()) == 1
    again_said = cli(games, "rollback", "g1", "--to", "1")  # given again: nothing more
    assert "notices queued" not in again_said or "0 notices" in again_said, again_said
    assert len(list(queue.glob("rollback-*.eml"))) == len(notices)


def test_the_names_in_the_rollback_notice_read_as_no_web_address(tmp_path: Path) -> None:
    """The quitter named ``www.evil.example`` by the GM's --player, the newcomer
    ``paypal-login.com`` by the GM's takeover: Ann's rollback notice repeated both as
    written, links in her mail client as if the host gave them. They are defanged there, as
    in the reports (docs/mail.md, "Player names as the others read them")."""
    games = tmp_path / "games"
    seated = players(4)
    seated[1] = seated[1].replaced(name="www.evil.example")
    game = create_game(games / "g1", "wok4", "small", seated, seed=7).typed(WOK4)
    game.submit("player: 2\nturn: 1\nquit: true\n")
    game.submit(filled_aof(game, 1).replace("L1: __", "L1: 02", 1))
    for seat in (3, 4):
        game.submit(filled_aof(game, seat))
    game.run_turn()
    game.submit(filled_aof(game, 1).replace("L1: __", "L1: 00", 1))
    for seat in (3, 4):
        game.submit(filled_aof(game, seat))
    game.run_turn()
    take_over(game, 2, "paypal-login.com", NEWCOMER, MOMENT)
    said = cli(games, "rollback", "g1", "--to", "1")
    assert "4 notices queued for the players" in said, said
    rolled = opened(games)
    ann = rolled.config.player(1).email
    (path,) = [
        p
        for p in (games / ".mail" / "outbox" / "queue").glob("rollback-*.eml")
        if str(email.message_from_bytes(p.read_bytes(), policy=email.policy.default)["To"]) == ann
    ]
    msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
    part = msg.get_body(preferencelist=("plain",))
    assert part is not None
    words = " ".join(str(part.get_content()).split())
    assert (
        "You named www[.]evil[.]example as your ally at turn 1. That alliance ends: seat 2 is "
        "taken over again by paypal-login[.]com, who made no pact with you"
    ) in words, words
    assert "www.evil.example" not in words and "paypal-login.com" not in words, words
