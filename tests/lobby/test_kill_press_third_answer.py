"""A command mail whose first two answers a limit held back and whose third relayed the tenth
piece of one writer's private press to one reader that day (``cmd-KEY-2``), its poll
killed (SIGKILL) after that answer was queued and before its journal's commit; a newer piece
of the writer's to the same reader came before the next poll.

The next poll took the newer piece first (the newest of its batch): the killed reading's
mail was not found answered, as only its first two answers (``cmd-KEY-0``, ``cmd-KEY-1``)
were looked up, and those a limit had held. The newer piece found nine pieces counted and
went; the tenth went all the same (queued already, counted again): eleven pieces in 24
hours. Every answer of the mail is looked up now: the mail is handled first, the newer
piece held back by the day's bound, its writer told.

The kills fall between the queuing of that answer and the batch's commit, an older mail
of another player's handled between. The host has relayed nine pieces of player 1's to
player 2 in the last hours, and answered three commands of player 1's in the last minutes
(``mail.replies_per_hour`` of them, and here ``confirmations_per_hour`` too: the mail's
CODE proves him, since hostile26, and a proven player's answers count against that): the
mail ``LIST`` / ``AOF`` / ``PRESS wok4-1 TO 2`` waits, whose LIST, AOF (refused: it names no
game) and the writer's copy of his piece are held back (``cmd-KEY-0``, ``cmd-KEY-1``,
``cmd-KEY-3``: no file) and whose piece (``cmd-KEY-2``) is queued.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from tests import killpoints
from tests.lobby.hall import Hall, address
from tests.lobby.killedpolls import KilledPolls
from tests.lobby.test_kill_private_press_day import early_press, host_state
from wtg.mail.incoming.commands import PRIVATE_A_DAY

GAME = "wok4-1"


@pytest.fixture(scope="module")
def hall_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("press-third")
    hall, writer = early_press(root)
    hall.now = datetime.now(timezone.utc) - timedelta(minutes=10)
    for command in ("LIST", "HELP", f"STATUS {GAME}"):  # the hour's replies to his address
        hall.mail(writer.email, command)
        hall.poll()
    assert [mail.to for mail in hall.new_mails()] == [writer.email] * 3
    hall.mail(address(3), "LIST")  # older: handled after it, which is no longer in hand
    hall.mail(writer.email, f"LIST\nAOF\nPRESS {GAME} TO 2\nCODE {writer.code}\n\nlate 0\n")
    # its CODE is the seat's, which proves him: its answers count against the hour's
    # answers of a player proven (``confirmations_per_hour``), here as few as the others'
    hall.config_file(confirmations_per_hour=3)
    queued = sorted(path.name for path in (hall.gm.spool / "outbox" / "queue").glob("*.eml"))
    (root / ".before").write_text("\n".join(queued))
    return root


def test_a_piece_after_a_killed_poll_is_held_back_by_a_third_answer_queued(
    hall_root: Path, tmp_path: Path
) -> None:
    polls = KilledPolls(hall_root, tmp_path)
    games = polls.games
    queue = games / ".mail" / "outbox" / "queue"
    log = tmp_path / "writes.log"
    whole = polls.whole(log)
    found, counted, _ = host_state(games)
    assert counted == PRIVATE_A_DAY, found
    lines = killpoints.written(log)
    third = [n for n, line in enumerate(lines, start=1) if "-2.eml.tmp ->" in line]
    assert len(third) == 1, lines  # the relayed piece, the mail's third answer
    moved = lines[third[0] - 1].split(" -> ")[0]
    stem = Path(moved.split(" ", 1)[1]).name.removeprefix(".").removesuffix("-2.eml.tmp")
    assert stem.startswith("cmd-"), moved

    def answers() -> list[str]:
        """The killed reading's mail's answers in the outbox, by their place."""
        return sorted(path.name[len(stem) :] for path in queue.glob(f"{stem}-*.eml"))

    assert answers() == ["-2.eml"]  # its LIST, AOF and the writer's copy held back: no file
    writer = Hall(hall_root, again=True).game(GAME).config.player(1)
    # killed while it is in hand, it is taken first and alone (``wtg.mail.poll.inprogress``);
    # killed after, while the older mail is handled or before the commit, it is looked up
    commit = next(n for n in range(third[0], len(lines) + 1) if lines[n - 1] == "sqlite COMMIT")
    points = list(range(third[0] + 1, commit + 1))
    for at in points:
        cut = polls.killed(at)
        assert "-2.eml" in answers(), (at, answers())
        late = Hall(polls.host, again=True)
        late.count = 100  # a Message-ID of its own
        late.mail(writer.email, f"PRESS {GAME} TO 2\nCODE {writer.code}\n\nlate 3\n")
        polls.finish(cut)
        found, counted, _ = host_state(games)
        relayed = [key for key in found if "private press from" in key[1]]
        assert [(key[2], found[key]) for key in relayed] == [("late 0", 1)], (at, found)
        # the late 3 not relayed: its writer's "not done" is held back here by the hour's
        # answers to a proven player (three, as the LIST's and the AOF's were)
        assert counted == PRIVATE_A_DAY, (at, cut.before)
    print(f"\n{whole.writes} writes, killed before {len(points)} of them")
