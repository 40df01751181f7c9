"""A `wtg serve` that runs the code it started with, after wtg was installed again under the
same version (a ``git pull`` in its checkout, a ``pip install`` of this project, whose
version is 0.1.0 every round): `wtg status --host` says to restart it (newgm47). Its record
held the version alone, and the line that says "restart the service to run it" compared
versions, so it never came: the service went on with the old code, and the GM who followed
docs/gm.md, "Upgrading wtg", was told nothing."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from datetime import datetime, timezone
from pathlib import Path

from tests.service.hostcli import host, wtg
from wtg import __version__
from wtg.host.servicerecord import (
    SERVICE_FILE,
    ServiceRecord,
    code_folder,
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
"""Said of both, where the service's record keeps no folder (a wtg before round 48): a
`status --host` of another install than the service's was told wtg was installed again,
which had not happened (words47)."""
INSTALLED_AGAIN = (
    " (it runs other code than this wtg, of the same version: wtg was installed again since "
    "the service started, and `systemctl restart wtg` runs the new code)"
)
"""Said of a service whose own folder's code changed since it started."""
SINCE = datetime(2026, 12, 7, 15, 0, tzinfo=timezone.utc)


def older_wtg(tmp_path: Path) -> Path:
    """A copy of this wtg with one line more, as the checkout was before a ``git pull``:
    the folder to give as PYTHONPATH."""
    folder = tmp_path / "older"
    shutil.copytree(PACKAGE, folder / "wtg", ignore=shutil.ignore_patterns("__pycache__"))
    init = folder / "wtg" / "__init__.py"
    init.write_text(init.read_text(encoding="utf-8") + "# the wtg before the pull\n")
    return folder


def pulled(folder: Path) -> None:
    """The wtg in ``folder`` changed in place, as a ``git pull`` in its checkout changes it
    (or ``pip install`` of the same version over it)."""
    init = folder / "wtg" / "__init__.py"
    init.write_text(init.read_text(encoding="utf-8") + "# the wtg after the pull\n")


