"""What `wtg serve` tells the GM when something goes wrong, where he looks (the GM's trial of
service37): a password file others may read is in the service's log (it went to stderr
alone, which a service with --log-file never shows) and in `wtg status --host`; the
log's `wtg check-config` hints carry the --config the service was started with; a service
that stops on an error (its games folder moved, or an error it could not go on after) is
recorded as one, and `wtg status --host` says what stopped it and what to mend first (it
said "stopped at ...: `systemctl start wtg` starts it again", as after a stop the GM asked
for); each trouble mended, the next start says no more of it."""

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
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tests.mail.servers import refused_port
from tests.service.week import START, SimClock, make_host
from wtg.cli import main
from wtg.cli.logs import start_logging
from wtg.host.config import load_config
from wtg.host.servicerecord import read_stopped_service
from wtg.logs.addresses import without_addresses
from wtg.serve.service import Service

WTG = str(Path(sys.executable).with_name("wtg"))
WITHIN = 60.0
"""Seconds a test waits for what the service does at once (its first poll)."""
HOUR = timedelta(hours=1)
GM = "gm@example.org"


@pytest.fixture(autouse=True)
def _quiet_again() -> Iterator[None]:
    yield
    start_logging("text", None, None)


def until(done: Callable[[], bool]) -> None:
    begin = time.monotonic()
    while not done():
        assert time.monotonic() - begin < WITHIN, "not within the time"
        time.sleep(0.05)


