"""wtg run where the terminal or cron speaks an encoding other than UTF-8 (LANG=de_DE
with ISO-8859-1, as older servers are set up; cron's mail of it): a player's name with a
character it has not (Zoë 山) stopped `wtg topten` and `wtg status` with Python's traceback
(`UnicodeEncodeError: 'latin-1' codec can't encode character`), and a command's output
cut short where the name came. What the encoding cannot write is written as its escape
(\\u5c71), and the command goes on."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from wtg.cli import main


def test_a_name_the_terminals_encoding_has_not_is_written_escaped(tmp_path: Path) -> None:
    game = tmp_path / "test1"
    made = CliRunner().invoke(
        main,
        [
            "new-game", str(game), "--ruleset", "wok4", "--map", "small",
            "--player", "Zoë 山:zoe@example.org", "--player", "Also:also@example.org",
        ],
    )  # fmt: skip
    assert made.exit_code == 0, made.output
    done = subprocess.run(
        [sys.executable, "-m", "wtg", "topten", str(game)],
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "latin-1"},
        timeout=120,
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, b"")
    assert "Zo\xeb \\u5c71".encode("latin-1") in done.stdout
