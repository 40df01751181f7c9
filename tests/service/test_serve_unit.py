"""The systemd unit shipped with wtg (wtg/serve/wtg.service), printed by `wtg serve --unit`
for this install, and checked by systemd's own `systemd-analyze verify`."""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import sys
from pathlib import Path

from tests.service.week import make_host
from tests.unavailable import unavailable
from wtg.serve.unit import quoted, running_checkout, unit_text

WTG = str(Path(sys.executable).with_name("wtg"))
PACKAGE = Path(__file__).resolve().parents[2] / "wtg"
CHECKOUT = running_checkout()
"""Where the tests' wtg is imported from when the venv's Python does not import it itself (a
worktree given by PYTHONPATH): the units the tests' `wtg` prints name it."""


def environment(*words: str) -> str:
    """The unit's Environment= line the tests' `wtg` prints, of these words."""
    given = [*words, *([quoted(f"PYTHONPATH={CHECKOUT}")] if CHECKOUT else [])]
    return "Environment=" + " ".join(given)


def verify(unit: Path) -> subprocess.CompletedProcess[str]:
    """`systemd-analyze verify` on the unit; skipped, saying why, where systemd is not
    installed (CI installs it: .ci/run)."""
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        unavailable("systemd-analyze is not installed: apt-get install systemd")
    return subprocess.run(
        [analyze, "verify", str(unit)], capture_output=True, text=True, check=False
    )


def test_serve_unit_prints_the_unit_of_this_install(tmp_path: Path) -> None:
    config = make_host(tmp_path / "my host")
    printed = subprocess.run(
        [WTG, "--config", str(config), "serve", "--unit"],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
    )
    lines = printed.stdout.splitlines()
    owner = pwd.getpwuid((tmp_path / "my host" / "games").stat().st_uid).pw_name
    assert f"ExecStart={WTG} serve" in lines
    assert environment(f'"WTG_CONFIG={config}"') in lines  # a path with a space, quoted
    assert f"User={owner}" in lines
    assert "Type=notify" in lines and "ExecReload=kill -HUP $MAINPID" in lines
    assert any(line.startswith("WatchdogSec=") for line in lines)
    unit = tmp_path / "wtg.service"
    unit.write_text(printed.stdout, encoding="utf-8")
    checked = verify(unit)
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout + checked.stderr == ""  # not a warning


def test_the_unit_names_the_config_by_a_tidy_path(tmp_path: Path) -> None:
    """A config given from the games folder (`--config ../wtg.yaml`, WTG_CONFIG=../wtg.yaml)
    is written into the unit by its own path: it said WTG_CONFIG=/srv/wtg/games/../wtg.yaml,
    a path the GM reading the unit has to work out (and wrong once games/ is a link)."""
    config = make_host(tmp_path / "host")
    games = tmp_path / "host" / "games"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "link").symlink_to(games)  # ../ from a link: the link's target's parent
    env = {k: v for k, v in os.environ.items() if k != "WTG_CONFIG"}
    for folder, given in (
        (games, "../wtg.yaml"),
        (games, "./../wtg.yaml"),
        (elsewhere, "link/../wtg.yaml"),
    ):
        printed = subprocess.run(
            [WTG, "--config", given, "serve", "--unit"],
            capture_output=True,
            text=True,
            check=True,
            cwd=folder,
            env=env,
        )
        assert environment(f"WTG_CONFIG={config.resolve()}") in printed.stdout.splitlines(), given
    linked = tmp_path / "linked"
    linked.symlink_to(tmp_path / "host")  # a link the GM gave without ..: kept as given
    printed = subprocess.run(
        [WTG, "--config", str(linked / "wtg.yaml"), "serve", "--unit"],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    assert environment(f"WTG_CONFIG={linked / 'wtg.yaml'}") in printed.stdout.splitlines()


def test_the_unit_of_a_wtg_run_from_a_checkout_runs_that_checkout(tmp_path: Path) -> None:
    """A GM who runs wtg from a clone (`python -m wtg` with PYTHONPATH, or in the clone's
    folder) got a unit whose ExecStart was the venv's `wtg`, which imports the wtg installed
    there, or none: the service ran another wtg than his, and a `git pull` in the clone
    never reached it (newgm47). The unit gives the checkout by PYTHONPATH and runs the
    Python that ran `--unit`, as `python -m wtg`."""
    config = make_host(tmp_path / "host")
    checkout = tmp_path / "my clone"
    shutil.copytree(PACKAGE, checkout / "wtg", ignore=shutil.ignore_patterns("__pycache__"))
    bare = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "WTG_"))}
    for cwd, env in (
        (tmp_path, {**bare, "PYTHONPATH": str(checkout)}),
        (checkout, bare),  # `python -m wtg` run in the clone's folder
    ):
        printed = subprocess.run(
            [sys.executable, "-m", "wtg", "--config", str(config), "serve", "--unit"],
            capture_output=True,
            text=True,
            check=True,
            cwd=cwd,
            env=env,
        )
        lines = printed.stdout.splitlines()
        assert f"ExecStart={sys.executable} -m wtg serve" in lines, cwd
        assert f'Environment=WTG_CONFIG={config} "PYTHONPATH={checkout}"' in lines, cwd
    unit = tmp_path / "wtg.service"
    unit.write_text(printed.stdout, encoding="utf-8")
    checked = verify(unit)
    assert checked.returncode == 0, checked.stderr
    # what the service imports, started as systemd starts it: in /, with the unit's variables
    imported = subprocess.run(
        [sys.executable, "-c", "import wtg; print(wtg.__file__)"],
        capture_output=True,
        text=True,
        check=True,
        cwd="/",
        env={**bare, "WTG_CONFIG": str(config), "PYTHONPATH": str(checkout)},
    )
    assert imported.stdout.strip() == str(checkout / "wtg" / "__init__.py")


