"""review37: a rollback that takes two seats over again at an earlier turn, the quitter of
one (Cid) having named the other's (Bob) as his ally there. The alliances with Bob end at
that turn, and the rollback's notice tells whoever named him (docs/gm.md, "A takeover told
again ..."); but Cid's seat is taken over again too: its player now is the newcomer who
came after, who named no one, and his notice said "You named Bob as your ally at turn 2".
The rollback's record parts from Bob only the seats whose players named him and play them
still; Ann, who named him too, is told as before."""

from __future__ import annotations

import email
import email.policy
from pathlib import Path

from tests.conftest import players
from tests.shipped import WOK4
from tests.test_takeover_turns import MOMENT, cli, opened
from wtg.cli.demo import filled_aof
from wtg.game.engine import create_game
from wtg.game.takeovers import PARTED, taken_over
from wtg.gm.takeover import take_over

ENDS = "That alliance ends"


def test_a_seat_taken_over_again_too_is_not_told_it_named_the_other_quitter(
    tmp_path: Path,
) -> None:
    games = tmp_path / "games"
    game = create_game(games / "g1", "wok4", "small", players(4), seed=7).typed(WOK4)
    game.submit("player: 2\nturn: 1\nquit: true\n")
    for seat in (1, 3):  # Ann and Cid name Bob's seat at turn 1
        game.submit(filled_aof(game, seat).replace("L1: __", "L1: 02", 1))
    game.submit(filled_aof(game, 4))
    game.run_turn()
    game.submit("player: 3\nturn: 2\nquit: true\n")  # Cid quits, still naming Bob
    for _turn in (2, 3):
        for seat in (1, 4):
            game.submit(filled_aof(game, seat))
        game.run_turn()
    assert [p.ally for p in game.state().players] == [2, 0, 2, 0]
    take_over(game, 2, "Newcomer", "new2@example.org", MOMENT)
    take_over(game, 3, "Latecomer", "new3@example.org", MOMENT)
    said = cli(games, "rollback", "g1", "--to", "2")
    assert "4 notices queued for the players" in said, said
    rolled = opened(games)
    assert [p.ally for p in rolled.state().players] == [0, 0, 0, 0]
    bob, cid = taken_over(rolled.store, 2)
    assert (bob[PARTED], cid[PARTED]) == ([1], [])
    notices = {}
    for path in sorted((games / ".mail" / "outbox" / "queue").glob("rollback-*.eml")):
        msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        part = msg.get_body(preferencelist=("plain",))
        assert part is not None
        notices[str(msg["To"])] = " ".join(str(part.get_content()).split())
    told = sorted(to for to, words in notices.items() if ENDS in words)
    assert told == [rolled.config.player(1).email], told
    assert "You named Bob as your ally at turn 2." in notices[rolled.config.player(1).email]
