"""Done when (issue 3): killing `wtg poll` or `wtg send` between any two of its writes, many
times, never loses or duplicates a message or an order.

Each test runs the real command as a process against the real servers, kills it
(SIGKILL: no clean-up of any kind) just before one of its writes (``tests.killpoints``:
the same write on every machine, however loaded), again and again, then lets one run
finish, and checks every message and every order.
"""

from __future__ import annotations

import email
import email.policy
import re
import time
from datetime import datetime, timezone
from pathlib import Path

from tests import killpoints
from tests.mail.maps import Drawing, parts, picture_of, png
from tests.mail.outboxes import outbox_counts
from tests.mail.realworld import write_config
from tests.mail.servers import GM_ADDRESS, Dovecot, SmtpSink
from wtg.game.engine import Game, create_game, open_game
from wtg.game.gameconfig import PlayerEntry
from wtg.host.config import GmConfig, config_from_data
from wtg.mail.outgoing.outbox import Outbox
from wtg.mail.outgoing.pictures import MapPicture
from wtg.mail.outgoing.sender import Delivery, deliver, queue_reports
from wtg.mail.servers.transport import Unreachable
from wtg.mail.spool.journal import Journal

KILLS = 16
"""Polls killed, each just before one of its writes."""


def players(game: str = "") -> list[PlayerEntry]:
    return [
        PlayerEntry(id=i, name=f"P{i}", email=f"{game}p{i}@players.example", code=f"CODE{i:04d}")
        for i in range(1, 11)
    ]


def order_mail(game: Game, pid: int, points: int, number: int) -> bytes:
    aof = game.aof(pid).replace("X1: ___", f"X1: {points:03d}")
    msg = email.message.EmailMessage()
    msg["From"] = game.config.players[pid - 1].email
    msg["To"] = "gm@example.org"
    msg["Subject"] = f"orders, version {number}"
    msg["Message-ID"] = f"<v{number}.p{pid}.{game.config.game}@players.example>"
    msg.set_content(aof)
    return msg.as_bytes(policy=email.policy.SMTP)


def test_killing_poll_loses_and_duplicates_nothing(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink
) -> None:
    kill_polls(tmp_path, imap, smtp, ["k"])


SHARING = (
    "from wtg.mail.poll import processes; processes.HELPERS_FROM = 1; processes.SHARE_FROM = 2"
)
"""The poll's helpers at work from the first mail (``wtg.mail.poll.workers``)."""


def test_killing_a_poll_that_files_on_helpers_loses_and_duplicates_nothing(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink
) -> None:
    """The same with three games filed on three processes: a kill of the poll leaves its
    helpers to finish their share and exit; the next poll waits for them (they hold the
    poll's lock with it) and files again what the journal never heard of."""
    kill_polls(tmp_path, imap, smtp, ["a", "b", "c"], SHARING, "3")


def kill_polls(
    tmp_path: Path,
    imap: Dovecot,
    smtp: SmtpSink,
    names: list[str],
    prelude: str = "",
    jobs: str = "1",
) -> None:
    """Rounds of order mails, each polled by a poll killed (the command alone: helpers it
    forked go on) just before one of its writes, the points spread over the writes of a
    whole poll of one round; then one poll to the end, and every mail and order checked."""
    config = write_config(tmp_path, imap, smtp, confirmations_per_hour=1000)
    games = [
        create_game(tmp_path / "games" / name, "wok4", "classic60", players(name), seed=9)
        for name in names
    ]
    args = ["--config", str(config), "poll", "--jobs", jobs]
    root = tmp_path / "games"
    trades = (100, 150, 200, 250, 350)

    def post_round(number: int) -> None:
        for game in games:
            for pid in range(1, 11):
                imap.append(GM_ADDRESS, order_mail(game, pid, trades[number % 5], number))

    assert killpoints.count(args, root, prelude=prelude).returncode == 0  # the spool made
    post_round(0)
    whole = killpoints.count(args, root, prelude=prelude)  # the writes of a round's poll
    assert whole.returncode == 0 and whole.writes > KILLS, whole
    # a killed poll leaves its round's mails to the next one: it makes as many writes or more
    for number, at in enumerate(killpoints.points(whole.writes, KILLS), start=1):
        post_round(number)
        cut = killpoints.run(args, at, root, prelude=prelude, whom="main")
        assert cut.killed and cut.writes == at - 1, (at, cut)
    finish(args)
    count = 10 * (KILLS + 1) * len(games)
    assert imap.fetch_all(GM_ADDRESS, "INBOX") == []
    processed = imap.fetch_all(GM_ADDRESS, "wtg-processed")
    ids = [email.message_from_bytes(raw)["Message-ID"] for raw in processed]
    assert len(ids) == len(set(ids)) == count  # every mail moved, once
    spool = tmp_path / "games" / ".mail"
    journal = Journal(spool)
    handled = journal.db.execute("SELECT outcome FROM messages").fetchall()
    journal.close()
    # a mail whose poll was killed is filed again by the next poll; if a later mail of the
    # same player was filed meanwhile, the earlier one stays filed as "older": either way
    # each mail is handled once, and the last one the server got is the one on file
    others = [
        o[0]
        for o in handled
        if not o[0].startswith(("stored", "ignored: older than the orders on file"))
    ]
    assert (len(handled), others) == (count, [])
    confirmations = sorted((spool / "outbox" / "queue").glob("conf-*.eml"))
    assert len(confirmations) == count  # one answer a mail, none twice
    last = trades[KILLS % 5]
    for game in games:
        game = open_game(game.store.root)
        for pid in range(1, 11):
            text = game.store.pending_orders(1)[pid].read_text()
            assert f"trade: [{last}]" in text, text  # the last mail the server got wins
    assert len(list((spool / "archive").rglob("*.eml"))) == count


