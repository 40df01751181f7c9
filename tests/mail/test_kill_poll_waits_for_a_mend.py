"""A `wtg poll` that leaves a mail waiting in the inbox for the GM's mend (game g1's
game.yaml broken by hand: ``wtg.mail.poll.waiting``) beside a mail it files for game g2,
killed (SIGKILL) before each of a spread of its writes, then polled again while g1 is
still broken, then again once the GM has mended it: the waiting mail is filed once,
answered once, and g2's too; nothing held, nothing left in the inbox. (It passes as it
is: a mail that waits is left in the inbox, and the journal counts it nowhere.)"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from tests import killpoints
from tests.conftest import players
from tests.lobby.hall import Hall
from tests.lobby.killedpolls import KilledPolls, addressed, inbox_left
from tests.shipped import WOK4
from wtg.cli.demo import filled_aof
from wtg.files.store import GameStore
from wtg.game.engine import create_game

KILLS = 6
"""Kill points, spread over the writes of a whole poll."""
GOOD, BAD = "map_pictures: true", "map_picture: true"


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A host whose inbox holds Player1's orders for g1 (game.yaml broken by hand) and
    Player1's orders for g2."""
    root = tmp_path_factory.mktemp("host")
    hall = Hall(root)
    for name in ("g1", "g2"):
        game = create_game(hall.gm.games_dir / name, "wok4", "small", players(2), 7)
        hall.mail(players(2)[0].email, filled_aof(game.typed(WOK4), 1))
    config = hall.gm.games_dir / "g1" / "game.yaml"
    config.write_text(config.read_text(encoding="utf-8").replace(GOOD, BAD), encoding="utf-8")
    hall.config_file()
    return root


def test_a_poll_killed_beside_a_mail_waiting_for_a_mend_files_it_once_mended(
    pristine: Path, tmp_path: Path
) -> None:
    polls = KilledPolls(pristine, tmp_path)
    whole = killpoints.whole(polls.poll, polls.games, polls.fresh, status=1)  # g1 skipped
    assert len(inbox_left(polls.games)) == 1, whole.stdout  # g1's waits
    for at in killpoints.points(whole.writes, KILLS):
        cut = polls.killed(at)
        again = polls.wtg("poll")
        assert again.returncode == 1 and "g1" in again.stderr, (at, cut.before, again)
        assert len(inbox_left(polls.games)) == 1, (at, cut.before)
        config = polls.games / "g1" / "game.yaml"
        config.write_text(config.read_text(encoding="utf-8").replace(BAD, GOOD), "utf-8")
        mended = polls.wtg("poll")
        assert (mended.returncode, mended.stderr) == (0, ""), (at, cut.before, mended)
        assert inbox_left(polls.games) == [], (at, cut.before)
        for name in ("g1", "g2"):
            pending = GameStore(polls.games / name).pending_dir(1)
            assert sorted(p.name for p in pending.glob("*.yaml")) == ["p01.yaml"], (at, name)
        answers = Counter(to for to, _subject in addressed(polls.games).elements())
        assert answers == {players(2)[0].email: 2}, (at, cut.before, answers)
        assert polls.wtg("quarantine").stdout == "no mail quarantined or held\n", at
    print(f"\n{whole.writes} writes, killed before {KILLS} of them")
