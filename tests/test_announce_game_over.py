"""`wtg announce` to a game that is over reached only the players who had not QUIT: in a
game that ends as the others quit, the winner alone. Once a game is over, every player of
it hears the GM (its results, the next game); while it goes on, a player who QUIT does not
(he asked to hear no more of it). docs/gm.md, "wtg announce GAME|--all TEXT"."""

from __future__ import annotations

import email
import email.policy
from pathlib import Path

from click.testing import CliRunner

from tests.mail.loop import GM, World
from tests.mail.test_map_note_without_form import quit_seats
from wtg.cli import main


def announced(world: World, root: Path, *args: str) -> list[str]:
    """`wtg announce ARGS` on the world's host; the addresses of the mails it queued."""
    config = root / "wtg.yaml"
    config.write_text(f"games_dir: games\nfrom: {GM}\n")
    result = CliRunner().invoke(main, ["--config", str(config), "announce", *args])
    assert result.exit_code == 0, result.output
    return sorted(
        str(email.message_from_bytes(raw, policy=email.policy.default)["To"])
        for name, raw in world.outbox().items()
        if name.startswith("announce-")
    )


def test_an_announcement_to_a_game_over_reaches_every_player_quit_or_not(
    tmp_path: Path,
) -> None:
    world = World(tmp_path)
    quit_seats(world, 2, 3, 4)  # player 1 is the last standing: the game is over
    assert world.game.ruleset.is_over(world.game.state())
    assert announced(world, tmp_path, "g1", "Thanks for playing; the next game opens soon.") == [
        f"p{seat}@players.example" for seat in range(1, 5)
    ]


def test_an_announcement_to_a_game_going_on_leaves_out_who_quit(tmp_path: Path) -> None:
    world = World(tmp_path)
    quit_seats(world, 2)
    assert not world.game.ruleset.is_over(world.game.state())
    assert announced(world, tmp_path, "g1", "The server moves on Sunday.") == [
        "p1@players.example",
        "p3@players.example",
        "p4@players.example",
    ]
