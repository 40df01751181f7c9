"""`wtg announce` given several times: the second announcement killed (SIGKILL) before each
of its writes (the newest key noted in ``.mail/announce/last-key``, its intent, its mails,
the intent finished), then given again as the GM would, then a third: each player gets
each announcement once, in the order the GM gave them (`wtg send` mails the queue in name
order, and the key is in the name), whatever the clock said between them. (It passes as
it is: a key noted and never used is skipped, never given to an announcement before it.)"""

from __future__ import annotations

import email
import email.policy
import shutil
from pathlib import Path

from tests import killpoints
from tests.conftest import players
from tests.test_kill_release_announce import config
from wtg.game.engine import create_game
from wtg.mail.outgoing.outbox import queue_order

TEXTS = ("First news.", "Second news.", "Third news.")
PLAYERS = 3
KILLS = 8
"""Kill points, spread over the writes of the second announcement."""


def told(games: Path) -> dict[str, list[str]]:
    """Each address's announcements queued, their texts in the order a send mails them."""
    found: dict[str, list[str]] = {}
    queue = games / ".mail" / "outbox" / "queue"
    for path in sorted(queue.glob("announce-*.eml"), key=lambda p: queue_order(p.name)):
        msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        body = msg.get_body(preferencelist=("plain",))
        assert body is not None
        said = next(text for text in TEXTS if text in body.get_content())
        found.setdefault(str(msg["To"]).split("<")[-1].rstrip(">"), []).append(said)
    return dict(sorted(found.items()))


def test_an_announcement_killed_and_given_again_keeps_the_order_they_were_given(
    tmp_path: Path,
) -> None:
    conf = config(tmp_path)
    games = tmp_path / "games"
    create_game(games / "g1", "wok4", "small", players(PLAYERS), 7)
    first = killpoints.wtg(["--config", str(conf), "announce", "g1", TEXTS[0]])
    assert first.returncode == 0, first.stderr
    template = tmp_path / "template"
    shutil.copytree(games, template)
    fresh = killpoints.restorer(template, games)
    second = ["--config", str(conf), "announce", "g1", TEXTS[1]]
    log = tmp_path / "second.log"
    whole = killpoints.whole(second, games, fresh, log=log)
    noted = [n for n, line in enumerate(killpoints.written(log), 1) if "last-key" in line]
    assert noted, killpoints.written(log)  # the key noted: killed before, between, after
    at = sorted({*killpoints.points(whole.writes, KILLS), *noted, noted[-1] + 1})
    for write, cut in killpoints.cuts(second, games, at, fresh):
        again = killpoints.wtg(second)
        assert again.returncode == 0, (write, cut.before, again.stderr)
        third = killpoints.wtg(["--config", str(conf), "announce", "g1", TEXTS[2]])
        assert third.returncode == 0, (write, third.stderr)
        assert set(map(tuple, told(games).values())) == {TEXTS}, (write, cut.before)
        assert len(told(games)) == PLAYERS, write
    print(f"\n{whole.writes} writes, killed before {len(at)} of them")
