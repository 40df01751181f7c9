"""A backup made while a poll runs copied the poll's note of when it began
(``.mail/poll-begun``); restored, a `wtg digest` beside the restored host's service ended
its lists of the journal at that moment, from another host's poll, until the service's
first poll ended. No poll of the host restored is under way: the note is left out, as a
lock's holder is."""

from __future__ import annotations

import tarfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.mail.loop import NOW
from tests.upkeep.hosts import host_copy
from wtg.cli import main
from wtg.mail.poll import underway


def test_the_note_of_a_poll_under_way_is_not_in_the_backup(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    config = host_copy(tmp_path / "host", tmp_path_factory.getbasetemp() / "upkeep-template")
    underway.begin(config.parent / "games" / ".mail", NOW)
    archive = tmp_path / "host.tar.gz"
    result = CliRunner().invoke(main, ["--config", str(config), "backup", str(archive)])
    assert result.exit_code == 0, result.output
    with tarfile.open(archive) as tar:
        names = tar.getnames()
    assert any(name.endswith(".mail/journal.sqlite") for name in names)
    assert not [name for name in names if name.endswith("poll-begun")]  # before: copied
