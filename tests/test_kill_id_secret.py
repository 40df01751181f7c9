"""Killing the first `wtg send` of a host (SIGKILL) while it makes the secret of its
Message-IDs (``wtg.mail.outgoing.idsecret``), then giving the command again as a GM would: the
secret is whole or not there as killed, the run given again sends every report, and every
Message-ID sent carries the token of the one secret the host has (never a second one, never
a half-written one). The kill points are the writes of the secret (its copy written aside,
the link, the copy removed) and the first mail queued after it (``tests.killpoints``)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from tests import killpoints
from tests.mail.loop import World
from wtg.cli import main
from wtg.mail.message.extract import parse_headers
from wtg.mail.outgoing.idsecret import SECRET_FILE, read_secret, token
from wtg.mail.outgoing.outbox import parse_own_id

REPORTS = [f"report-g1-t0000-p0{seat}" for seat in range(1, 5)]


def test_a_kill_while_the_secret_is_made_leaves_a_host_that_works(tmp_path: Path) -> None:
    world = World(tmp_path / "template")
    original = world.gm.games_dir
    games = tmp_path / "games"
    config = tmp_path / "wtg.yaml"
    config.write_text(f"games_dir: {games}\nfrom: gm@example.org\n")
    args = ["--config", str(config), "send", "-q"]
    spool = games / ".mail"

    fresh = killpoints.restorer(original, games, symlinks=True)
    log = tmp_path / "writes.log"
    killpoints.whole(args, games, fresh, log=log)
    writes = killpoints.written(log)
    secret_writes = [n for n, line in enumerate(writes, 1) if f"{SECRET_FILE}." in line]
    assert len(secret_writes) == 3, writes  # written aside, linked in, the copy removed
    kills = [*secret_writes, secret_writes[-1] + 1]
    assert "outbox/queue" in writes[kills[-1] - 1]  # the first mail queued after it
    made = set()
    for at, _ in killpoints.cuts(args, games, kills, fresh):
        as_killed = read_secret(spool)  # whole or not there: never SecretDamaged
        assert (as_killed is None) == (at <= secret_writes[1]), at  # there once linked
        again = CliRunner().invoke(main, args)
        assert again.exit_code == 0, (at, again.output)
        secret = read_secret(spool)
        assert secret is not None and (as_killed is None or secret == as_killed)
        made.add(secret)
        assert (spool / SECRET_FILE).stat().st_mode & 0o777 == 0o600
        assert sorted(p.name for p in spool.iterdir() if SECRET_FILE in p.name) == [SECRET_FILE]
        sent = spool / "outbox" / "sent"
        assert sorted(p.stem for p in sent.glob("*.eml")) == REPORTS
        for path in sent.glob("*.eml"):
            own = parse_own_id(str(parse_headers(path.read_bytes())["Message-ID"]))
            assert own is not None and own.token == token(secret, own.stem()), (at, path)
    assert len(made) == len(kills)  # each host its own
