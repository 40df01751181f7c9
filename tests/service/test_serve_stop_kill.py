"""`wtg serve` stopped (SIGTERM), then killed (SIGKILL) after it recorded its stop
(``service-stopped.json``) and before it removed its record (``service.json``): `wtg
status --host` said the service was killed ("NOT running ... gone: killed, or the machine
restarted"), a GM looking for a crash that never was; now it says it stopped, and when.
The kill lands just before that removal, found among the writes of a run (tests/killpoints.py),
the same moment on every machine."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

from tests import killpoints
from tests.service.fileclock import PRELUDE, SCENARIO, write_scenario
from tests.service.week import START, make_host
from wtg.game.schedule import iso
from wtg.host.servicerecord import SERVICE_FILE, STOPPED_FILE


def test_a_serve_killed_after_it_recorded_its_stop_reads_as_stopped(tmp_path: Path) -> None:
    pristine = tmp_path / "pristine"
    make_host(pristine, site=False)
    host = tmp_path / "host"
    config = host / "wtg.yaml"
    saved = tmp_path / "clock.txt"
    scenario = tmp_path / "scenario.json"  # an hour with no mail: it starts, waits, stops
    end = START + timedelta(hours=1)
    write_scenario(scenario, START, end, saved, [])
    env = {SCENARIO: str(scenario), "TZ": "UTC"}
    args = ["--config", str(config), "serve"]
    restore = killpoints.restorer(pristine, host)

    def fresh() -> None:  # the host as made, its clock at the start
        restore()
        saved.unlink(missing_ok=True)

    log = tmp_path / "writes.log"
    fresh()
    whole = killpoints.count(args, host, env=env, prelude=PRELUDE, log=log)
    assert whole.returncode == 0, whole.stderr[-2000:]
    writes = killpoints.written(log)
    stop = next(n for n, line in enumerate(writes, 1) if line.endswith(f"/{STOPPED_FILE}"))
    removal = next(
        n for n, line in enumerate(writes, 1) if n > stop and line.endswith(f"/{SERVICE_FILE}")
    )
    assert writes[removal - 1].startswith("os.remove"), writes[stop - 1 :]

    fresh()
    cut = killpoints.run(args, removal, host, env=env, prelude=PRELUDE)
    assert cut.killed and cut.before == writes[removal - 1], cut.stderr[-2000:]
    spool = host / "games" / ".mail"
    assert (spool / SERVICE_FILE).exists() and (spool / STOPPED_FILE).exists()

    status = killpoints.wtg(["--config", str(config), "status", "--host", "--json"])
    assert status.returncode == 0, status.stderr
    service = json.loads(status.stdout)["service"]
    assert (service["running"], service["gone_pid"], service["stopped"]) == (False, None, iso(end))
    text = killpoints.wtg(["--config", str(config), "status", "--host"]).stdout.splitlines()
    assert text[0].startswith(f"service: stopped at {end:%Y-%m-%d %H:%M} UTC ("), text[0]
