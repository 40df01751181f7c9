"""Benchmark: `wtg poll` of 1,000 order mails from a real IMAP server (Dovecot), beside a bare
imapclient fetch of the same 1,000 mails.

    .venv/bin/python bench/bench_poll.py [--mails 1000] [--rounds 3]

Each round starts a fresh Dovecot (tests/mail/servers.py), appends the mails (10
players' full AOFs), times a bare fetch of them all (login, select, search, fetch the
bodies in batches of 250, as the poller does), then times the poll itself: fetch,
archive, find the AOF, parse and check it, store the order file, queue the
confirmation with its forecast, flush to disk, move the mails to the processed folder.
"""

from __future__ import annotations

import argparse
import email.policy
import random
import statistics
import sys
import tempfile
import time
from email.message import EmailMessage
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from imapclient import IMAPClient  # noqa: E402

from tests.mail.servers import GM_ADDRESS, GM_PASSWORD, Dovecot  # noqa: E402
from wtg.aof.render import render_aof  # noqa: E402
from wtg.config import config_from_data  # noqa: E402
from wtg.engine import Game, create_game  # noqa: E402
from wtg.gameconfig import PlayerEntry  # noqa: E402
from wtg.mail.inbox import FETCH_BATCH, ImapInbox  # noqa: E402
from wtg.mail.poller import poll  # noqa: E402
from wtg.rules.wok4.fullorders import full_orders  # noqa: E402


def order_mails(game: Game, count: int) -> list[bytes]:
    state = game.state()
    rng = random.Random(1)
    mails = []
    for number in range(count):
        pid = number % 10 + 1
        orders = full_orders(state, pid, rng)
        header = {
            "game": game.config.game,
            "turn": 1,
            "player": pid,
            "code": game.config.player(pid).code,
        }
        aof = render_aof(game.ruleset.form, header, orders, game.ruleset.form_context(state, pid))
        msg = EmailMessage()
        msg["From"] = f"p{pid}@players.example"
        msg["To"] = GM_ADDRESS
        msg["Subject"] = f"orders {number}"
        msg["Message-ID"] = f"<bench{number}@players.example>"
        msg.set_content("My orders:\n\n" + aof)
        mails.append(msg.as_bytes(policy=email.policy.SMTP))
    return mails


def bare_fetch(imap: Dovecot) -> tuple[float, int]:
    begin = time.perf_counter()
    client = IMAPClient(imap.host, port=imap.port, ssl=False)
    client.login(GM_ADDRESS, GM_PASSWORD)
    client.select_folder("INBOX")
    uids = sorted(client.search(["UNDELETED"]))
    total = 0
    for start in range(0, len(uids), FETCH_BATCH):
        fetched = client.fetch(uids[start : start + FETCH_BATCH], ["BODY.PEEK[]"])
        total += sum(len(v[b"BODY[]"]) for v in fetched.values())
    client.logout()
    return time.perf_counter() - begin, total


def one_round(count: int, where: str | None) -> tuple[float, float, str]:
    with tempfile.TemporaryDirectory(prefix="wtg-bench-poll-", dir=where) as tmp:
        root = Path(tmp)
        players = [
            PlayerEntry(id=i, name=f"P{i}", email=f"p{i}@players.example", code=f"CODE{i:04d}")
            for i in range(1, 11)
        ]
        with Dovecot(root / "dovecot", {GM_ADDRESS: GM_PASSWORD}) as imap:
            gm = config_from_data(
                {
                    "games_dir": "games",
                    "transport": "imap",
                    "imap": {
                        "host": imap.host,
                        "port": imap.port,
                        "username": GM_ADDRESS,
                        "password": GM_PASSWORD,
                    },
                    "smtp": {"host": "127.0.0.1", "port": 25, "from": "gm@example.org"},
                    "mail": {"confirmations_per_hour": count + 1},
                },
                root,
            )
            game = create_game(gm.games_dir / "bench", "wok4", "classic60", players, seed=5)
            mails = order_mails(game, count)
            with imap.client(GM_ADDRESS) as client:
                for raw in mails:
                    client.append("INBOX", raw)
            fetch_time, size = bare_fetch(imap)
            begin = time.perf_counter()
            assert gm.imap is not None
            inbox = ImapInbox(gm.imap)
            summary = poll(gm, inbox)
            inbox.close()
            poll_time = time.perf_counter() - begin
            assert summary.stored + summary.replaced == count, summary.line()
            return fetch_time, poll_time, f"{size / 1e6:.1f} MB; {summary.line()}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mails", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--dir",
        default=None,
        help="where the games and the mail spool live (default: the temp dir); "
        "put it on the file system a GM's games_dir would be on",
    )
    args = parser.parse_args()
    fetches, polls = [], []
    for round_number in range(1, args.rounds + 1):
        fetch_time, poll_time, note = one_round(args.mails, args.dir)
        fetches.append(fetch_time)
        polls.append(poll_time)
        print(
            f"round {round_number}: bare fetch {fetch_time:.2f} s, poll {poll_time:.2f} s ({note})"
        )
    fetch, polled = statistics.median(fetches), statistics.median(polls)
    print(
        f"{args.mails} mails: bare imapclient fetch {fetch:.2f} s (median), wtg poll "
        f"{polled:.2f} s (median, {polled / args.mails * 1000:.2f} ms a mail); "
        f"ratio {polled / fetch:.2f}"
    )


if __name__ == "__main__":
    main()
