"""docs/gm.md, "Is the host well? `wtg status --host`": every key of `wtg status --host
--json` is named in that section, so a GM writing a monitoring check finds what each means
where the command is told of."""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from wtg.cli import main

DOC = Path(__file__).resolve().parents[1] / "docs" / "gm.md"


def section() -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index("### Is the host well? `wtg status --host`")
    return text[start : text.index("\n### ", start + 1)]


def test_every_key_of_status_host_json_is_named_where_the_doc_tells_of_it(
    tmp_path: Path,
) -> None:
    runner = CliRunner()
    made = runner.invoke(main, ["init", str(tmp_path / "host"), "--from", "gm@example.org"])
    assert made.exit_code == 0, made.output
    env = {"WTG_CONFIG": str(tmp_path / "host" / "wtg.yaml")}
    polled = runner.invoke(main, ["poll", "-q"], env=env)
    assert polled.exit_code == 0, polled.output
    result = runner.invoke(main, ["status", "--host", "--json"], env=env)
    assert result.exit_code == 0, result.output
    found = json.loads(result.output)
    keys = set(found)
    for value in found.values():
        if isinstance(value, dict):
            keys |= set(value)
    named = set(re.findall(r"`([a-z_]+)`", section()))
    assert sorted(keys - named) == []
