"""docs/gm.md, "Running a host": every command its `wtg serve` part shows is run here (the
systemd ones as far as a test may: the unit written where it says, checked by
systemd-analyze, its name the one systemctl and journalctl are given), and its config
lines are a config wtg reads."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import yaml

from tests.service.test_serve_unit import verify
from tests.service.week import make_host
from wtg.host.config import config_from_data

DOC = Path(__file__).resolve().parents[2] / "docs" / "gm.md"
HOST = "/srv/wtg/wtg.yaml"
WTG = str(Path(sys.executable).with_name("wtg"))
SYSTEMD = {
    ("systemctl", "daemon-reload"),
    ("systemctl", "enable", "--now", "UNIT"),
    ("systemctl", "status", "UNIT"),
    ("journalctl", "-u", "UNIT", "-f"),
}
"""The systemd commands the section may show (UNIT: the unit's name)."""


def section(heading: str = "## Running a host") -> str:
    """The section's part on `wtg serve`: its opening and "wtg serve under systemd", up to
    the next subsection (the host's health, backups and upgrades have tests of their own)."""
    text = DOC.read_text(encoding="utf-8")
    start = text.index(heading)
    systemd = text.index("### wtg serve under systemd", start)
    return text[start : text.index("\n### ", systemd)]


def blocks(kind: str) -> list[list[str]]:
    found = re.findall(rf"^```{kind}\n(.*?)^```", section(), flags=re.S | re.M)
    return [[line for line in body.splitlines() if line.strip()] for body in found]


def test_the_unit_commands_of_running_a_host_run(tmp_path: Path) -> None:
    config = make_host(tmp_path / "host")
    (sh,) = blocks("sh")
    unit_name = None
    for line in sh:
        words = shlex.split(line)
        if words[0] == "wtg":
            assert ">" in words, line
            at = words.index(">")
            target = Path(words[at + 1])
            assert target.parent == Path("/etc/systemd/system"), line
            args = [config if w == HOST else w for w in words[1:at]]
            printed = subprocess.run(
                [WTG, *map(str, args)], capture_output=True, text=True, check=True
            )
            written = tmp_path / target.name
            written.write_text(printed.stdout, encoding="utf-8")
            checked = verify(written)
            assert checked.returncode == 0 and checked.stdout + checked.stderr == ""
            unit_name = target.name.removesuffix(".service")
            continue
        assert unit_name is not None, f"{line}: before the unit is written"
        shown = tuple("UNIT" if w in (unit_name, f"{unit_name}.service") else w for w in words)
        assert shown in SYSTEMD, line


def test_the_site_lines_of_running_a_host_are_a_config(tmp_path: Path) -> None:
    (lines,) = blocks("yaml")
    gm = config_from_data(yaml.safe_load("\n".join(lines)), tmp_path)
    assert gm.site is not None and gm.site.dir == Path("/var/www/wtg")
    assert gm.site.base_url == "https://games.example.org/"
