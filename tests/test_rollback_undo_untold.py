"""A rollback undone before `wtg send` mailed its notices: the players were mailed a notice
that a rollback they never heard of was undone. Each player is told of the undo only when
he had word of the rollback, or when something changed for him (orders he sent since set
aside, the deadline moved); every report of the turns put back reaches him all the same
(mailed, or queued by the next send, or put back in the queue when a send set it aside
while the rollback stood)."""

from __future__ import annotations

import email
import email.policy
from datetime import datetime, timezone
from email.message import EmailMessage
from pathlib import Path

from tests.conftest import players
from tests.shipped import WOK4
from tests.test_rollback import send_orders
from tests.test_rollback_undo import wtg
from wtg.game.engine import Game, create_game
from wtg.game.schedule import make_schedule
from wtg.host.config import GmConfig, config_from_data
from wtg.mail.outgoing.sender import send
from wtg.mail.servers.transport import Unreachable
from wtg.rules.wok.state import WokState

NOW = datetime.now(timezone.utc)
"""The command line's clock: the deadlines are ahead of it, and the undo keeps them."""


class Down:
    """The mail server, down: every mail waits in the queue."""

    def send(self, ident: str, raw: bytes) -> None:
        raise Unreachable("connection refused")

    def close(self) -> None:
        pass


def host(root: Path) -> tuple[GmConfig, Game[WokState]]:
    """A host and its game g1, its turn 0 mailed and turn 1 run (every player's orders)."""
    gm = config_from_data({"games_dir": "games", "from": "gm@example.org"}, root)
    schedule = make_schedule(2, "18:00", "UTC", now=NOW)
    game = create_game(
        gm.games_dir / "g1", "wok4", "small", players(4), 11, schedule=schedule, now=NOW
    ).typed(WOK4)
    assert send(gm, now=NOW).queued == 4
    send_orders(game)
    game.run_turn(now=NOW)
    return gm, game


def mails(gm: GmConfig, folder: str, prefix: str) -> list[str]:
    return sorted(p.stem for p in (gm.spool / "outbox" / folder).glob(f"{prefix}*.eml"))


REPORTS = [f"report-g1-t0001-p{seat:02d}" for seat in range(1, 5)]


def test_an_undo_before_any_notice_went_tells_nobody_of_either(tmp_path: Path) -> None:
    gm, _game = host(tmp_path)
    assert send(gm, now=NOW).queued == 4  # turn 1's reports, mailed
    assert wtg(gm.games_dir, "rollback", "g1", "--to", "0")[0] == 0
    code, said = wtg(gm.games_dir, "rollback", "g1", "--undo")
    assert code == 0, said
    assert "0 notices queued for the players" in said
    assert said.endswith(
        "the rollback's 4 notices not yet mailed taken out of the queue; 4 players not "
        "told, who never had word of the rollback: their reports go to them as they would "
        "have\n"
    )
    assert mails(gm, "queue", "") == []
    assert send(gm, now=NOW).queued == 0
    assert mails(gm, "sent", "report-g1-t0001") == REPORTS  # once each
    assert mails(gm, "sent", "rollback-") == mails(gm, "sent", "unrollback-") == []
    assert "NOTICES OWED" not in wtg(gm.games_dir, "status", "g1")[1]
    again = wtg(gm.games_dir, "rollback", "g1", "--undo")  # given again: nothing more
    assert again[0] == 0 and "was undone already" in again[1] and "0 notices" in again[1]


def test_the_turn_not_yet_mailed_goes_as_its_reports(tmp_path: Path) -> None:
    gm, _game = host(tmp_path)  # turn 1 not mailed: rolled back and undone before a send
    assert wtg(gm.games_dir, "rollback", "g1", "--to", "0")[0] == 0
    code, said = wtg(gm.games_dir, "rollback", "g1", "--undo")
    assert code == 0 and "4 players not told" in said, said
    result = send(gm, now=NOW)
    assert result.queued == 4
    assert mails(gm, "sent", "") == [f"report-g1-t0000-p{s:02d}" for s in range(1, 5)] + REPORTS


