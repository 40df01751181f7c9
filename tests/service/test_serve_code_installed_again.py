"""A `wtg serve` that runs the code it started with, after wtg was installed again under the
same version (a ``git pull`` in its checkout, a ``pip install`` of this project, whose
version is 0.1.0 every round): `wtg status --host` says to restart it (newgm47). Its record
held the version alone, and the line that says "restart the service to run it" compared
versions, so it never came: the service went on with the old code, and the GM who followed
docs/gm.md, "Upgrading wtg", was told nothing."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path

from tests.service.hostcli import host, wtg
from wtg import __version__
from wtg.host.servicerecord import (
    SERVICE_FILE,
    ServiceRecord,
    code_print,
    read_service_record,
    write_service_record,
)

PACKAGE = Path(__file__).resolve().parents[2] / "wtg"
RESTART = (
    " (it runs other code than this wtg, of the same version: either wtg was installed again "
    "since the service started, and `systemctl restart wtg` runs the new code, or this wtg is "
    "another install than the service's)"
)
"""Said of both: a `status --host` of another install than the service's was told wtg was
installed again, which had not happened (words47)."""
SINCE = datetime(2026, 12, 7, 15, 0, tzinfo=timezone.utc)


def older_wtg(tmp_path: Path) -> Path:
    """A copy of this wtg with one line more, as the checkout was before a ``git pull``:
    the folder to give as PYTHONPATH."""
    folder = tmp_path / "older"
    shutil.copytree(PACKAGE, folder / "wtg", ignore=shutil.ignore_patterns("__pycache__"))
    init = folder / "wtg" / "__init__.py"
    init.write_text(init.read_text(encoding="utf-8") + "# the wtg before the pull\n")
    return folder


def wait_for(done: Callable[[], bool], seconds: float = 60.0) -> None:
    begin = time.monotonic()
    while not done():
        assert time.monotonic() - begin < seconds, "the service did not start"
        time.sleep(0.1)


def serving(tmp_path: Path, config: Path, code: Path) -> subprocess.Popen[bytes]:
    """`wtg serve` of the wtg in the folder ``code`` (its PYTHONPATH) on ``config``, its log
    in ``tmp_path``/serve.log."""
    env = {
        **os.environ,
        "PYTHONPATH": str(code),
        "PYTHONDONTWRITEBYTECODE": "1",
        "WTG_CONFIG": str(config),
    }
    env.pop("NOTIFY_SOCKET", None)
    return subprocess.Popen(
        [sys.executable, "-m", "wtg", "serve", "--log-file", str(tmp_path / "serve.log")],
        env=env,
        cwd=tmp_path,  # `-m` puts the current folder first: not this checkout's wtg
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def test_a_service_started_before_wtg_was_installed_again_is_to_restart(tmp_path: Path) -> None:
    world, config = host(tmp_path)
    spool = world.gm.spool
    service = serving(tmp_path, config, older_wtg(tmp_path))
    try:
        wait_for(lambda: (spool / SERVICE_FILE).exists())
        record = read_service_record(spool)
        assert record is not None and record.pid == service.pid
        assert record.version == json.loads((spool / SERVICE_FILE).read_text())["version"]
        assert record.code != code_print()  # the older code's print
        first = wtg(config, "status", "--host").stdout.splitlines()[0]
        assert first.startswith(f"service: running, pid {service.pid}, since ")
        assert first.endswith(f", wtg {record.version}{RESTART}")
        data = json.loads(wtg(config, "status", "--host", "--json").stdout)["service"]
        assert data["runs_other_code"] is True
    finally:
        service.send_signal(signal.SIGTERM)
        assert service.wait(timeout=60) == 0


def test_a_service_of_this_code_is_not_and_one_of_an_older_record_is(tmp_path: Path) -> None:
    world, config = host(tmp_path)
    spool = world.gm.spool
    mine = ServiceRecord(pid=os.getpid(), since=SINCE, version=__version__, code=code_print())
    write_service_record(spool, mine)
    assert read_service_record(spool) == mine
    first = wtg(config, "status", "--host").stdout.splitlines()[0]
    assert first.endswith(f", wtg {__version__}")
    data = json.loads(wtg(config, "status", "--host", "--json").stdout)["service"]
    assert data["runs_other_code"] is False
    # a record a wtg before round 47 wrote has no print: that service runs an older wtg
    (spool / SERVICE_FILE).write_text(
        json.dumps({"pid": os.getpid(), "since": "2026-12-07T15:00:00Z", "version": __version__})
    )
    record = read_service_record(spool)
    assert record is not None and record.code == ""
    first = wtg(config, "status", "--host").stdout.splitlines()[0]
    assert first.endswith(f", wtg {__version__}{RESTART}")


def test_wtg_upgrade_says_last_to_restart_a_service_of_other_code(tmp_path: Path) -> None:
    world, config = host(tmp_path)
    spool = world.gm.spool
    older = ServiceRecord(pid=os.getpid(), since=SINCE, version=__version__, code="0" * 16)
    write_service_record(spool, older)
    note = (
        f"note: wtg serve (pid {os.getpid()}) runs other code than this wtg: if wtg was "
        "installed again since it started, restart it once the upgrade is done (`systemctl "
        "restart wtg`) to run this one; if this wtg is another install than the service's, "
        "the service goes on with its own"
    )
    for args in (("upgrade", "--check"), ("upgrade",)):
        lines = wtg(config, *args).output.splitlines()
        assert lines[-1] == note
        assert lines[-2].startswith(f"wtg {args[0]}")
    write_service_record(spool, ServiceRecord(**{**older.__dict__, "code": code_print()}))
    assert note not in wtg(config, "upgrade", "--check").output
