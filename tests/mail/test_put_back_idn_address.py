"""attack43: a seat's address put back from an older copy, written in game.yaml with an
internationalised domain (``bob@bücher.example``, the GM's typo of the player's). The mail
queued to it carried the domain in its To as an encoded word (in IDNA now, as the envelope
does), and the send compared the two as texts: they did not match, and the put-back turn's
report, the seat's code in its form, went to the stranger there."""

from __future__ import annotations

import email
import email.policy
import shutil
from pathlib import Path

from click.testing import CliRunner, Result

from wtg.cli import main

ENV: dict[str, str | None] = {"WTG_CONFIG": None, "WTG_GAMES_DIR": None}
RIGHT = "bob@example.org"
TYPO_IDNA = "bob@xn--bcher-kva.example"  # the typo's domain as a mail's To writes it


def wtg(host: Path, *args: str, status: int = 0) -> Result:
    result = CliRunner(env=ENV).invoke(main, ["--config", str(host / "wtg.yaml"), *args])
    assert result.exit_code == status, result.output
    return result


def sent_to(host: Path) -> list[str]:
    """The To of each mail the outbox sent, as its reader reads it."""
    sent = host / "games" / ".mail" / "outbox" / "sent"
    found = []
    for path in sent.glob("*.eml"):
        mail = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        found.append(str(mail["To"]))
    return found


def set_address(host: Path, old: str, new: str) -> None:
    config = host / "games" / "g1" / "game.yaml"
    text = config.read_text(encoding="utf-8")
    assert f"email: {old}" in text
    config.write_text(text.replace(f"email: {old}", f"email: {new}"), encoding="utf-8")


def test_an_internationalised_address_put_back_gets_no_mail(tmp_path: Path) -> None:
    typo = "bob@bücher.example"
    games = tmp_path / "games"
    games.mkdir()
    (tmp_path / "wtg.yaml").write_text("games_dir: games\nfrom: gm@example.org\n")
    players = ("--player", "Ann:ann@example.org", "--player", "Bob:bob@example.org")
    wtg(tmp_path, "new-game", "g1", "--ruleset", "wok4", "--map", "small", *players)
    set_address(tmp_path, RIGHT, typo)  # the GM's typo, before the first send
    wtg(tmp_path, "send", "-q")
    copy = tmp_path / "copy"
    shutil.copytree(games / "g1", copy)
    set_address(tmp_path, typo, RIGHT)  # corrected
    wtg(tmp_path, "run-turn", "g1", "--now", "--just-mailed")
    wtg(tmp_path, "send", "-q")
    shutil.rmtree(games / "g1")
    shutil.copytree(copy, games / "g1")
    before = len(sent_to(tmp_path))
    said = wtg(tmp_path, "send", "-q", status=1).output
    assert "one replaced since" in said
    assert len(sent_to(tmp_path)) == before + 1  # Ann's alone
    assert sent_to(tmp_path).count(TYPO_IDNA) == 1  # turn 0, before the GM saw the typo
    failed = games / ".mail" / "outbox" / "failed"
    assert len(list(failed.glob("resend-*-g1-t0000-p02.eml"))) == 1
    listed = wtg(tmp_path, "outbox", "--json").output
    assert f'"to": "{TYPO_IDNA}"' in listed  # as the mail's To and the envelope write it
    set_address(tmp_path, typo, RIGHT)
    wtg(tmp_path, "outbox", "--retry-all")
    wtg(tmp_path, "send", "-q")
    assert sent_to(tmp_path).count(RIGHT) == 2  # turn 1, and turn 0 again: not lost
