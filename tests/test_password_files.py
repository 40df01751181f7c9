"""Issue 25, item 19: a password file looser than 0600 is named by `check-config` (a FAIL)
and by `poll` (a warning on stderr, which cron mails; the poll goes on)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from wtg.cli import main
from wtg.host import config as config_module
from wtg.host.config import GmConfig

CONFIG = """\
games_dir: games
transport: maildir
imap: {host: 127.0.0.1, port: 1, username: gm, password_file: imap-password}
smtp: {host: 127.0.0.1, port: 1, username: gm, password_file: smtp-password}
"""


def host(root: Path, imap_mode: int, smtp_mode: int) -> Path:
    (root / "games").mkdir()
    for name, mode in (("imap-password", imap_mode), ("smtp-password", smtp_mode)):
        (root / name).write_text("secret\n", encoding="utf-8")
        os.chmod(root / name, mode)
    config = root / "wtg.yaml"
    config.write_text(CONFIG, encoding="utf-8")
    return config


def wtg(config: Path, *args: str) -> Result:
    return CliRunner().invoke(main, ["--config", str(config), *args])


def warned(result: Result) -> str:
    """The poll's stderr but its line on the servers these configs name under the maildir
    transport, which lets them poll without a server (tests/test_maildir_with_servers.py)."""
    lines = result.stderr.splitlines(keepends=True)
    servers = "wtg: warning: transport: maildir in "
    return "".join(line for line in lines if not line.startswith(servers))


def named(path: Path, mode: int, kind: str) -> str:
    return (
        f"{kind}.password_file {path} is mode {mode:04o}: others on this machine can read the "
        f"password; make it the GM's alone: chmod 600 {path}"
    )


@pytest.mark.parametrize("mode", [0o644, 0o640, 0o604, 0o660], ids=lambda mode: f"{mode:04o}")
def test_check_config_names_a_loose_password_file(tmp_path: Path, mode: int) -> None:
    """Issue 25, item 19: check-config said nothing of a password file others may read."""
    config = host(tmp_path, mode, 0o600)
    result = wtg(config, "check-config")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[1] == f"FAIL  {named(tmp_path / 'imap-password', mode, 'imap')}"
    assert "smtp.password_file" not in result.stdout


def test_poll_names_a_loose_password_file_and_goes_on(tmp_path: Path) -> None:
    """Issue 25, item 19: poll named nothing; now a warning a file, and it polls."""
    config = host(tmp_path, 0o600, 0o644)
    result = wtg(config, "poll")
    assert result.exit_code == 0, result.output
    assert warned(result) == f"wtg: warning: {named(tmp_path / 'smtp-password', 0o644, 'smtp')}\n"
    assert result.stdout == "filed 0, rejected 0, quarantined 0, ignored 0\n"


def test_private_password_files_are_not_named(tmp_path: Path) -> None:
    config = host(tmp_path, 0o600, 0o400)
    assert warned(wtg(config, "poll")) == ""
    assert ".password_file " not in wtg(config, "check-config").stdout


INLINE = """\
games_dir: games
transport: maildir
imap: {host: 127.0.0.1, port: 1, username: gm, password: secret}
smtp: {host: 127.0.0.1, port: 1, username: gm, password_file: smtp-password}
"""


def inline_host(root: Path, mode: int) -> Path:
    (root / "games").mkdir()
    (root / "smtp-password").write_text("secret\n", encoding="utf-8")
    os.chmod(root / "smtp-password", 0o600)
    config = root / "wtg.yaml"
    config.write_text(INLINE, encoding="utf-8")
    os.chmod(config, mode)
    return config


def named_config(config: Path, mode: int) -> str:
    return (
        f"the config {config} holds imap.password and is mode {mode:04o}: others on this "
        f"machine can read it; make it the GM's alone: chmod 600 {config} (or give a password "
        "in a password_file of mode 0600)"
    )


@pytest.mark.parametrize("mode", [0o644, 0o640], ids=lambda mode: f"{mode:04o}")
def test_a_config_others_may_read_with_a_password_in_it_is_named(tmp_path: Path, mode: int) -> None:
    """A password written in the config (`password:`, as docs/mail.md allows) in a config
    of mode 0644 (an editor's, a `cp`'s): check-config said `ok` and the poll nothing,
    where a password file of the same mode was named."""
    config = inline_host(tmp_path, mode)
    result = wtg(config, "check-config")
    assert result.exit_code == 1
    assert result.stdout.splitlines()[1] == f"FAIL  {named_config(config, mode)}"
    poll = wtg(config, "poll")
    assert poll.exit_code == 0, poll.output
    assert warned(poll) == f"wtg: warning: {named_config(config, mode)}\n"


def test_a_private_config_with_a_password_and_a_loose_one_without_are_not_named(
    tmp_path: Path,
) -> None:
    config = inline_host(tmp_path, 0o600)
    assert warned(wtg(config, "poll")) == ""
    assert "the config " not in wtg(config, "check-config").stdout
    config.write_text(INLINE.replace("password: secret", "password_file: smtp-password"))
    os.chmod(config, 0o644)  # no password in it: nothing secret to keep
    assert warned(wtg(config, "poll")) == ""


def missing(config: Path, monkeypatch: pytest.MonkeyPatch, cwd: Path) -> str:
    """What check-config says of the smtp password file, run in ``cwd``."""
    monkeypatch.chdir(cwd)
    checked = wtg(config, "check-config")
    assert checked.exit_code == 1
    (line,) = [line for line in checked.output.splitlines() if "smtp.password_file" in line]
    return line


def test_a_password_file_not_written_yet_says_how_to_make_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The key written, the file not yet: it said `No such file or directory` alone."""
    config = host(tmp_path, 0o600, 0o600)
    (tmp_path / "smtp-password").unlink()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    path = tmp_path / "smtp-password"
    assert missing(config, monkeypatch, elsewhere) == (
        f"FAIL  {config}, line 4: smtp.password_file: cannot read {path}: No such file or "
        f"directory: write the password into it, alone on its line, and make it yours alone: "
        f"chmod 600 {path}"
    )


