"""`wtg demo OUT`: the folders it names are the folders it wrote."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from wtg.cli import main


def test_the_demo_names_the_mail_folders_it_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A relative OUT used to put the maildirs in OUT/OUT/games/.mail and say so."""
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["demo", "d1", "--turns", "1"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    last = result.output.splitlines()[-1]
    assert last == (
        "Reports: d1/reports/turn-NN/pNN.txt; every mail sent: d1/games/.mail/maildir-out/new; "
        "every mail received: d1/games/.mail/maildir-in; Top Ten: d1/topten.txt"
    )
    assert (
        len(list(Path("d1/games/.mail/maildir-out/new").iterdir())) == 30
    )  # reports of turns 0 and 1, 10 confirmations
    assert len(list(Path("d1/games/.mail/maildir-in/.processed/cur").iterdir())) == 10
    assert sorted(p.name for p in Path("d1").iterdir()) == [
        ".wtg-demo",
        "games",
        "reports",
        "topten.txt",
    ]
