"""`wtg demo DIR` given again over an earlier demo's folder (which it empties and plays
anew), killed (SIGKILL) just before one of its writes spread over a whole run, then given
again as anyone trying wtg would. Killed while it removed the earlier demo (``shutil.rmtree``
of the folder, the files in the order the folder lists them), it left the folder without
its marker (``.wtg-demo``) but with files in it, and every demo after refused it: "not
empty and not an earlier demo's output". The marker now goes last: as killed, DIR holds
the marker or nothing, and the demo given again is played, DIR holding it.
"""

from __future__ import annotations

from pathlib import Path

from tests import killpoints
from wtg.cli.demo import MARKER

KILLS = 12


def test_a_demo_killed_while_it_replaces_an_earlier_one_is_played_when_given_again(
    tmp_path: Path,
) -> None:
    out = tmp_path / "demo"
    args = ["demo", str(out), "--turns", "0"]
    first = killpoints.wtg(args)
    assert first.returncode == 0, first.stderr
    played = sorted(str(path.relative_to(out)) for path in out.rglob("*"))
    counted = killpoints.count(args, tmp_path)
    assert counted.returncode == 0, counted.stderr
    for at in killpoints.points(counted.writes, KILLS):
        cut = killpoints.run(args, at, tmp_path)
        assert cut.killed and cut.writes == at - 1, (at, cut)
        left = sorted(path.name for path in out.iterdir())
        assert left == [] or MARKER in left, (at, cut.before, left)
        again = killpoints.wtg(args)
        assert again.returncode == 0, (at, cut.before, again.stderr)
        assert sorted(str(path.relative_to(out)) for path in out.rglob("*")) == played, at
