"""A poll of private press at its day's bound (``wtg.mail.incoming.commands.PRIVATE_A_DAY``: ten
pieces of one writer's to one reader in 24 hours), killed (SIGKILL, no clean-up of any
kind) just before each of its writes, then a poll that finishes: as an uninterrupted poll,
the tenth piece reaches its reader once and its writer's copy once, the pieces past the
bound reach nobody and their writer is told so once each, and the journal counts ten
pieces relayed that day, never eleven (a piece counted twice would hold back a piece of
tomorrow's) nor nine (an eleventh would go).

The host has relayed nine pieces of player 1's to player 2 in the last hours (three polls,
the hour's bound apart); three more wait in the inbox.
"""

from __future__ import annotations

import re
from collections import Counter
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from tests import killpoints
from tests.lobby.hall import Hall, Mail
from tests.lobby.killedpolls import KilledPolls, inbox_left
from tests.lobby.test_second_seat import game_with_quitters
from wtg.game.gameconfig import PlayerEntry
from wtg.mail.incoming.commands import PRIVATE_A_DAY, PRIVATE_DAY_TALLY
from wtg.mail.spool.journal import Journal

GAME = "wok4-1"
KILLS = 16


def early_press(root: Path) -> tuple[Hall, PlayerEntry]:
    """A hall at ``root`` whose game wok4-1 (``game_with_quitters``, none quit) began 12
    hours ago, and player 1, who has mailed 9 private press to player 2, 3 a poll, a poll
    every 2 hours: the hall and player 1."""
    hall = Hall(root)
    hall.now = datetime.now(timezone.utc) - timedelta(hours=12)
    game = game_with_quitters(hall, ())
    writer = game.config.player(1)
    for hour in range(3):
        for number in range(3):
            text = f"PRESS {GAME} TO 2\nCODE {writer.code}\n\nearly {hour}.{number}\n"
            hall.mail(writer.email, text)
        hall.poll(hours=2)
    hall.new_mails()
    return hall, writer


@pytest.fixture(scope="module")
def hall_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("press-day")
    hall, writer = early_press(root)
    for number in range(3):
        hall.mail(writer.email, f"PRESS {GAME} TO 2\nCODE {writer.code}\n\nlate {number}\n")
    hall.config_file()
    queued = sorted(path.name for path in (hall.gm.spool / "outbox" / "queue").glob("*.eml"))
    (root / ".before").write_text("\n".join(queued))
    return root


def host_state(games: Path) -> tuple[Counter[tuple[str, str, str]], int, int]:
    """The mails the poll queued (to, subject, the press's words when it carries one), the
    private pieces of player 1's to player 2 the journal counts, and the mails journalled."""
    queue = games / ".mail" / "outbox" / "queue"
    before = sorted((games.parent / ".before").read_text().split())
    queued = [
        Mail(path.read_bytes()) for path in sorted(queue.glob("*.eml")) if path.name not in before
    ]
    found: Counter[tuple[str, str, str]] = Counter()
    for mail in queued:
        words = re.findall(r"\b(?:early|late) \d(?:\.\d)?", mail.body)
        found[(mail.to, mail.subject, " ".join(words))] += 1
    assert inbox_left(games) == []
    journal = Journal(games / ".mail")
    try:
        (counted,) = journal.db.execute(
            "SELECT COUNT(*) FROM replies WHERE sender LIKE ?", (f"{PRIVATE_DAY_TALLY}%",)
        ).fetchone()
        (handled,) = journal.db.execute("SELECT COUNT(*) FROM messages").fetchone()
    finally:
        journal.close()
    return found, int(counted), int(handled)


def test_a_poll_of_private_press_at_its_days_bound_killed_at_any_write(
    hall_root: Path, tmp_path: Path
) -> None:
    polls = KilledPolls(hall_root, tmp_path)
    games = polls.games
    whole = polls.whole()
    expected = host_state(games)
    relayed = [key for key in expected[0] if "private press from" in key[1]]
    refused = [key for key in expected[0] if key[1].endswith("not done")]
    assert len(relayed) == 1 and expected[0][relayed[0]] == 1, expected
    assert sum(expected[0][key] for key in refused) == 2, expected
    assert expected[1] == PRIVATE_A_DAY
    for at in killpoints.points(whole.writes, KILLS):
        cut = polls.killed(at)
        polls.finish(cut)
        assert host_state(games) == expected, (at, cut.before)
    print(f"\n{whole.writes} writes, killed before {KILLS} of them")


def test_a_piece_that_came_after_a_killed_poll_is_held_back_by_what_it_queued(
    hall_root: Path, tmp_path: Path
) -> None:
    """A poll killed once it had relayed the tenth piece (its journal not committed), and
    a fourth piece of player 1's that came before the next poll: the next poll took the new
    piece first (the newest of the batch), found nine pieces counted, relayed it, then
    relayed the tenth all the same (queued already): eleven pieces in a day. Now the pieces
    an earlier reading queued are counted first: the new one is held back, its writer told."""
    polls = KilledPolls(hall_root, tmp_path)
    games = polls.games
    log = tmp_path / "writes.log"
    whole = polls.whole(log)
    lines = killpoints.written(log)
    queued = [n for n, line in enumerate(lines, start=1) if "-1.eml.tmp ->" in line]
    assert queued, lines  # the tenth piece's copy to its writer, its rename into the queue
    after = queued[0] + 1  # its counts made, the journal not committed
    writer = Hall(hall_root, again=True).game(GAME).config.player(1)
    for at in killpoints.points_between(after, whole.writes, 6):
        cut = polls.killed(at)
        late = Hall(polls.host, again=True)
        late.count = 100  # a Message-ID of its own
        late.mail(writer.email, f"PRESS {GAME} TO 2\nCODE {writer.code}\n\nlate 3\n")
        polls.finish(cut)
        found, counted, _ = host_state(games)
        relayed = [key for key in found if "private press from" in key[1]]
        refused = [key for key in found if key[1].endswith("not done")]
        assert [found[key] for key in relayed] == [1], (at, found)
        assert sum(found[key] for key in refused) == 3, (at, found)
        assert counted == PRIVATE_A_DAY, (at, counted)
