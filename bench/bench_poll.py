"""Benchmark: `wtg poll` of 1,000 order mails from a real IMAP server (Dovecot), beside a bare
imapclient fetch of the same 1,000 mails.

    .venv/bin/python bench/bench_poll.py [--mails 1000] [--rounds 3] [--rtt MS --mbit N]

Each round starts a fresh Dovecot (tests/mail/servers.py) and appends the mails: one
full AOF (every order line filled) from every player of 100 ten-player WoK IV games, so
every mail is a new order that is filed and answered. It times a bare fetch of them all
(login, select, search, one FETCH of every body), then the poll itself: fetch, archive,
find the AOF, parse and check it, store the order file, queue the confirmation with its
forecast, flush to disk, move the mails to the processed folder.

With ``--rtt MS [--mbit N]`` both go through bench/link.py, which puts the server that
far away, as a GM's hosted mail server is; the default is Dovecot on this machine.
"""

from __future__ import annotations

import argparse
import contextlib
import email.policy
import random
import statistics
import sys
import tempfile
import time
from email.message import EmailMessage
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from imapclient import IMAPClient  # noqa: E402

from bench.link import Link  # noqa: E402
from tests.mail.servers import GM_ADDRESS, GM_PASSWORD, Dovecot  # noqa: E402
from wtg.aof.render import render_aof  # noqa: E402
from wtg.config import config_from_data  # noqa: E402
from wtg.data.rulesets.wok4 import RULESET as WOK4  # noqa: E402
from wtg.engine import Game, create_game  # noqa: E402
from wtg.gameconfig import PlayerEntry  # noqa: E402
from wtg.mail.inbox import ImapInbox  # noqa: E402
from wtg.mail.poller import poll  # noqa: E402
from wtg.rules.wok.state import WokState  # noqa: E402
from wtg.rules.wok4.fullorders import full_orders  # noqa: E402

SEATS = 10


def players_of(table: int) -> list[PlayerEntry]:
    return [
        PlayerEntry(
            id=i, name=f"P{i}", email=f"t{table}p{i}@players.example", code=f"CODE{table}X{i}"
        )
        for i in range(1, SEATS + 1)
    ]


def order_mails(games: list[Game[WokState]]) -> list[bytes]:
    """Every player of every game mails a full AOF for turn 1 (one mail each)."""
    rng = random.Random(1)
    mails: list[bytes] = []
    for game in games:
        state = game.state()
        for entry in game.config.players:
            orders = full_orders(state, entry.id, rng)
            header = {"game": game.config.game, "turn": 1, "player": entry.id, "code": entry.code}
            context = game.ruleset.form_context(state, entry.id)
            msg = EmailMessage()
            msg["From"] = entry.email
            msg["To"] = GM_ADDRESS
            msg["Subject"] = f"orders for {game.config.game}"
            msg["Message-ID"] = f"<bench{len(mails)}@players.example>"
            msg.set_content(
                "My orders:\n\n" + render_aof(game.ruleset.form, header, orders, context)
            )
            mails.append(msg.as_bytes(policy=email.policy.SMTP))
    return mails


def bare_fetch(host: str, port: int) -> tuple[float, int]:
    begin = time.perf_counter()
    client = IMAPClient(host, port=port, ssl=False)
    client.login(GM_ADDRESS, GM_PASSWORD)
    client.select_folder("INBOX")
    fetched = client.fetch(client.search(["UNDELETED"]), ["BODY.PEEK[]"])
    total = sum(len(v[b"BODY[]"]) for v in fetched.values())
    client.logout()
    return time.perf_counter() - begin, total


class Round(NamedTuple):
    fetch: float
    """The bare fetch."""
    poll: float
    imap: float
    """Of the poll, the IMAP connection's own time: login, search, fetch, move."""
    size: int
    summary: str


def one_round(count: int, where: str | None, link: tuple[float, float] | None) -> Round:
    with tempfile.TemporaryDirectory(prefix="wtg-bench-poll-", dir=where) as tmp:
        root = Path(tmp)
        with contextlib.ExitStack() as stack:
            imap = stack.enter_context(Dovecot(root / "dovecot", {GM_ADDRESS: GM_PASSWORD}))
            host, port = imap.host, imap.port
            if link is not None:
                rtt, mbit = link
                distant = stack.enter_context(Link(host, port, rtt=rtt / 1000, mbit=mbit))
                host, port = distant.host, distant.port
            gm = config_from_data(
                {
                    "games_dir": "games",
                    "transport": "imap",
                    "imap": {
                        "host": host,
                        "port": port,
                        "username": GM_ADDRESS,
                        "password": GM_PASSWORD,
                    },
                    "smtp": {"host": "127.0.0.1", "port": 25, "from": "gm@example.org"},
                },
                root,
            )
            games = [
                create_game(
                    gm.games_dir / f"t{t}", "wok4", "classic60", players_of(t), seed=t
                ).typed(WOK4)
                for t in range(1, count // SEATS + 1)
            ]
            mails = order_mails(games)
            with imap.client(GM_ADDRESS) as client:
                for raw in mails:
                    client.append("INBOX", raw)
            fetch_time, size = bare_fetch(host, port)
            begin = time.perf_counter()
            assert gm.imap is not None
            inbox = ImapInbox(gm.imap)
            login = time.perf_counter() - begin
            summary = poll(gm, inbox)
            inbox.close()
            poll_time = time.perf_counter() - begin
            assert summary.filed == len(mails), summary.line()
            return Round(fetch_time, poll_time, login + inbox.busy, size, summary.line())


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
    parser.add_argument(
        "--rtt",
        type=float,
        default=None,
        help="put the server this many milliseconds away (round trip), as a hosted one is",
    )
    parser.add_argument(
        "--mbit", type=float, default=100.0, help="the line's speed with --rtt (Mbit/s)"
    )
    args = parser.parse_args()
    link = None if args.rtt is None else (args.rtt, args.mbit)
    if link:
        print(f"server {args.rtt:g} ms away at {args.mbit:g} Mbit/s (bench/link.py)")
    rounds = []
    for number in range(1, args.rounds + 1):
        done = one_round(args.mails, args.dir, link)
        rounds.append(done)
        print(
            f"round {number}: bare fetch {done.fetch:.2f} s, poll {done.poll:.2f} s, of which "
            f"IMAP {done.imap:.2f} s ({done.size / 1e6:.1f} MB; {done.summary})"
        )
    fetch = statistics.median(r.fetch for r in rounds)
    polled = statistics.median(r.poll for r in rounds)
    imap = statistics.median(r.imap for r in rounds)
    print(
        f"{args.mails} mails: bare imapclient fetch {fetch:.2f} s (median), wtg poll "
        f"{polled:.2f} s (median, {polled / args.mails * 1000:.2f} ms a mail); "
        f"ratio {polled / fetch:.2f}; the poll's IMAP work {imap:.2f} s, "
        f"{imap / fetch:.2f} times the bare fetch"
    )


if __name__ == "__main__":
    main()
