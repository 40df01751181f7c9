"""A config edited while `wtg serve` runs: the service goes on with the config it read until
it is reloaded (SIGHUP), and `wtg status --host` says so (newgm48). Before, the GM edited
the From (or the SMTP server) at 2 a.m., `wtg check-config` passed the file, `status --host`
said nothing, and the service went on mailing as before."""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path

from tests.service.hostcli import host, wtg
from tests.service.test_serve_code_installed_again import serving, wait_for
from wtg.host.servicerecord import read_service_record, text_print

CHECKOUT = Path(__file__).resolve().parents[2]


def edited_line(config: Path, pid: int) -> str:
    return (
        f" (its config {config} was edited since the service read it, and the service runs "
        f"the config as it was: `systemctl reload wtg` (or `kill -HUP {pid}`) reads it again "
        "once `wtg check-config` passes it; a new games_dir takes `systemctl restart wtg`)"
    )


def test_a_config_edited_while_the_service_runs_is_said_until_it_is_reloaded(
    tmp_path: Path,
) -> None:
    world, config = host(tmp_path)
    spool = world.gm.spool
    spool.chmod(0o700)  # as `wtg init` makes it: check-config FAILs a spool others read
    first_text = config.read_text(encoding="utf-8")
    log = tmp_path / "serve.log"
    with serving(tmp_path, spool, config, CHECKOUT) as record:
        pid = record.pid
        assert record.config == str(config)
        assert record.config_print == text_print(first_text)
        first = wtg(config, "status", "--host").stdout.splitlines()[0]
        assert "edited" not in first
        data = json.loads(wtg(config, "status", "--host", "--json").stdout)["service"]
        assert data["config_edited"] is False

        # the From edited: the file passes, the service runs the old one
        config.write_text(first_text.replace("from:", "# the new From\nfrom:"), encoding="utf-8")
        checked = wtg(config, "check-config").output.splitlines()
        assert not [line for line in checked if line.startswith("FAIL")]
        assert checked[1] == (
            f"note  wtg serve (pid {pid}) runs this config as it read it, not as it "
            "reads now (edited since): once the lines here pass, `systemctl reload wtg` (or "
            f"`kill -HUP {pid}`) reads it again; a new games_dir takes `systemctl "
            "restart wtg`"
        )
        first = wtg(config, "status", "--host").stdout.splitlines()[0]
        assert first.startswith(f"service: running, pid {pid}, since ")
        assert first.endswith(edited_line(config, pid))
        data = json.loads(wtg(config, "status", "--host", "--json").stdout)["service"]
        assert data["config_edited"] is True

        # reloaded: the record names the config read now, and the note goes
        os.kill(pid, signal.SIGHUP)
        wait_for(lambda: "the config was reloaded" in log.read_text(encoding="utf-8"))
        again = read_service_record(spool)
        assert again is not None and again.pid == pid
        assert again.config_print == text_print(config.read_text(encoding="utf-8"))
        first = wtg(config, "status", "--host").stdout.splitlines()[0]
        assert "edited" not in first
        data = json.loads(wtg(config, "status", "--host", "--json").stdout)["service"]
        assert data["config_edited"] is False
        assert "wtg serve (pid" not in wtg(config, "check-config").output
