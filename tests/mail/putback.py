"""A host whose game folder was put back by hand to a turn before the last it mailed, and
the loop of its kill tests: `wtg send` killed before each of a spread of its writes, given
again, mailing each put-back report once, or setting it aside once when its address is
put back too (``tests/mail/test_kill_send_put_back*.py``)."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable, Sequence
from pathlib import Path

from tests import killpoints

KILLS = 8
PLAYERS = ["--player", "Ann:ann@example.org", "--player", "Bob:bob@example.org"]


def wtg(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``wtg ARGS`` with the host's config at ``root``, checked to have ended 0."""
    ran = killpoints.wtg(["--config", str(root / "wtg.yaml"), *args])
    assert ran.returncode == 0, (args, ran.stderr)
    return ran


def mailed_and_put_back(
    root: Path,
    *between: list[str],
    players: Sequence[str] = PLAYERS,
    edit: Callable[[Path], object] | None = None,
) -> Path:
    """A host at ``root`` whose game g1 of ``players`` was mailed its turns 0 and 1 (the
    commands ``between`` given after turn 0's send, and ``edit(root)`` then, a GM's edit by
    hand), then put back to turn 0 from a copy made before them; its games folder."""
    games = root / "games"
    games.mkdir()
    (root / "wtg.yaml").write_text("games_dir: games\nfrom: gm@example.org\n", encoding="utf-8")
    wtg(root, "new-game", "g1", "--ruleset", "wok4", "--map", "small", *players)
    wtg(root, "send", "-q")
    copy = root.parent / f"{root.name}-copy"
    shutil.copytree(games / "g1", copy)
    for command in between:
        wtg(root, *command)
    if edit is not None:
        edit(root)
    wtg(root, "run-turn", "g1", "--now", "--just-mailed")
    wtg(root, "send", "-q")
    shutil.rmtree(games / "g1")
    shutil.copytree(copy, games / "g1")
    return games


def send_args(root: Path) -> list[str]:
    """The send every put-back kill test measures and kills: ``wtg send -q``."""
    return ["--config", str(root / "wtg.yaml"), "send", "-q"]


def each_kill_mails_once(
    root: Path,
    fresh: Callable[[], object],
    whole: killpoints.Run,
    mailed: Callable[[Path], object],
    expected: object,
) -> None:
    """For ``KILLS`` of the writes of the whole send (``whole``), the host put back by
    ``fresh`` and the send killed just before that write, then given again: it ends as the
    whole send ended, whatever the kill cut short (1 when that send set a mail aside for
    good, its stderr saying so, whether it sets it aside itself or says again what the
    killed send did not: cron learns of it either way; 0 otherwise, nothing set aside),
    what it mailed again (``mailed(root)``) is ``expected``, and a send after it has
    nothing more to say and ends 0."""
    args = send_args(root)
    for at, cut in killpoints.cuts(
        args, root / "games", killpoints.points(whole.writes, KILLS), fresh
    ):
        again = killpoints.wtg(args)
        assert again.returncode == whole.returncode, (at, cut.before, again.stderr)
        set_aside = "set aside for good" in again.stderr
        assert set_aside == (whole.returncode == 1), (at, cut.before, again.stderr)
        assert mailed(root) == expected, (at, cut.before)
        last = killpoints.wtg(args)
        assert (last.returncode, last.stderr) == (0, ""), (at, last.stderr)  # nothing more
    print(f"\n{whole.writes} writes, killed before {KILLS} of them")
