"""`wtg serve`'s daily digest killed (SIGKILL, no clean-up of any kind) just before each
of its writes, then the service started again a day later (the machine was down): every
period since the last digest reaches the GM in a digest mail, each day's mail once, and
the digest is marked told up to the restarted service's digest. Before, the service queued
the digest, then marked it told: killed in between, the service started the next day found
the day's digest due, its mail queued already (the outbox knows its name), and marked the
digest told up to now: what happened since the killed run's digest was never told.

The service writes what `wtg digest --mail` writes (``wtg.mail.outgoing.digest``): the intent first,
then the mail, then the mark; started again, it queues the digest of the intent (once)
and marks it told, then mails the next when it is due.
"""

from __future__ import annotations

import email
import email.policy
import itertools
import json
import re
import shutil
from datetime import datetime, timedelta, timezone
from email.message import EmailMessage
from pathlib import Path

from tests import killpoints
from tests.service.fileclock import PRELUDE, SCENARIO, write_scenario
from tests.service.week import GM, START, Plan, entries
from wtg.game.engine import create_game
from wtg.game.schedule import iso, make_schedule
from wtg.mail.outgoing.digest import mark_digest

LAST = datetime(2026, 12, 7, 7, tzinfo=timezone.utc)
"""The last digest, a Monday at 07:00 (before the game was made, at noon)."""
DUE = LAST + timedelta(days=1)
"""The digest the killed service makes, on Tuesday at 07:00."""
BACK = DUE + timedelta(days=1, hours=1)
"""When the service is started again: Wednesday at 08:00 (Wednesday's digest is due)."""
SLOW = Plan("slow", 7, "18:00", "UTC", "2026-12-13", 2, 5)
"""A game whose deadline is days away: no turn runs, no reminder goes; each digest tells
of its players' missing orders."""


def make_host(root: Path) -> Path:
    """A host at ``root`` (its config returned) of one game, its digest last made at
    ``LAST``."""
    root.mkdir(parents=True)
    config = root / "wtg.yaml"
    config.write_text(f'games_dir: games\nfrom: "{GM}"\n', encoding="utf-8")
    (root / "games").mkdir(mode=0o700)
    schedule = make_schedule(SLOW.every, SLOW.at, SLOW.zone, first=SLOW.first)
    create_game(
        root / "games" / SLOW.name,
        "wok4",
        "small",
        entries(SLOW),
        SLOW.seed,
        schedule=schedule,
        now=START,
    )
    mark_digest(root / "games" / ".mail", LAST)
    return config


def shown(moment: datetime) -> str:
    """A moment as the digest's first line says one (every moment here is a whole minute)."""
    return f"{moment:%Y-%m-%d %H:%M} UTC"


def periods(root: Path) -> dict[str, tuple[str, str]]:
    """Each digest mail the host holds (in the outbox's queue or sent), by its outbox
    name: the period it tells (its first line, ``wtg digest, SINCE to UNTIL``, each as
    ``shown`` says it)."""
    found: dict[str, tuple[str, str]] = {}
    outbox = root / "games" / ".mail" / "outbox"
    for path in sorted([*outbox.glob("queue/digest-*.eml"), *outbox.glob("sent/digest-*.eml")]):
        msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        assert isinstance(msg, EmailMessage) and path.stem not in found
        part = msg.get_body(("plain",))
        assert part is not None
        text = str(part.get_content())
        head = re.match(r"wtg digest, (.+?) to (.+?)\r?\n", text)
        assert head is not None, text[:200]
        assert "slow" in text  # its players' missing orders
        found[path.stem] = (head[1], head[2])
    return found


def test_the_daily_digest_killed_anywhere_tells_every_period_once(tmp_path: Path) -> None:
    pristine = tmp_path / "pristine"
    make_host(pristine)
    saved = tmp_path / "clock.txt"
    first = tmp_path / "first.json"  # the killed service's: a few minutes around the digest
    write_scenario(first, DUE - timedelta(minutes=5), DUE + timedelta(minutes=5), saved, [])
    later = tmp_path / "later.json"  # the service started again, a day later
    write_scenario(later, BACK, BACK + timedelta(minutes=5), saved, [])

    def fresh(name: str) -> tuple[Path, list[str]]:
        host = tmp_path / name
        shutil.copytree(pristine, host, symlinks=True)
        saved.unlink(missing_ok=True)
        return host, ["--config", str(host / "wtg.yaml"), "serve"]

    host, command = fresh("whole")
    log = tmp_path / "writes.txt"
    env = {SCENARIO: str(first), "TZ": "UTC"}
    whole = killpoints.whole(command, host, env=env, prelude=PRELUDE, log=log)
    assert periods(host) == {"digest-day-20261208": (shown(LAST), shown(DUE))}
    # the digest's writes: from its first (the intent in digest.json) to its last (the
    # mark there), the mail queued between them; killed before each, and before the next
    writes = log.read_text().splitlines()
    ours = [n for n, w in enumerate(writes, 1) if "digest.json" in w or "/digest-day-" in w]
    marks = [n for n, w in enumerate(writes, 1) if "digest.json" in w]
    chosen = range(ours[0], marks[-1] + 2)
    assert len(chosen) >= 4, writes
    outcomes: dict[str, int] = {}
    for at in chosen:
        host, command = fresh(f"killed{at}")
        env = {SCENARIO: str(first), "TZ": "UTC"}
        cut = killpoints.run(command, at, host, env=env, prelude=PRELUDE)
        assert cut.killed and cut.writes == at - 1, (at, cut.stderr[-2000:])
        told = periods(host)
        outcome = "queued" if told else "not queued"
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
        saved.write_text(iso(BACK), encoding="utf-8")  # the machine was down until then
        env = {SCENARIO: str(later), "TZ": "UTC"}
        rest = killpoints.count(command, host, env=env, prelude=PRELUDE)
        assert rest.returncode == 0, rest.stderr[-2000:]
        told = periods(host)
        # each day's digest once, the periods one after the other from the last digest
        # to the restarted service's, with no gap
        spans = sorted(told.values())
        assert spans[0][0] == shown(LAST) and spans[-1][1] == shown(BACK), (at, cut.before, told)
        assert all(a[1] == b[0] for a, b in itertools.pairwise(spans)), (at, told)
        assert set(told) <= {"digest-day-20261208", "digest-day-20261209"}, told
        mark = json.loads((host / "games" / ".mail" / "digest.json").read_text())
        assert mark == {"last": iso(BACK)}, (at, cut.before)
        assert not [p for p in host.rglob("*.tmp")], (at, cut.before)
    print(
        f"\nserve's digest: writes {chosen.start}-{chosen.stop - 1} of {whole.writes}: {outcomes}"
    )
    assert outcomes.get("queued") and outcomes.get("not queued")
