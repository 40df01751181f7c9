"""attack42b: `wtg outbox --retry-all` took every mail set aside at an address put back
(``seataddresses``: a folder put back from a copy made before the GM corrected a player's
typo, a stranger's address) as the GM's word that the address was the player's again, as a
retry by name with game.yaml unchanged is: a GM who retried everything after an outage,
the address not yet corrected, sent the stranger the player's report and its code, and
every report after it. Only a retry that names the mail says so; --retry-all leaves it set
aside, saying why and the two commands that send it."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from tests.mail.test_put_back_addresses import ENV, TYPO, put_back, sent_to, set_address, wtg
from wtg.cli import main


def test_retry_all_leaves_a_put_back_address_set_aside(tmp_path: Path) -> None:
    put_back(tmp_path)
    wtg(tmp_path, "send", "-q", status=1)  # a mail set aside: exit 1
    failed = tmp_path / "games" / ".mail" / "outbox" / "failed"
    (kept,) = failed.glob("resend-*-g1-t0000-p02.eml")
    config = ["--config", str(tmp_path / "wtg.yaml")]
    cli = f"wtg --config {tmp_path / 'wtg.yaml'}"
    retried = CliRunner(env=ENV).invoke(main, [*config, "outbox", "--retry-all"])
    assert retried.exit_code == 1  # before: 0, the mail back in the queue to the stranger
    assert " ".join(retried.output.split()) == (
        f"wtg: mail {kept.stem} stays set aside: game g1 player 2's address in game.yaml, "
        f"{TYPO}, is one replaced since (its folder was put back from an older copy), and "
        "--retry-all does not send a seat's mail there: correct `email:` in g1/game.yaml to "
        f"his address now, then `{cli} outbox --retry-all`; or, if {TYPO} is his again, "
        f"`{cli} outbox --retry {kept.stem}` mails it there and his mail from then on"
    )
    wtg(tmp_path, "send", "-q")
    wtg(tmp_path, "run-turn", "g1", "--now", "--just-mailed")
    wtg(tmp_path, "send", "-q", status=1)  # a mail set aside: exit 1
    assert [to for _, to in sent_to(tmp_path)].count(TYPO) == 1  # turn 0, before the fix
    set_address(tmp_path, "bob@example.org")
    wtg(tmp_path, "outbox", "--retry-all")
    wtg(tmp_path, "send", "-q")
    bobs = [name for name, to in sent_to(tmp_path) if to == "bob@example.org"]
    again = sorted(name.split("-", 2)[2] for name in bobs if name.startswith("resend-"))
    assert again == ["g1-t0000-p02", "g1-t0001-p02"]  # each report set aside reached him
    assert not list(failed.glob("*.eml"))