def finish(args: list[str]) -> None:
    """One poll to the end; a killed poll's helpers may still be at their share (they
    hold the poll's lock): then it is told another poll is under way, and tries again."""
    for _ in range(100):
        done = killpoints.wtg(args, check=True)
        if "is running" not in done.stdout:
            return
        time.sleep(0.1)
    raise AssertionError("the killed poll's helpers never let go of the poll")


def every_write(writes: int) -> list[int]:
    """Kill points for rounds of sending: before each write of a whole send."""
    return list(range(1, writes + 1))


def queue_one_turn(game: Game, gm: GmConfig, picture: MapPicture | None = None) -> int:
    for pid in game.ruleset.owing(game.state()):
        game.submit(f"player: {pid}\nturn: {game.latest_turn() + 1}\n")  # nobody quits
    game.run_turn()
    journal = Journal(gm.spool)
    now = datetime.now(timezone.utc)
    try:
        return queue_reports(gm, Outbox(gm.spool), journal, now, picture=picture).reports
    finally:
        journal.close()


def test_killing_send_loses_nothing_and_resends_only_what_was_in_flight(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink
) -> None:
    """Every mail arrives. SMTP itself cannot promise more than that: a kill between the
    server's "250 accepted" and the rename into sent/ sends that one mail again, with the
    same Message-ID and bytes (mail clients show it once). The test counts them: at most
    one resend per kill, and never a different mail. Every other turn's reports carry the
    map as a picture (issue 15): it arrives, byte for byte, with its report; turn 0's
    reports, queued by the command, carry the map wtg draws."""
    config = write_config(tmp_path, imap, smtp)
    gm = config_from_data({"games_dir": "games", "from": "gm@example.org"}, tmp_path)
    game = create_game(tmp_path / "games" / "s", "wok4", "small", players()[:4], seed=2)
    args = ["--config", str(config), "send"]
    root = tmp_path / "games"
    assert killpoints.count(args, root).returncode == 0  # turn 0's reports queued and sent
    expected = 4 + queue_one_turn(game, gm)
    whole = killpoints.count(args, root)  # the writes of sending one turn's reports
    assert whole.returncode == 0, whole.stderr
    for number, at in enumerate(every_write(whole.writes)):
        expected += queue_one_turn(game, gm, Drawing() if number % 2 == 0 else None)
        cut = killpoints.run(args, at, root)
        assert cut.killed and cut.writes == at - 1, (at, cut)
    killpoints.wtg(args, check=True)
    pictures = 0
    for message in smtp.messages:
        found = re.search(r"<report-s-t(\d+)-p(\d+)\.", str(message.message()["Message-ID"]))
        assert found is not None
        turn, seat = int(found[1]), int(found[2])
        if turn % 2 == 0 and turn > 0:  # turns 2, 4, ...: queued with the drawing
            assert picture_of(message.data) == (png(seat, turn), f"map-turn{turn}.png", "inline")
            pictures += 1
        elif turn == 0:  # queued by `wtg send` itself: the map wtg draws (wtg.maps)
            assert parts(message.data) == ["text/plain", "image/png"]
        else:
            assert parts(message.data) == ["text/plain"]
    assert pictures >= 4 * (whole.writes // 2)  # one turn in two drawn, resends counted
    by_id: dict[str, list[bytes]] = {}
    for message in smtp.messages:
        by_id.setdefault(str(message.message()["Message-ID"]), []).append(message.data)
    assert len(by_id) == expected == 4 * (whole.writes + 2)  # nothing lost
    resent = sum(len(copies) - 1 for copies in by_id.values())
    assert resent <= whole.writes
    assert all(len(set(copies)) == 1 for copies in by_id.values())  # resends are identical
    assert outbox_counts(Outbox(gm.spool)) == {"queued": 0, "sent": expected, "failed": 0}


def test_killing_send_on_the_maildir_transport_never_duplicates(tmp_path: Path) -> None:
    """The maildir transport writes each mail under its own id: sent again, it replaces
    itself, so there it is exactly once."""
    gm = config_from_data({"games_dir": "games", "from": "gm@example.org"}, tmp_path)
    (tmp_path / "wtg.yaml").write_text("games_dir: games\nfrom: gm@example.org\n")
    game = create_game(tmp_path / "games" / "m", "wok4", "small", players()[:4], seed=2)
    args = ["--config", str(tmp_path / "wtg.yaml"), "send"]
    root = tmp_path / "games"
    assert killpoints.count(args, root).returncode == 0  # turn 0's reports queued and sent
    queue_one_turn(game, gm)
    whole = killpoints.count(args, root)  # the writes of sending one turn's reports
    assert whole.returncode == 0, whole.stderr
    for at in every_write(whole.writes):
        queue_one_turn(game, gm)
        cut = killpoints.run(args, at, root)
        assert cut.killed and cut.writes == at - 1, (at, cut)
    killpoints.wtg(args, check=True)
    delivered = sorted(p.name for p in (gm.maildir_out / "new").iterdir())
    assert len(delivered) == len(set(delivered)) == 4 * (whole.writes + 2)
    outbox = Outbox(gm.spool)
    assert outbox_counts(outbox)["sent"] == 4 * (whole.writes + 2)
    assert deliver(outbox, _Down()) == Delivery(0, 0, 0)


class _Down:
    def send(self, ident: str, raw: bytes) -> None:
        raise Unreachable("down")

    def close(self) -> None:
        pass
