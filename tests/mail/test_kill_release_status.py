"""`wtg quarantine --release KEY` killed (SIGKILL) just before any of its writes, then the
GM's morning look, `wtg status`. Killed after its first commit (the journal forgot the held
mail and noted the release under way) and before the mail was back in the inbox, the mail
lay in the rejected folder, where no poll looks, and `wtg status` said nothing of it: no
HELD MAIL (its record was gone), no word of the release cut short (only `wtg quarantine`
listed it). A player's orders waited unseen past their deadline. `wtg status` now says
each release cut short and the command that finishes it (``releases_cut_short`` in its
JSON), until the release is given again; so do `wtg status GAME` of the game the mail
named and `wtg status --host`, which said nothing of it.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests import killpoints
from tests.mail.test_kill_quarantine import Copy, held  # noqa: F401 (the fixture)
from wtg.mail.spool.journallists import releasing

KILLS = 8
LOOKS = ((), ("g1",), ("--host",))
"""`wtg status`, `wtg status g1` (the game the mail held named), `wtg status --host`: each
said nothing of a release cut short but the first."""


def test_status_says_a_release_cut_short_until_it_is_given_again(
    held: tuple[Path, str],  # noqa: F811 (the fixture)
    tmp_path: Path,
) -> None:
    key = held[1]
    args = ["quarantine", "--release", key]
    whole = Copy(held, tmp_path / "whole")
    counted = killpoints.count([*whole.config, *args], whole.games)
    assert counted.returncode == 0, counted.stderr
    given = f"wtg --config {tmp_path / 'host' / 'wtg.yaml'}"  # as each Copy's wtg gives it
    line = (
        f"CUT SHORT: the release of mail {key} (`{given} quarantine --release`) was cut short: "
        f"give `{given} quarantine --release {key}` again to finish it"
    )
    cut_short = 0
    for at in killpoints.points(counted.writes, KILLS):
        host = Copy(held, tmp_path / "host")
        cut = killpoints.run([*host.config, *args], at, host.games)
        assert cut.killed and cut.writes == at - 1, (at, cut)
        under_way = bool(releasing(host.games / ".mail"))
        cut_short += under_way
        for look in LOOKS:  # the host's, the game's (the mail named g1), the host's health
            status = host.wtg("status", *look)
            assert (line in status.stdout.splitlines()) == under_way, (at, look, status.stdout)
            listed = json.loads(host.wtg("status", *look, "--json").stdout)
            assert listed["releases_cut_short"] == ([key] if under_way else []), (at, look)
        assert host.wtg(*args).returncode == 0
        for look in LOOKS:
            assert "CUT SHORT" not in host.wtg("status", *look).stdout
            listed = json.loads(host.wtg("status", *look, "--json").stdout)
            assert listed["releases_cut_short"] == [], (at, look)
    assert cut_short, "no kill left a release under way"