def wtg(*args: str, env: dict[str, str] | None = None) -> Result:
    result = CliRunner(env=env).invoke(main, [*args], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result


@pytest.fixture
def nowhere() -> Iterator[tuple[int, int]]:
    """Two ports where nothing listens while the test lasts (``refused_port``): those of
    the IMAP and the SMTP server of ``mail_host``."""
    with refused_port() as imap, refused_port() as smtp:
        yield imap, smtp


def mail_host(root: Path, ports: tuple[int, int]) -> Path:
    """A host whose mail servers are not there (nothing listens on their ``ports``, IMAP's
    and SMTP's), its IMAP password in a file of mode 0644, as a GM's `echo secret >
    imap-password` makes it."""
    (root / "games").mkdir(mode=0o700)
    for name, mode in (("imap-password", 0o644), ("smtp-password", 0o600)):
        (root / name).write_text("secret-123\n", encoding="utf-8")
        (root / name).chmod(mode)
    config = root / "wtg.yaml"
    config.write_text(
        f'games_dir: games\ntransport: imap\nfrom: "{GM}"\n'
        f"imap: {{host: 127.0.0.1, port: {ports[0]}, username: {GM}, "
        "password_file: imap-password}\n"
        f"smtp: {{host: 127.0.0.1, port: {ports[1]}, username: {GM}, "
        "password_file: smtp-password}\n",
        encoding="utf-8",
    )
    config.chmod(0o600)
    return config


def serve_until_it_polled(root: Path, log: Path, *given: str, env: dict[str, str]) -> str:
    """`wtg [given] serve --log-file LOG` until its first poll failed, then SIGTERM: the
    lines it added to the log."""
    before = log.read_text(encoding="utf-8") if log.exists() else ""
    process = subprocess.Popen(
        [WTG, *given, "serve", "--log-file", str(log)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, **env, "TZ": "UTC"},
        cwd=root,
    )

    def logged() -> str:
        return log.read_text(encoding="utf-8")[len(before) :] if log.exists() else ""

    try:
        until(lambda: "cannot reach the mail server" in logged() or process.poll() is not None)
    finally:
        process.send_signal(signal.SIGTERM)
        _out, err = process.communicate(timeout=WITHIN)
    assert process.returncode == 0, err
    return logged()


def test_a_loose_password_file_is_in_the_log_and_status_and_the_hints_carry_the_config(
    tmp_path: Path, nowhere: tuple[int, int]
) -> None:
    config = mail_host(tmp_path, nowhere)
    log = tmp_path / "serve.log"
    password = tmp_path / "imap-password"
    without = {"WTG_CONFIG": ""}
    logged = serve_until_it_polled(tmp_path, log, "--config", str(config), env=without)

    loose = (
        f"imap.password_file {password} is mode 0644: others on this machine can read the "
        f"password; make it the GM's alone: chmod 600 {password}"
    )
    assert f" WARNING {loose}\n" in logged, logged
    polls = [line for line in logged.splitlines() if "cannot reach the mail server" in line]
    assert polls and all(
        f"(the server is down, or imap.host or imap.port is wrong: `wtg --config {config} "
        "check-config` tries it); trying again in " in line
        for line in polls
    ), polls
    assert "poll failed" not in logged  # the poll's one line, not two
    assert "secret-123" not in logged

    shown = wtg("--config", str(config), "status", "--host", env=without).stdout
    assert f"PASSWORD: {loose}" in " ".join(shown.split())
    data = json.loads(wtg("--config", str(config), "status", "--host", "--json").stdout)
    assert data["password_warnings"] == [loose]
    assert data["password_problems"] == []

    password.chmod(0o600)  # mended; started again as the unit starts it, by WTG_CONFIG
    again = serve_until_it_polled(tmp_path, log, env={"WTG_CONFIG": str(config)})
    assert "is mode 0644" not in again
    assert "imap.port is wrong: `wtg check-config` tries it); trying again in " in again
    assert "PASSWORD" not in wtg("--config", str(config), "status", "--host").stdout
    assert (
        json.loads(wtg("--config", str(config), "status", "--host", "--json").stdout)[
            "password_warnings"
        ]
        == []
    )


def status_of(games: Path) -> tuple[str, dict[str, object]]:
    """`wtg status --host` of the games folder ``games``: its service line (unwrapped) and
    JSON."""
    shown = wtg("--games-dir", str(games), "status", "--host").stdout
    head, _poll = shown.split("\nlast poll: ")  # a long path wraps the line: one again
    line = " ".join(head.split())
    data = json.loads(wtg("--games-dir", str(games), "status", "--host", "--json").stdout)
    service = data["service"]
    assert isinstance(service, dict)
    return line, service


def test_a_service_stopped_by_its_games_folder_moved_away_is_recorded_as_an_error_exit(
    tmp_path: Path,
) -> None:
    gm = load_config(make_host(tmp_path, site=False))
    moved = tmp_path / "games-moved"
    clock = SimClock(START, START + 5 * HOUR)
    service = Service(gm, clock, zone=timezone.utc)
    clock.on_end = service.stop

    def move() -> None:
        gm.games_dir.rename(moved)

    clock.at(START + 30 * timedelta(minutes=1), move)
    service.run()
    assert service.gone is not None

    stopped = read_stopped_service(moved / ".mail")  # where the GM reads it, moved
    assert stopped is not None and stopped.error == service.gone
    line, data = status_of(moved)
    assert line.startswith("service: STOPPED ON AN ERROR at ")
    wanted = (
        f"): {service.gone} (mend that first; then `systemctl start wtg`, or `wtg --games-dir "
        f"{moved} serve`, starts it again)"
    )
    assert "".join(line.split()).endswith("".join(wanted.split())), line  # a long path is cut
    assert "killed" not in line and "NOT running" not in line  # not said as a kill
    assert (data["running"], data["gone_pid"], data["stopped_error"]) == (False, None, service.gone)

    # games_dir corrected, the service started again and stopped as a service stops
    later = SimClock(START, START + HOUR)
    again = Service(gm.replaced(games_dir=moved), later, zone=timezone.utc)
    later.on_end = again.stop
    again.run()
    line, data = status_of(moved)
    assert line.startswith("service: stopped at ") and "ERROR" not in line
    assert f"`systemctl start wtg` (or `wtg --games-dir {moved} serve`) starts it again" in line
    assert data["stopped_error"] is None


def test_a_copy_of_its_record_in_the_folder_put_in_its_place_says_the_error_too(
    tmp_path: Path,
) -> None:
    """A `wtg restore` of a backup made while the service ran, swapped in under it: the
    copy of its record there said the service ran, then that it was stopped as asked."""
    gm = load_config(make_host(tmp_path, site=False))
    aside = tmp_path / "games-old"
    clock = SimClock(START, START + 5 * HOUR)
    service = Service(gm, clock, zone=timezone.utc)
    clock.on_end = service.stop

    def swap() -> None:
        shutil.copytree(gm.games_dir, tmp_path / "restored")
        gm.games_dir.rename(aside)
        (tmp_path / "restored").rename(gm.games_dir)

    clock.at(START + 30 * timedelta(minutes=1), swap)
    service.run()

    assert service.gone is not None and "is another folder than" in service.gone
    for games in (aside, gm.games_dir):
        line, data = status_of(games)
        assert line.startswith("service: STOPPED ON AN ERROR at "), (games, line)
        assert data["stopped_error"] == service.gone


class Broken(SimClock):
    def wait(self, until: datetime, inbox: object, wake: object) -> bool:
        raise RuntimeError("the clock broke")


def test_an_error_the_service_cannot_go_on_after_is_recorded_with_its_words(
    tmp_path: Path,
) -> None:
    gm = load_config(make_host(tmp_path, site=False))
    service = Service(gm, Broken(START, START + HOUR), zone=timezone.utc)
    with pytest.raises(RuntimeError):
        service.run()
    stopped = read_stopped_service(gm.spool)
    assert stopped is not None and stopped.error == "RuntimeError: the clock broke"
    line, data = status_of(gm.games_dir)
    assert line.startswith("service: STOPPED ON AN ERROR at ")
    assert "RuntimeError: the clock broke (mend that first; then `systemctl start wtg`" in line
    assert data["stopped_error"] == "RuntimeError: the clock broke"


def test_a_failed_polls_line_keeps_the_gms_own_addresses_and_hides_the_others() -> None:
    """The line shows the login to mend (it was `<address>` in the first of the two lines,
    whole in the second); a player's address a server's words quote stays hidden."""
    text = "refused the login as GM@Example.org: 550 <ann@players.example> (from gm@example.org)"
    kept = "refused the login as GM@Example.org: 550 <address> (from gm@example.org)"
    assert without_addresses(text, keep=("Games Master <gm@example.org>",)) == kept
    assert (
        without_addresses(text) == "refused the login as <address>: 550 <address> (from <address>)"
    )


class Leaking(SimClock):
    def wait(self, until: datetime, inbox: object, wake: object) -> bool:
        raise RuntimeError("no mailbox for ann@players.example (asked by gm@wtg.example)")


def test_the_log_line_of_an_error_exit_hides_a_players_address(tmp_path: Path) -> None:
    """The error's words go to the log as every other line does: a player's address they
    quote hidden, the GM's own kept (the line logged them whole); the record keeps them."""
    gm = load_config(make_host(tmp_path, site=False))
    log = tmp_path / "serve.log"
    start_logging("text", "info", str(log))
    service = Service(gm, Leaking(START, START + HOUR), zone=timezone.utc)
    with pytest.raises(RuntimeError):
        service.run()
    (line,) = [s for s in log.read_text().splitlines() if "stopped on an error" in s]
    assert line.endswith(
        "wtg serve stopped on an error: RuntimeError: no mailbox for <address> (asked by "
        "gm@wtg.example)"
    ), line
    stopped = read_stopped_service(gm.spool)
    assert stopped is not None and "ann@players.example" in stopped.error


def test_a_username_in_quotes_is_kept_when_it_is_the_gms_and_hidden_after_its_quote() -> None:
    """The refused-login line names the username as Python shows a string, in quotes: the
    quote before it was taken for the address's own first letter, so the GM's username was
    hidden (``<address>'``) in the line that asks him to mend it."""
    text = "the username 'gm@example.org' from the config; 'ann@players.example' wrote"
    assert without_addresses(text, keep=("gm@example.org",)) == (
        "the username 'gm@example.org' from the config; '<address>' wrote"
    )
    assert without_addresses("o'brien@players.example") == "<address>"


def test_an_address_in_backquotes_is_kept_when_it_is_the_gms_and_hidden_inside_them() -> None:
    """An address a line quotes in backquotes, as a hint names a login (`gm@example.org`),
    was taken with its first backquote for the address: a player's logged as
    ``<address>` `` (one backquote left), the GM's own hidden. Kept as the quote's are."""
    text = "login `gm@example.org` refused; `ann@players.example` wrote"
    assert without_addresses(text, keep=("gm@example.org",)) == (
        "login `gm@example.org` refused; `<address>` wrote"
    )
    assert without_addresses("'`ann@players.example`'") == "'`<address>`'"


class _Stopped:
    """A service that stops at once: `wtg serve`'s start alone is looked at."""

    gone: str | None = None

    def __init__(self, *args: object, **kwargs: object) -> None:
        pass

    def run(self) -> None:
        pass


@pytest.mark.parametrize("level", ["error", "warning"])
def test_a_loose_password_file_is_on_stderr_whatever_the_log_level(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, level: str, nowhere: tuple[int, int]
) -> None:
    """`wtg serve --log-level error` at a terminal said nothing of a password file of mode
    0644: the warning went to the log alone (since round 38), whose level left it out. It
    is on stderr then; at a level that logs it, the log (stderr) says it once."""
    import wtg.serve.service

    config = mail_host(tmp_path, nowhere)
    monkeypatch.setattr(wtg.serve.service, "Service", _Stopped)
    monkeypatch.setattr(wtg.serve.service, "signals_to", lambda service: contextlib.nullcontext())
    ran = CliRunner().invoke(
        main, ["--config", str(config), "serve", "--log-level", level], catch_exceptions=False
    )
    assert ran.exit_code == 0, ran.output
    said = [line for line in ran.stderr.splitlines() if "is mode 0644" in line]
    assert len(said) == 1, ran.stderr
    assert str(tmp_path / "imap-password") in said[0]