def test_players_who_had_word_of_the_rollback_are_told_of_its_undo(tmp_path: Path) -> None:
    gm, _game = host(tmp_path)
    send(gm, now=NOW)
    assert wtg(gm.games_dir, "rollback", "g1", "--to", "0")[0] == 0
    send(gm, now=NOW)  # the rollback's notices mailed
    code, said = wtg(gm.games_dir, "rollback", "g1", "--undo")
    assert code == 0 and "4 notices queued" in said and "not told" not in said, said
    assert len(mails(gm, "queue", "unrollback-")) == 4


def test_a_player_whose_orders_since_went_aside_is_told(tmp_path: Path) -> None:
    gm, game = host(tmp_path)
    send(gm, now=NOW)
    assert wtg(gm.games_dir, "rollback", "g1", "--to", "0")[0] == 0
    send_orders(game, only=(2,))  # orders for turn 1 again, from the form he had
    code, said = wtg(gm.games_dir, "rollback", "g1", "--undo")
    assert code == 0 and "1 notice queued" in said and "3 players not told" in said, said
    (notice,) = mails(gm, "queue", "unrollback-")
    assert notice.endswith("-g1-p02")


def test_reports_set_aside_while_the_rollback_stood_are_put_back(tmp_path: Path) -> None:
    gm, _game = host(tmp_path)
    send(gm, Down(), now=NOW)  # turn 1's reports queued, the server down
    assert mails(gm, "queue", "report-") == REPORTS
    assert wtg(gm.games_dir, "rollback", "g1", "--to", "0")[0] == 0
    send(gm, Down(), now=NOW)  # they are set aside (their turn is no more), notices wait
    assert mails(gm, "failed", "report-") == REPORTS
    code, said = wtg(gm.games_dir, "rollback", "g1", "--undo")
    assert code == 0 and "4 players not told" in said, said
    assert "4 reports or press a send had set aside while the rollback stood put back" in said
    assert mails(gm, "queue", "") == REPORTS
    send(gm, now=NOW)  # the server back
    assert mails(gm, "sent", "report-g1-t0001") == REPORTS
    assert mails(gm, "sent", "rollback-") == mails(gm, "sent", "unrollback-") == []


def notice_opening(gm: GmConfig, name: str) -> str:
    """The words of a queued notice between its greeting and its first blank line."""
    raw = (gm.spool / "outbox" / "queue" / f"{name}.eml").read_bytes()
    message = email.message_from_bytes(raw, policy=email.policy.default)
    assert isinstance(message, EmailMessage)
    body = message.get_body(("plain",))
    assert body is not None
    text = body.get_content().replace("\r\n", "\n")
    return " ".join(text.split("\n\n")[1].split())


def test_a_player_told_who_never_heard_of_the_rollback_is_told_of_it_first(
    tmp_path: Path,
) -> None:
    """He gets the undo's notice for his orders set aside, and had no notice of the
    rollback: it opened `the GM has undone the rollback`, of a rollback he never heard of."""
    gm, game = host(tmp_path)
    send(gm, now=NOW)
    assert wtg(gm.games_dir, "rollback", "g1", "--to", "0")[0] == 0
    send_orders(game, only=(2,))
    assert wtg(gm.games_dir, "rollback", "g1", "--undo")[0] == 0
    (notice,) = mails(gm, "queue", "unrollback-")
    assert notice_opening(gm, notice) == (
        "game g1 was rolled back to turn 0 for a while (the GM's notice of it was never "
        "mailed to you), and the GM has undone that rollback since: turn 1 counts again, as "
        "it ran. The game goes on from your report of turn 1, which follows."
    )


def test_a_player_who_had_the_rollbacks_notice_is_told_it_is_undone(tmp_path: Path) -> None:
    gm, _game = host(tmp_path)
    send(gm, now=NOW)
    assert wtg(gm.games_dir, "rollback", "g1", "--to", "0")[0] == 0
    send(gm, now=NOW)  # the rollback's notices mailed
    assert wtg(gm.games_dir, "rollback", "g1", "--undo")[0] == 0
    for notice in mails(gm, "queue", "unrollback-"):
        assert notice_opening(gm, notice) == (
            "the GM has undone the rollback of game g1 to turn 0: turn 1 counts again, as it "
            "ran. The game goes on from your report of turn 1, which follows."
        )
