"""`wtg announce g1 -- '--- NOTICE ---...'` (a text of one line that begins with a dash,
given after `--`) killed (SIGKILL) between two of its writes, then finished by the command
`wtg status` names: the status line and `--json`'s ``give`` said `wtg announce g1 '--- NOTICE
...'`, which click refuses ("No such option"), so the GM could not finish it as told. The
command named puts `--` before such a text; given, it mails each player not yet mailed, once.
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

from tests import killpoints
from tests.test_kill_release_announce import config, each, intents, mails, no_tmp, template

KILLS = 6
"""Kill points, spread over the writes of a whole run."""
TEXT = "--- NOTICE --- The server moves on Sunday."


def test_an_announcement_beginning_with_a_dash_cut_short_is_finished_as_status_says(
    tmp_path: Path,
) -> None:
    original = template(tmp_path / "template" / "g1", held=False)
    games = tmp_path / "games"
    base = ["--config", str(config(tmp_path))]
    args = [*base, "announce", "g1", "--", TEXT]
    fresh = killpoints.restorer(original, games / "g1", clearing=games)
    whole = killpoints.whole(args, games, fresh)
    assert mails(games, "announce-") == each(1)
    cut_short = 0
    for _ in killpoints.cuts(args, games, killpoints.points(whole.writes, KILLS), fresh):
        if not intents(games):
            continue
        cut_short += 1
        status = killpoints.wtg([*base, "status", "--json"], check=True)
        (owed,) = json.loads(status.stdout)["announcements"]
        line = killpoints.wtg([*base, "status"], check=True).stdout
        # the line names the command with the --config given; the JSON's, bare (a script
        # gives it its own options)
        said = re.search(
            r"give `wtg (--config \S+) (announce [^`]*)` again", line.replace("\n", " ")
        )
        assert said is not None, line
        assert said[1] == f"--config {base[1]}"
        assert owed["give"] == f"wtg {said[2]}"
        given = shlex.split(owed["give"])
        assert given[0] == "wtg"
        again = killpoints.wtg([*base, *given[1:]])
        assert again.returncode == 0, (owed["give"], again.stderr)
        assert again.stdout.startswith("announcement queued already (at "), again.stdout
        assert mails(games, "announce-") == each(1)
        assert intents(games) == []
        no_tmp(games)
    assert cut_short >= 3