def test_a_password_file_an_editor_named_otherwise_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`smtp-password.txt` (an editor's), never `imap-password`, which is close but another's."""
    config = host(tmp_path, 0o600, 0o600)
    (tmp_path / "smtp-password").rename(tmp_path / "smtp-password.txt")
    assert missing(config, monkeypatch, tmp_path).endswith(
        f"No such file or directory (did you mean {tmp_path / 'smtp-password.txt'}?)"
    )


def test_a_password_file_written_in_the_current_folder_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`echo ... > smtp-password` typed in the home folder, the config's folder elsewhere."""
    config = host(tmp_path, 0o600, 0o600)
    (tmp_path / "smtp-password").unlink()
    home = tmp_path / "home"
    home.mkdir()
    (home / "smtp-password").write_text("secret\n", encoding="utf-8")
    path = tmp_path / "smtp-password"
    assert missing(config, monkeypatch, home).endswith(
        f"No such file or directory: the current folder has one, {home / 'smtp-password'}; the "
        f"config reads {path} (a relative path is read from the config's folder): mv "
        f"{home / 'smtp-password'} {path}"
    )


def test_an_empty_password_file_is_named_and_the_poll_goes_on(tmp_path: Path) -> None:
    """`> smtp-password`, or `echo "$PASS" >` of a variable not set: the config read, the
    login refused later, and nothing said that the file held no password."""
    config = host(tmp_path, 0o600, 0o600)
    (tmp_path / "smtp-password").write_text("\n", encoding="utf-8")
    line = (
        f"smtp.password_file {tmp_path / 'smtp-password'} is empty: every login is refused; "
        "write the password into it, alone on its line"
    )
    checked = wtg(config, "check-config")
    assert checked.exit_code == 1
    assert checked.stdout.splitlines()[1] == f"FAIL  {line}"
    polled = wtg(config, "poll")
    assert polled.exit_code == 0, polled.output
    assert warned(polled) == f"wtg: warning: {line}\n"
    assert polled.stdout == "filed 0, rejected 0, quarantined 0, ignored 0\n"


def test_a_missing_smtp_password_file_stops_no_turn(tmp_path: Path) -> None:
    """An IMAP host whose smtp password file went missing (a slip of `mv`, a file not
    written yet): `wtg status` and every cron `run-turn --due` ended at the config, so no
    turn ran. They run; `status --host` says what is wrong, and a login says it too. The
    file's path is kept whole however wide (the host's folder deep): a file missing is no
    file there, and was cut as a stranger's word begun with a folder of the host's is, but
    the config names it: the GM's own."""
    root = tmp_path / ("the-gm-s-own-folder-" * 3)
    root.mkdir()
    config = host(root, 0o600, 0o600)
    config.write_text(CONFIG.replace("transport: maildir", "transport: imap"), encoding="utf-8")
    (root / "smtp-password").unlink()
    problem = (
        f"{config}, line 4: smtp.password_file: cannot read {root / 'smtp-password'}: No "
        "such file or directory: write the password into it, alone on its line, and make it "
        f"yours alone: chmod 600 {root / 'smtp-password'}"
    )
    looked = wtg(config, "status")
    assert looked.exit_code == 0, looked.output
    assert looked.stdout == f"no games in {root / 'games'}\n"
    due = wtg(config, "run-turn", "--due")
    assert due.exit_code == 0, due.output
    well = wtg(config, "status", "--host")
    assert well.exit_code == 0, well.output
    assert well.stdout.splitlines()[0] == (
        f"PASSWORD: {problem}; every login to that server fails until it is mended"
    )
    as_json = wtg(config, "status", "--host", "--json")
    assert json.loads(as_json.stdout)["password_problems"] == [problem]
    checked = wtg(config, "check-config")
    assert checked.exit_code == 1
    assert f"FAIL  {problem}" in checked.stdout.splitlines()


def test_status_host_reads_the_config_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`wtg status --host` read the config twice, once for its games folder and once for
    its passwords: a config edited in between gave a look of two configs, and each read
    tried the password files again. One read serves both."""
    config = host(tmp_path, 0o600, 0o600)
    (tmp_path / "smtp-password").unlink()
    read: list[Path] = []
    load = config_module.load_config

    def counted(path: Path) -> GmConfig:
        read.append(path)
        return load(path)

    monkeypatch.setattr(config_module, "load_config", counted)
    well = wtg(config, "status", "--host", "--json")
    assert well.exit_code == 0, well.output
    assert read == [config]
    problems = json.loads(well.stdout)["password_problems"]
    assert [p.split(": ")[0] for p in problems] == [f"{config}, line 4"]


def test_a_password_file_whose_name_the_config_misspells_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`password_file: smtp-pasword`, the file `smtp-password` beside it (newgm47): it said
    to write the password into the misspelt file, a second copy, the key left wrong. A
    letter left out, one more, another one, two swapped; `imap-password` beside is not."""
    config = host(tmp_path, 0o600, 0o600)
    path = tmp_path / "smtp-password"
    for typo in ("smtp-pasword", "smtp-passsword", "smtp-passwort", "smtp-passowrd"):
        config.write_text(config.read_text().replace("smtp-password", typo))
        assert missing(config, monkeypatch, tmp_path).endswith(
            f"cannot read {tmp_path / typo}: No such file or directory (did you mean {path}?)"
        ), typo
        config.write_text(config.read_text().replace(typo, "smtp-password"))
    path.rename(tmp_path / "smtp-passwords-old")  # two letters apart: not offered
    assert "did you mean" not in missing(config, monkeypatch, tmp_path)
