"""One crontab for a host: docs/mail.md's cron section showed lines of its own (the poll on a
line apart, `sleep 60` before run-turn) beside docs/gm.md's step 4, and a new GM who copied
both ran every command twice. Each line of a ```cron block in the docs is a line of the
host's crontab (docs/gm.md, step 4) or the backup's, which is added to it; and every
command of one is given the same config."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BACKUP = re.compile(r"30 3 \* \* \*   wtg --config \S+ backup -q \S+\Z")


def cron_blocks() -> list[tuple[str, list[str]]]:
    blocks = []
    for doc in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]:
        text = doc.read_text(encoding="utf-8")
        for block in re.findall(r"```cron\n(.*?)```", text, re.S):
            blocks.append((doc.name, block.splitlines()))
    return blocks


def host_crontab() -> list[str]:
    text = (ROOT / "docs" / "gm.md").read_text(encoding="utf-8")
    step = text.split("**4. Cron, or the service.**", 1)[1]
    block: str = re.findall(r"```cron\n(.*?)```", step, re.S)[0]
    return block.splitlines()


def test_every_cron_line_of_the_docs_is_a_line_of_the_host_s_crontab() -> None:
    crontab = host_crontab()
    assert len(crontab) == 3
    blocks = cron_blocks()
    assert len(blocks) >= 3
    strays = [
        (doc, line)
        for doc, lines in blocks
        for line in lines
        if line not in crontab and not BACKUP.match(line)
    ]
    assert strays == []


def test_every_command_of_the_crontab_is_given_one_config() -> None:
    configs = {
        found
        for _, lines in cron_blocks()
        for line in lines
        for found in re.findall(r"--config (\S+)", line)
    }
    assert configs == {"/srv/wtg/wtg.yaml"}
