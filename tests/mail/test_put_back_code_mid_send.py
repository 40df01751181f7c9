"""attack43: `wtg new-code` takes no send lock. Given while a send ran, after the send set
aside the mail of a seat whose address was put back from an older copy and before it
delivered the queue, the new code was queued to the put-back address (a stranger's, the
GM's typo corrected since) and the same send mailed it there. Each mail queued after the
send's look is looked at as it is delivered: the new code is set aside with the rest."""

from __future__ import annotations

import email
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.mail.test_put_back_addresses import TYPO, put_back, sent_to, wtg
from wtg.cli import main
from wtg.mail.outgoing import sender


def test_a_new_code_queued_while_the_send_delivers_goes_not_to_a_put_back_address(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    put_back(tmp_path)
    drawn = sender.draw_pictures

    def meanwhile(outbox: object, games_dir: Path) -> None:  # between set-aside and delivery
        given = CliRunner().invoke(
            main, ["--config", str(tmp_path / "wtg.yaml"), "new-code", "g1", "--player", "2"]
        )
        assert given.exit_code == 0, given.output
        drawn(outbox, games_dir)  # type: ignore[arg-type]

    monkeypatch.setattr(sender, "draw_pictures", meanwhile)
    wtg(tmp_path, "send", "-q", status=1)
    monkeypatch.undo()
    assert [to for _, to in sent_to(tmp_path)].count(TYPO) == 1  # turn 0's alone, as before
    failed = tmp_path / "games" / ".mail" / "outbox" / "failed"
    (code,) = failed.glob("code-*-g1-p02.eml")
    assert email.message_from_bytes(code.read_bytes())["To"] == TYPO
    assert "replaced since" in (failed / f"{code.stem}.json").read_text(encoding="utf-8")
    text = (tmp_path / "games" / "g1" / "game.yaml").read_text(encoding="utf-8")
    (tmp_path / "games" / "g1" / "game.yaml").write_text(
        text.replace(f"email: {TYPO}", "email: bob@example.org"), encoding="utf-8"
    )
    wtg(tmp_path, "outbox", "--retry-all")
    wtg(tmp_path, "send", "-q")
    assert (code.stem, "bob@example.org") in sent_to(tmp_path)  # not lost