@contextlib.contextmanager
def serving(tmp_path: Path, spool: Path, config: Path, folder: Path) -> Iterator[ServiceRecord]:
    """`wtg serve` of the wtg in ``folder`` (its PYTHONPATH) while the block runs: the record
    it wrote, once it has."""
    env = {
        **os.environ,
        "PYTHONPATH": str(folder),
        "PYTHONDONTWRITEBYTECODE": "1",
        "WTG_CONFIG": str(config),
    }
    env.pop("NOTIFY_SOCKET", None)
    service = subprocess.Popen(
        [sys.executable, "-m", "wtg", "serve", "--log-file", str(tmp_path / "serve.log")],
        env=env,
        cwd=tmp_path,  # `-m` puts the current folder first: not this checkout's wtg
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for(lambda: (spool / SERVICE_FILE).exists())
        record = read_service_record(spool)
        assert record is not None and record.pid == service.pid
        yield record
    finally:
        service.send_signal(signal.SIGTERM)
        assert service.wait(timeout=60) == 0


def wait_for(done: Callable[[], bool], seconds: float = 60.0) -> None:
    begin = time.monotonic()
    while not done():
        assert time.monotonic() - begin < seconds, "the service did not start"
        time.sleep(0.1)


def status_of(folder: Path, config: Path, tmp_path: Path, *args: str) -> str:
    """`wtg status --host` of the wtg in ``folder``: what it prints."""
    env = {**os.environ, "PYTHONPATH": str(folder), "PYTHONDONTWRITEBYTECODE": "1"}
    env["WTG_CONFIG"] = str(config)
    run = subprocess.run(
        [sys.executable, "-m", "wtg", "status", "--host", *args],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    return run.stdout


def test_a_service_started_before_wtg_was_installed_again_is_to_restart(tmp_path: Path) -> None:
    """The service's own wtg, changed in place since it started (a ``git pull`` in its
    checkout): its `status --host` says to restart it, and nothing of another install."""
    world, config = host(tmp_path)
    folder = older_wtg(tmp_path)
    with serving(tmp_path, world.gm.spool, config, folder) as record:
        assert record.folder == str((folder / "wtg").resolve())
        pulled(folder)
        first = status_of(folder, config, tmp_path).splitlines()[0]
        assert first.startswith(f"service: running, pid {record.pid}, since ")
        assert first.endswith(f", wtg {record.version}{INSTALLED_AGAIN}"), first
        data = json.loads(status_of(folder, config, tmp_path, "--json"))["service"]
        assert data["runs_other_code"] is True
        assert data["folder"] == record.folder
        assert data["other_install"] is False
        # a reload writes the record again: the code it runs is still the code it started
        # with (the record took the pulled code's print, and the line to restart went)
        os.kill(record.pid, signal.SIGHUP)
        log = tmp_path / "serve.log"
        wait_for(lambda: "the config was reloaded" in log.read_text(encoding="utf-8"))
        again = read_service_record(world.gm.spool)
        assert again is not None and again.code == record.code
        first = status_of(folder, config, tmp_path).splitlines()[0]
        assert first.endswith(f", wtg {record.version}{INSTALLED_AGAIN}"), first


def test_a_service_of_another_install_is_not_told_to_restart(tmp_path: Path) -> None:
    """A service run from another install than the wtg a `status --host` is given from (a
    checkout beside the venv's wtg): it said the service was to restart if wtg was
    installed again, and a restart ran the same install, whose line came back: the GM at
    2 a.m. restarted it for ever. It says the service's folder and this wtg's."""
    world, config = host(tmp_path)
    folder = older_wtg(tmp_path)
    with serving(tmp_path, world.gm.spool, config, folder) as record:
        assert record.code != code_print()
        assert record.another_install()
        first = wtg(config, "status", "--host").stdout.splitlines()[0]
        theirs = (folder / "wtg").resolve()
        assert first.endswith(
            f", wtg {record.version} (it runs the wtg in {theirs}, another install than this "
            f"wtg's, in {PACKAGE}: a restart runs that one again; its own `wtg status --host` "
            "says whether it runs the code installed there)"
        ), first
        assert "restart wtg`" not in first
        data = json.loads(wtg(config, "status", "--host", "--json").stdout)["service"]
        assert (data["runs_other_code"], data["other_install"]) == (True, True)
        assert data["folder"] == str(theirs)


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


def test_wtg_upgrade_says_which_of_the_two_a_record_with_its_folder_is(tmp_path: Path) -> None:
    """A record that keeps its wtg's folder tells a reinstall in place from another install:
    `wtg upgrade` says to restart the one, and of the other that a restart runs it again."""
    world, config = host(tmp_path)
    spool = world.gm.spool
    here = ServiceRecord(
        pid=os.getpid(), since=SINCE, version=__version__, code="0" * 16, folder=code_folder()
    )
    write_service_record(spool, here)
    assert read_service_record(spool) == here
    assert wtg(config, "upgrade", "--check").output.splitlines()[-1] == (
        f"note: wtg serve (pid {os.getpid()}) runs other code than this wtg: wtg was installed "
        "again since it started; restart it once the upgrade is done (`systemctl restart "
        "wtg`) to run this one"
    )
    theirs = str(older_wtg(tmp_path) / "wtg")
    write_service_record(spool, ServiceRecord(**{**here.__dict__, "folder": theirs}))
    assert wtg(config, "upgrade", "--check").output.splitlines()[-1] == (
        f"note: wtg serve (pid {os.getpid()}) runs the wtg in {theirs}, another install than "
        f"this one, in {PACKAGE}: a restart runs that one again, and it goes on with its own "
        "code (`wtg serve --unit` of this wtg prints a unit that runs this one)"
    )
