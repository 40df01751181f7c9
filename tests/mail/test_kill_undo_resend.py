"""Killing `wtg rollback GAME --undo` (SIGKILL) before any one of its writes while it puts
back a report mailed again (`wtg report --mail`, ``resend-``) that a send set aside when
the rollback took its turn back, then giving it again as a GM would: the mail lies in the
queue or among those set aside, never in both, never in neither; given again, the undo
puts it back, and the next `wtg send` mails it once."""

from __future__ import annotations

from pathlib import Path

from tests import killpoints
from tests.mail.test_outbox_retry import played
from tests.mail.test_report_mailed_again import mistyped, wtg
from wtg.mail.outgoing.reportagain import PREFIX

KILLS = 10


def _where(run: Path, name: str) -> list[str]:
    """The outbox folders the mail ``name`` lies in."""
    outbox = run / "games" / ".mail" / "outbox"
    return [f for f in ("queue", "sent", "failed") if (outbox / f / f"{name}.eml").exists()]


def _template(root: Path) -> str:
    """Turn 1's report mailed again to player 2, set aside by the send after a rollback
    from turn 2 to turn 0; its name."""
    world, config = mistyped(root)
    played(world)
    wtg(config, "send", "-q")
    wtg(config, "report", "g1", "--player", "2", "--mail")
    (name,) = (p.stem for p in (root / "games" / ".mail" / "outbox" / "queue").glob(f"{PREFIX}*"))
    played(world)
    wtg(config, "rollback", "g1", "--to", "0")
    wtg(config, "send", "-q")
    assert _where(root, name) == ["failed"]
    return name


def test_an_undo_killed_putting_back_a_report_mailed_again_puts_it_back_once(
    tmp_path: Path,
) -> None:
    template = tmp_path / "template"
    name = _template(template)
    run = tmp_path / "run"
    config = run / "wtg.yaml"
    args = ["--config", str(config), "rollback", "g1", "--undo"]
    fresh = killpoints.restorer(template, run)
    log = tmp_path / "writes.log"
    whole = killpoints.whole(args, run, fresh, log=log)
    assert _where(run, name) == ["queue"]
    lines = killpoints.written(log)
    moves = [i for i, line in enumerate(lines, 1) if name in line]
    assert moves, lines  # the put back's writes: every one of them a kill point
    kills = sorted({*killpoints.points(whole.writes, KILLS), *range(moves[0], moves[-1] + 2)})
    for at, _cut in killpoints.cuts(args, run, kills, fresh):
        assert len(_where(run, name)) == 1, (at, _where(run, name))
        again = killpoints.wtg(args)
        assert again.returncode == 0, (at, again.stderr)
        assert _where(run, name) == ["queue"], at
        sent = killpoints.wtg(["--config", str(config), "send", "-q"])
        assert sent.returncode == 0, (at, sent.stderr)
        assert _where(run, name) == ["sent"], at
