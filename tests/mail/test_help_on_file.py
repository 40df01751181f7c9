"""A new GM's trial: a player whose orders were on file, READY, wrote a mail without a form
(a reply to another game's report, a "thanks"). The help he got said "nothing was stored"
and mailed the blank form of that game, without a word of the orders on file: he would
think them lost and send them again, or the blank form. The help says which stand."""

from __future__ import annotations

from pathlib import Path

from tests.mail.loop import World
from tests.mail.test_poll_maildir import body_of


def _help(world: World) -> str:
    (ident,) = [ident for ident in world.outbox() if ident.startswith("help-")]
    return body_of(world.outbox()[ident])


def test_the_help_says_which_orders_stand(tmp_path: Path) -> None:
    world = World(tmp_path, count=2)
    world.mail(world.aof(2, X1="100", R1="1"), sender="p2@players.example")
    assert world.poll().filed == 1
    received = world.game.store.pending_meta(1, 2)["received"]
    world.mail("Thanks, see you next turn!", sender="p2@players.example")
    assert [text for _key, text in world.poll().outcomes] == ["answered: help sent"]
    text = _help(world)
    assert (
        "mail, fill in the blanks and send it. Keep its GAME/TURN/PLAYER/CODE\n"
        "header as is.\n"
        "Orders you sent stand, until new orders you send replace them:\n"
        f"  game g1, turn 1: your orders of {received} are on file READY\n"
        "\n=== BEGIN AOF ===\n"
    ) in text


def test_the_help_of_a_player_without_orders_says_none_stand(tmp_path: Path) -> None:
    world = World(tmp_path, count=2)
    world.mail("How do I play?", sender="p2@players.example")
    world.poll()
    text = _help(world)
    assert "stand" not in text
    assert (
        "mail, fill in the blanks and send it. Keep its GAME/TURN/PLAYER/CODE\n"
        "header as is.\n"
        "\n=== BEGIN AOF ===\n"
    ) in text