def test_a_broken_unit_is_what_the_check_would_catch(tmp_path: Path) -> None:
    """The check reads the unit as systemd does: a wrong line is named (so the test above
    would fail on one)."""
    text = unit_text(Path(WTG), tmp_path / "wtg.yaml", "root").replace(
        "Type=notify", "Type=notifyish"
    )
    unit = tmp_path / "wtg.service"
    unit.write_text(text, encoding="utf-8")
    checked = verify(unit)
    assert "notifyish" in checked.stdout + checked.stderr


def test_serve_unit_needs_a_config_and_a_good_one(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "WTG_CONFIG"}
    none = subprocess.run([WTG, "serve", "--unit"], capture_output=True, text=True, env=env)
    assert none.returncode == 1 and none.stderr.startswith("wtg: no config:")
    bad = tmp_path / "wtg.yaml"
    bad.write_text("games_dir: games\nsite: {base_url: x}\n", encoding="utf-8")
    broken = subprocess.run(
        [WTG, "--config", str(bad), "serve", "--unit"], capture_output=True, text=True, env=env
    )
    assert broken.returncode == 1
    assert "site.dir: missing" in broken.stderr and broken.stdout == ""


def test_words_of_a_unit_are_quoted_as_systemd_reads_them() -> None:
    assert quoted("/opt/wtg/bin/wtg") == "/opt/wtg/bin/wtg"
    assert quoted("WTG_CONFIG=/srv/my host/wtg.yaml") == '"WTG_CONFIG=/srv/my host/wtg.yaml"'
    assert quoted("/srv/100%/wtg") == "/srv/100%%/wtg"
    assert quoted('/a"b\\c') == '"/a\\"b\\\\c"'


def test_serve_in_a_broken_host_is_one_line(tmp_path: Path) -> None:
    """`wtg serve` itself (which runs on when it can: tests/test_broken_environments.py
    tries `serve --unit`) refuses a games folder it cannot serve in one line, as every
    command does, and so does `serve --unit`."""
    config = tmp_path / "wtg.yaml"
    config.write_text("games_dir: gmaes\nfrom: gm@example.org\n", encoding="utf-8")
    for args in (("serve",), ("serve", "--unit")):
        done = subprocess.run(
            [WTG, "--config", str(config), *args],
            capture_output=True,
            text=True,
            check=False,
            cwd=tmp_path,  # the config's folder: no word of what a relative games_dir is read in
        )
        assert done.returncode == 1 and done.stdout == ""
        assert done.stderr.splitlines() == [
            f"wtg: the games folder {tmp_path / 'gmaes'} (games_dir of {config}) does not "
            "exist: correct it, or make a new host with `wtg init DIR`"
        ]
