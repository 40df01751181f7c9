"""attack42b: the mail of a rollback undone (``unrollback-<id>-<game>-pNN``: the player's
report of the latest turn, his code in its form) was no seat's mail to the outbox
(``failedmail.SEATED`` and ``NOTICES`` knew ``rollback-`` alone). Refused for good at the
address the GM mistyped, then retried once he corrected it in game.yaml, it went back to the
typo ("the same address: the mail is to no player of a game"), and the player never had
it. The same two tables say which queued mails a send sets aside at an address put back
(``seataddresses``) and for a game whose name a new game took: the undo's mail is one of
them now, as the rollback's own is."""

from __future__ import annotations

import email
from pathlib import Path

from tests.mail.test_put_back_addresses import PLAYERS, TYPO, set_address, wtg
from wtg.mail.outgoing.outbox import Outbox


def test_an_undone_rollback_retried_goes_to_the_corrected_address(tmp_path: Path) -> None:
    (tmp_path / "games").mkdir()
    (tmp_path / "wtg.yaml").write_text("games_dir: games\nfrom: gm@example.org\n")
    wtg(tmp_path, "new-game", "g1", "--ruleset", "wok4", "--map", "small", *PLAYERS)
    wtg(tmp_path, "send", "-q")
    wtg(tmp_path, "run-turn", "g1", "--now", "--just-mailed")
    wtg(tmp_path, "send", "-q")
    game = str(tmp_path / "games" / "g1")
    wtg(tmp_path, "rollback", game, "--to", "0")
    wtg(tmp_path, "send", "-q")
    wtg(tmp_path, "rollback", game, "--undo")
    spool = tmp_path / "games" / ".mail"
    (queued,) = (spool / "outbox" / "queue").glob("unrollback-*-g1-p02.eml")
    Outbox(spool).failed(queued.stem, "550 5.1.1 no such user")  # the typo's server
    set_address(tmp_path, "bob@example.org")
    said = wtg(tmp_path, "outbox", "--retry", queued.stem).output
    # before: '...: back in the queue, to bob@exmaple.org (the same address: the mail is to
    # no player of a game; it was refused for good: 550 5.1.1 no such user)'
    assert "no player of a game" not in said
    assert email.message_from_bytes(queued.read_bytes())["To"] == "bob@example.org"
    assert TYPO not in queued.read_text(encoding="utf-8")
