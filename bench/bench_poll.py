"""Benchmark: `wtg poll` of 1,000 order mails from a real IMAP server (Dovecot), beside a bare
imapclient fetch of the same 1,000 mails.

    .venv/bin/python bench/bench_poll.py [--mails 1000] [--rounds 3] [--dir DIR]
        [--rtt MS --mbit N] [--storage maildir|sdbox|mdbox] [--no-command] [--profile N]
        [--replies] [--stages]

Each round starts a fresh Dovecot (tests/mail/servers.py) and appends the mails: one
full AOF (every order line filled) from every player of 100 ten-player WoK IV games, so
every mail is a new order that is filed and answered. With ``--replies`` each mail is a
player's reply to his turn-0 report, as most are: the games' reports are first sent (to a
maildir, `wtg send` as it runs), and each mail names its report (In-Reply-To) and quotes
it, the filled AOF in place of the blank one (``wtg.cli.demo.reply_with_orders``), so the
poll also reads back the report a mail answers; without it, a mail holds its AOF alone
and answers nothing. It times a bare fetch of them all
(login, select, search, one FETCH of every body), then the poll itself, in this process:
fetch, archive, find the AOF, parse and check it, store the order file, queue the
confirmation with its forecast, flush to disk, move the mails to the processed folder;
its wall clock, its CPU (both threads, and the helpers'; of it, the IMAP connection's: the
rest is the CPU once the bytes are in hand) and the IMAP connection's own time. Then the same
mails again, fetched bare and moved to the processed folder in one bare MOVE: the least a
poll that empties the inbox asks of the server (Dovecot spends most of a bare fetch's time
again on moving, or on deleting, a thousand mails). Then the same mails again, into a copy
of the games as they were, polled by the `wtg poll` command as cron runs it (Python's
start and imports included): its wall clock and CPU.

Every round has a folder of its own, and all of them are removed together after the last
round: a round that made its files just after the last one's folder was removed paid for
that removal in the kernel. On ext4 without a journal, a new file's inode is looked for
past every inode of its group that was freed recently (the kernel's ``recently_deleted``,
which keeps them from being reused at once), and a round frees tens of thousands: the
kernel CPU of the same poll grew round over round. Other programs that remove many files
on the same disk still do that to any round; the round's line ends with the CPU of making
one file on the disk then (``file_cost``), which shows it, and the machine's load average
(a minute's) at the round's end: on the 2-core machine shared with other work, the same
code's CPU a mail grew by about a third between a load of 3 and one of 9 to 12, the
yardstick's by about a tenth, so figures of two runs compare only at loads alike.

It prints each round, then the medians: first the poll's two targets (issue 26), each
beside its figure with PASS or FAIL: its CPU once the bytes are in hand (parse, intake,
filing, answers, journal) at most 1 ms a mail, its IMAP work at most
1.5 times the bare fetch and MOVE; then, proposed in place of the first (whose 1 ms
measures the machine as much as the poll: the same code takes from one to three of them on
the machines it has run on), the same CPU beside the least a poll does written plainly
with the standard library on the same mails in the same round (``yardstick``), at most
twice it; then where the time goes (the CPU outside the kernel; the files the poll
made a mail, each the CPU of making one such file on the same disk, and the poll's CPU
without them; the IMAP work over the bare
fetch alone, without its MOVE, the poll's IMAP commands alone), and the whole poll beside
issue 13's target, at most 10 times the bare fetch. ``--profile N`` runs one more poll under
cProfile and prints the N functions of wtg that take the most time, with what they call.
``--stages`` runs one more poll, in one process, and prints the CPU a mail of each stage of
its handling (``bench/stages.py``), with its share of the poll's CPU once the bytes are in
hand: cProfile times every call, and weighs a stage of many small Python calls several
times more than one spent in C or in the kernel (a body encoded, a file made); these
are the stages' own shares.

With ``--rtt MS [--mbit N]`` both go through bench/link.py, which puts the server that
far away, as a GM's hosted mail server is; the default is Dovecot on this machine.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import email
import email.policy
import json
import os
import pstats
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from email.message import EmailMessage
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import jinja2  # noqa: E402
from imapclient import IMAPClient  # noqa: E402

from bench import stages  # noqa: E402
from bench.frozen import add_jobs, as_the_command, cpu_seconds  # noqa: E402
from bench.link import Link  # noqa: E402
from tests.mail.servers import GM_ADDRESS, GM_PASSWORD, STORAGES, Dovecot  # noqa: E402
from tests.rules.wok4.fullorders import full_orders  # noqa: E402
from tests.shipped import WOK4  # noqa: E402
from wtg.aof.render import render_aof  # noqa: E402
from wtg.cli.demo import reply_with_orders  # noqa: E402
from wtg.files.store import write_atomic  # noqa: E402
from wtg.game.engine import Game, create_game  # noqa: E402
from wtg.game.gameconfig import PlayerEntry  # noqa: E402
from wtg.host.config import ImapConfig, config_from_data  # noqa: E402
from wtg.mail.outgoing.sender import send  # noqa: E402
from wtg.mail.poll.poller import poll  # noqa: E402
from wtg.mail.servers.inbox import ImapInbox  # noqa: E402
from wtg.mail.servers.transport import MaildirTransport, delivered  # noqa: E402
from wtg.rules.wok.state import WokState  # noqa: E402

SEATS = 10
CPU_TARGET = 0.001
"""Issues 13 and 26: the poll's CPU in process, at most 1 ms a mail (everything after the
bytes are in hand: parse, intake, filing, answers, journal)."""
YARDSTICK_TARGET = 2.0
"""Proposed beside issue 26's 1 ms (which measures the machine as much as the poll): the
poll's CPU a mail, bytes in hand, at most twice that of the least a poll does written
plainly with the standard library (``yardstick``), on the same machine in the same round.
Twice, because the yardstick checks nothing: the poll also opens the game, checks every
order against it, works out the forecast, and keeps the mail, its order file and its
answer (five files a mail to the yardstick's two)."""
IMAP_TARGET = 1.5
"""Issue 26: the poll's IMAP work, at most 1.5 times a bare imapclient fetch and MOVE of
the same mails against the same Dovecot (``bare_fetch`` with ``move_to``)."""
POLL_TARGET = 10.0
"""Issue 13: the whole poll, at most 10 times the bare fetch."""


def players_of(table: int) -> list[PlayerEntry]:
    return [
        PlayerEntry(
            id=i, name=f"P{i}", email=f"t{table}p{i}@players.example", code=f"CODE{table}X{i}"
        )
        for i in range(1, SEATS + 1)
    ]


def order_mails(games: list[Game[WokState]], reports: Path | None = None) -> list[bytes]:
    """Every player of every game mails a full AOF for turn 1 (one mail each); with
    ``reports`` (the maildir the games' turn-0 reports were sent to), each mail is his
    reply to his report, quoting it (``reply_with_orders``)."""
    rng = random.Random(1)
    mails: list[bytes] = []
    sent = sent_reports(reports) if reports is not None else {}
    for game in games:
        state = game.state()
        for entry in game.config.players:
            orders = full_orders(state, entry.id, rng)
            header = {"game": game.config.game, "turn": 1, "player": entry.id, "code": entry.code}
            context = game.ruleset.form_context(state, entry.id)
            filled = render_aof(game.ruleset.form, header, orders, context)
            message_id = f"<bench{len(mails)}@players.example>"
            report = sent.get((game.config.game, entry.id))
            if report is not None:
                reply = reply_with_orders(report, filled, entry.email, message_id)
                mails.append(reply.as_bytes(policy=email.policy.SMTP))
                continue
            msg = EmailMessage()
            msg["From"] = entry.email
            msg["To"] = GM_ADDRESS
            msg["Subject"] = f"orders for {game.config.game}"
            msg["Message-ID"] = message_id
            msg.set_content("My orders:\n\n" + filled)
            mails.append(msg.as_bytes(policy=email.policy.SMTP))
    return mails


def sent_reports(maildir: Path) -> dict[tuple[str, int], bytes]:
    """The report mails sent to ``maildir``, by game and player (their outbox ids are
    ``report-<game>-t0000-p01``: the file's name in the maildir)."""
    found: dict[tuple[str, int], bytes] = {}
    for path in delivered(maildir):
        kind, _, rest = path.name.partition("-")
        game, _, seat = rest.rpartition("-")
        if kind == "report" and seat.startswith("p"):
            found[(game.rpartition("-")[0], int(seat[1:]))] = path.read_bytes()
    return found


def bare_fetch(host: str, port: int, move_to: str | None = None) -> tuple[float, int]:
    """A bare imapclient fetch of every waiting mail: login, select, search, one FETCH of
    every body; with ``move_to``, then one MOVE of them all to that folder (the least
    that any poll which empties the inbox asks of the server)."""
    begin = time.perf_counter()
    client = IMAPClient(host, port=port, ssl=False)
    client.login(GM_ADDRESS, GM_PASSWORD)
    client.select_folder("INBOX")
    uids = client.search(["UNDELETED"])
    fetched = client.fetch(uids, ["BODY.PEEK[]"])
    total = sum(len(v[b"BODY[]"]) for v in fetched.values())
    if move_to is not None:
        client.move(uids, move_to)
    client.logout()
    return time.perf_counter() - begin, total


ANSWER = jinja2.Environment(autoescape=False).from_string(
    "Dear {{ sender }},\n\nyour mail {{ subject }} was read:\n"
    "{% for line in lines %}  {{ loop.index }}: {{ line }}: understood\n{% endfor %}"
)


def yardstick(mails: list[bytes], folder: Path, lean: bool = False) -> float:
    """The least a poll does, written plainly with the standard library (and Jinja), in
    seconds of CPU: each mail parsed (``email``, its default policy), its text part read,
    the lines that hold a colon kept and written to a file as JSON, an answer that lists
    them composed from a template and written to a file. No check of an order, no game
    opened, no journal: a floor that runs on the machine the poll runs on. ``lean``: the
    mail parsed under ``compat32`` and its first text/plain part's bytes decoded by hand,
    as the poll parses (a sixth of the default policy's parse; the answer made the same)."""
    folder.mkdir()
    begin = time.process_time()
    for number, raw in enumerate(mails):
        if lean:
            mail = email.message_from_bytes(raw, policy=email.policy.compat32)
            plain = next((p for p in mail.walk() if p.get_content_type() == "text/plain"), None)
            data = plain.get_payload(decode=True) if plain is not None else b""
            charset = (plain.get_content_charset() if plain is not None else None) or "ascii"
            text = data.decode(charset, "replace") if isinstance(data, bytes) else ""
        else:
            mail = email.message_from_bytes(raw, policy=email.policy.default)
            assert isinstance(mail, EmailMessage)
            body = mail.get_body(("plain",))
            text = body.get_content() if isinstance(body, EmailMessage) else ""
        lines = [line.strip() for line in text.splitlines() if ":" in line]
        (folder / f"{number}.json").write_text(json.dumps(lines), encoding="utf-8")
        answer = EmailMessage()
        answer["From"], answer["To"] = GM_ADDRESS, str(mail["From"])
        answer["Subject"] = f"Re: {mail['Subject']}"
        answer.set_content(ANSWER.render(sender=mail["From"], subject=mail["Subject"], lines=lines))
        (folder / f"{number}.eml").write_bytes(answer.as_bytes(policy=email.policy.SMTP))
    return time.process_time() - begin


def files_under(folder: Path) -> int:
    """The files under ``folder`` (what a poll made there: a file written whole is renamed
    into place, so each counts once)."""
    return sum(1 for path in folder.rglob("*") if path.is_file())


def file_cost(folder: Path, count: int = 500) -> float:
    """The CPU of making one small file as the poll makes its files (``write_atomic``
    without its flush: a file written under a temporary name, then renamed into place) on
    the disk of ``folder``, in seconds: most of it the kernel's, and what the disk's file
    system asks differs from one disk to another by ten times and more."""
    folder.mkdir()
    data = b"x" * 1500
    begin = time.process_time()
    for number in range(count):
        write_atomic(folder / f"f{number}.txt", data, sync=False)
    return (time.process_time() - begin) / count


def inbox_alone(config: ImapConfig, count: int) -> float:
    """The IMAP commands a poll gives for the waiting mails (connect, log in, select,
    survey, fetch each batch, move it), each batch handed back as soon as it comes:
    seconds."""
    begin = time.perf_counter()
    inbox = ImapInbox(config)
    moved = 0
    for batch in inbox.waiting(max_bytes=1_000_000):
        inbox.finish(batch, [])
        moved += len(batch)
    inbox.settle()
    inbox.close()
    assert moved == count, moved
    return time.perf_counter() - begin


class Round(NamedTuple):
    fetch: float
    """The bare fetch."""
    poll: float
    cpu: float
    """The poll's CPU, in this process and its helpers (the IMAP thread's too)."""
    kernel: float
    """Of that, the CPU spent in the kernel (creating and renaming files, mostly)."""
    imap_cpu: float
    """Of that, the IMAP connection's: its login, and its thread in IMAP commands (reading
    the server's answers). The rest is the CPU once the bytes are in hand."""
    imap: float
    """Of the poll, the IMAP connection's own time: login, search, fetch, move."""
    moving: float
    """Of that, the MOVE of the mails to the processed folder (a bare fetch moves none)."""
    fetch_move: float
    """A bare fetch of the same mails followed by one bare MOVE of them all."""
    alone: float
    """The poll's IMAP commands for the same mails with nothing filed between them
    (``inbox_alone``): its IMAP work without the filing's share of the one CPU the
    connection's thread and the poller take turns on."""
    command: float
    """The `wtg poll` command's wall clock (0 when not run)."""
    command_cpu: float
    yardstick: float
    """The CPU of ``yardstick`` over the same mails."""
    lean: float
    """The CPU of the lean ``yardstick`` (the mails parsed as the poll parses them)."""
    files: int
    """The files the poll made."""
    file_cost: float
    """The CPU of making one on this disk (``file_cost``)."""
    size: int
    summary: str


def gm_data(host: str, port: int) -> dict[str, object]:
    return {
        "games_dir": "games",
        "transport": "imap",
        "imap": {"host": host, "port": port, "username": GM_ADDRESS, "password": GM_PASSWORD},
        "smtp": {"host": "127.0.0.1", "port": 25, "from": "gm@example.org"},
    }


def run_command(root: Path, host: str, port: int, jobs: int) -> tuple[float, float, str]:
    """`wtg poll` as a command, with a config file of its own: wall, CPU (its helpers'
    with it), its line."""
    config = root / "wtg.yaml"
    config.write_text(json.dumps(gm_data(host, port)), encoding="utf-8")  # JSON is YAML
    wtg = Path(sys.executable).with_name("wtg")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    begin = time.perf_counter()
    done = subprocess.run(
        [str(wtg), "--config", str(config), "poll", "--jobs", str(jobs)],
        capture_output=True,
        text=True,
        check=True,
    )
    wall = time.perf_counter() - begin
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout.strip()


def one_round(
    count: int,
    root: Path,
    link: tuple[float, float] | None,
    command: bool,
    jobs: int,
    profile: cProfile.Profile | None = None,
    storage: str = "maildir",
    replies: bool = False,
    spent: Counter[str] | None = None,
) -> Round:
    """One round in the new folder ``root``, which the caller removes after the last round
    (``main``). ``replies``: the mails answer their reports (``order_mails``). ``spent``:
    the CPU of each stage of the poll added to it (``bench/stages.py``; the poll in one
    process, as with ``profile``)."""
    root.mkdir()
    with contextlib.ExitStack() as stack:
        imap = stack.enter_context(
            Dovecot(root / "dovecot", {GM_ADDRESS: GM_PASSWORD}, storage=storage)
        )
        host, port = imap.host, imap.port
        if link is not None:
            rtt, mbit = link
            distant = stack.enter_context(Link(host, port, rtt=rtt / 1000, mbit=mbit))
            host, port = distant.host, distant.port
        gm = config_from_data(gm_data(host, port), root)
        games = [
            create_game(gm.games_dir / f"t{t}", "wok4", "classic60", players_of(t), seed=t).typed(
                WOK4
            )
            for t in range(1, count // SEATS + 1)
        ]
        reports = None
        if replies:  # the reports the mails answer, in the outbox's sent/ as a send leaves them
            reports = root / "reports"
            send(gm, MaildirTransport(reports))
        shutil.copytree(gm.games_dir, root / "again" / "games")  # for the command
        mails = order_mails(games, reports)
        assert gm.imap is not None
        with imap.client(GM_ADDRESS) as client:
            # The folders the poll moves mails to are there, as they are from a GM's
            # second poll on (the first makes them)
            for folder in (gm.imap.processed_folder, gm.imap.rejected_folder):
                client.create_folder(folder)
            for raw in mails:
                client.append("INBOX", raw)
        fetch_time, size = bare_fetch(host, port)
        floor = yardstick(mails, root / "yardstick")
        lean_floor = yardstick(mails, root / "lean", lean=True)
        one_file = file_cost(root / "files")
        files_before = files_under(gm.games_dir)
        alone_here = profile is not None or spent is not None  # the poll in this process
        with (
            as_the_command(),
            stages.counted() if spent is not None else contextlib.nullcontext() as counted,
        ):
            begin, (cpu, kernel) = time.perf_counter(), cpu_seconds()
            if profile is not None:
                profile.enable()
            login_cpu = time.thread_time()
            inbox = ImapInbox(gm.imap)
            login, login_cpu = time.perf_counter() - begin, time.thread_time() - login_cpu
            summary = poll(gm, inbox, jobs=1 if alone_here else jobs)
            inbox.close()
            if profile is not None:
                profile.disable()
            poll_time = time.perf_counter() - begin
            cpu_after, kernel_after = cpu_seconds()
            cpu, kernel = cpu_after - cpu, kernel_after - kernel
        if spent is not None and counted is not None:
            spent.update(counted)
        assert summary.filed == len(mails), summary.line()
        made = files_under(gm.games_dir) - files_before
        with imap.client(GM_ADDRESS) as client:
            for raw in mails:
                client.append("INBOX", raw)
        alone = inbox_alone(gm.imap, len(mails))
        with imap.client(GM_ADDRESS) as client:
            for raw in mails:
                client.append("INBOX", raw)
        fetch_move, _size = bare_fetch(host, port, move_to=gm.imap.processed_folder)
        wall = command_cpu = 0.0
        if command:
            with imap.client(GM_ADDRESS) as client:
                for raw in mails:
                    client.append("INBOX", raw)
            wall, command_cpu, line = run_command(root / "again", host, port, jobs)
            assert line.startswith(f"filed {len(mails)},"), line
        return Round(
            fetch_time,
            poll_time,
            cpu,
            kernel,
            login_cpu + inbox.busy_cpu,
            login + inbox.busy,
            inbox.busy_moving,
            fetch_move,
            alone,
            wall,
            command_cpu,
            floor,
            lean_floor,
            made,
            one_file,
            size,
            summary.line(),
        )


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
    parser.add_argument(
        "--no-command", action="store_true", help="do not time the `wtg poll` command"
    )
    parser.add_argument(
        "--storage",
        choices=STORAGES,
        default="maildir",
        help="Dovecot's mail format (maildir: a file a mail, where a MOVE renames each; "
        "mdbox: Dovecot's own, where a MOVE changes an index)",
    )
    parser.add_argument(
        "--replies",
        action="store_true",
        help="each mail a reply to its report (In-Reply-To, the report quoted), as most are",
    )
    add_jobs(parser)
    parser.add_argument(
        "--profile", type=int, default=0, metavar="N", help="then profile a poll: top N"
    )
    parser.add_argument(
        "--stages",
        action="store_true",
        help="then one more poll, in one process: the CPU a mail of each stage",
    )
    args = parser.parse_args()
    link = None if args.rtt is None else (args.rtt, args.mbit)
    if link:
        print(f"server {args.rtt:g} ms away at {args.mbit:g} Mbit/s (bench/link.py)")
    print(f"Dovecot stores the mail as {args.storage}")
    if args.replies:
        print("each mail answers its report (In-Reply-To, the report quoted)")
    rounds = []
    with tempfile.TemporaryDirectory(prefix="wtg-bench-poll-", dir=args.dir) as tmp:
        for number in range(1, args.rounds + 1):
            done = one_round(
                args.mails,
                Path(tmp) / f"round-{number}",
                link,
                not args.no_command,
                args.jobs,
                storage=args.storage,
                replies=args.replies,
            )
            rounds.append(done)
            print_round(number, done)
        report(rounds, args.mails)
        if args.profile:
            profiled(
                args.mails, Path(tmp) / "profiled", link, args.profile, args.storage, args.replies
            )
        if args.stages:
            staged(args.mails, Path(tmp) / "staged", link, args.storage, args.replies)


def print_round(number: int, done: Round) -> None:
    command = (
        f"; the command {done.command:.2f} s, {done.command_cpu:.2f} s CPU" if done.command else ""
    )
    print(
        f"round {number}: bare fetch {done.fetch:.3f} s, poll {done.poll:.2f} s "
        f"({done.cpu:.2f} s CPU, {done.kernel:.2f} s of it in the kernel, "
        f"{done.imap_cpu:.2f} s the IMAP connection's), of which IMAP "
        f"{done.imap:.3f} s (MOVE {done.moving:.3f} s; a bare fetch and MOVE "
        f"{done.fetch_move:.3f} s; the poll's IMAP commands alone {done.alone:.3f} s)"
        f"{command} "
        f"({done.size / 1e6:.1f} MB; {done.summary}); making a file here "
        f"{done.file_cost * 1e6:.0f} us CPU; the machine's load {os.getloadavg()[0]:.1f}"
    )


def verdict(ratio: float) -> str:
    """PASS when a figure is at most its target (its ratio to the target at most 1)."""
    return "PASS" if ratio <= 1 else "FAIL"


def report(rounds: list[Round], mails: int) -> None:
    """The medians: first the poll's two targets (issue 26), each figure beside its target
    with PASS or FAIL; then the figures that show where the time goes, and the whole poll
    beside the target issue 13 set for it."""
    fetch = statistics.median(r.fetch for r in rounds)
    polled = statistics.median(r.poll for r in rounds)
    cpu = statistics.median(r.cpu for r in rounds)
    in_hand = statistics.median(r.cpu - r.imap_cpu for r in rounds)
    user = statistics.median(r.cpu - r.kernel for r in rounds)
    imap = statistics.median(r.imap for r in rounds)
    moving = statistics.median(r.moving for r in rounds)
    fetch_move = statistics.median(r.fetch_move for r in rounds)
    alone = statistics.median(r.alone for r in rounds)
    floor = statistics.median(r.yardstick for r in rounds)
    lean = statistics.median(r.lean for r in rounds)
    files = statistics.median(r.files for r in rounds) / mails
    one_file = statistics.median(r.file_cost for r in rounds)
    targets = [
        (
            "the poll's CPU a mail, bytes in hand",
            f"{in_hand / mails * 1000:.2f} ms",
            f"<= {CPU_TARGET * 1000:g} ms",
            in_hand / mails / CPU_TARGET,
        ),
        (
            "its IMAP work / bare fetch and MOVE",
            f"{imap:.3f} / {fetch_move:.3f} s = {imap / fetch_move:.2f}",
            f"<= {IMAP_TARGET:g}",
            imap / fetch_move / IMAP_TARGET,
        ),
    ]
    proposed = (
        "the poll's CPU / the stdlib's least",
        f"{in_hand / mails * 1000:.2f} / {floor / mails * 1000:.2f} ms = {in_hand / floor:.2f}",
        f"<= {YARDSTICK_TARGET:g}",
        in_hand / floor / YARDSTICK_TARGET,
    )
    print(f"{mails} mails, medians of {len(rounds)} rounds")
    print("the poll's targets (issue 26):")
    print(f"  {'what':38} {'measured':26} {'target':>10}   verdict")
    for what, measured, target, ratio in targets:
        print(f"  {what:38} {measured:26} {target:>10}   {verdict(ratio)}")
    print("proposed in its place (the same CPU beside a plain stdlib poll on this machine):")
    what, measured, target, ratio = proposed
    print(f"  {what:38} {measured:26} {target:>10}   {verdict(ratio)}")
    details = [
        (
            "the poll's CPU / a stdlib poll parsing lean",
            f"{in_hand / mails * 1000:.2f} / {lean / mails * 1000:.2f} ms = {in_hand / lean:.2f}"
            " (compat32, as the poll parses)",
        ),
        ("the poll's CPU with the IMAP connection's", f"{cpu / mails * 1000:.2f} ms a mail"),
        ("  of it, Python (outside the kernel)", f"{user / mails * 1000:.2f} ms a mail"),
        (
            "  files made a mail, the CPU of one here",
            f"{files:.1f} x {one_file * 1e6:.0f} us = {files * one_file * 1000:.2f} ms a mail",
        ),
        (
            "  its CPU in hand, less making its files",
            f"{(in_hand / mails - files * one_file) * 1000:.2f} ms",
        ),
        ("the poll's IMAP work / bare fetch", f"{imap:.3f} / {fetch:.3f} s = {imap / fetch:.2f}"),
        (
            "  the same without its MOVE",
            f"{imap - moving:.3f} / {fetch:.3f} s = {(imap - moving) / fetch:.2f}",
        ),
        (
            "  its IMAP commands alone / bare fetch",
            f"{alone:.3f} / {fetch:.3f} s = {alone / fetch:.2f}",
        ),
    ]
    whole = [("whole poll (in process) / bare fetch", polled, fetch)]
    if all(r.command for r in rounds):
        command = statistics.median(r.command for r in rounds)
        command_cpu = statistics.median(r.command_cpu for r in rounds)
        details.append(("`wtg poll` command CPU", f"{command_cpu / mails * 1000:.2f} ms a mail"))
        whole.append(("`wtg poll` command / bare fetch", command, fetch))
    print("where the time goes:")
    for what, measured in details:
        print(f"  {what:42} {measured}")
    print(f"the whole poll (issue 13's target: at most {POLL_TARGET:g} times the bare fetch):")
    for what, seconds, base in whole:
        ratio = seconds / base
        print(
            f"  {what:38} {seconds:.2f} / {base:.3f} s = {ratio:.1f}"
            f"   <= {POLL_TARGET:g}   {verdict(ratio / POLL_TARGET)}"
        )


def profiled(
    mails: int,
    root: Path,
    link: tuple[float, float] | None,
    top: int,
    storage: str,
    replies: bool = False,
) -> None:
    """One more poll under cProfile (in the new folder ``root``): where its time goes, by
    function of wtg."""
    profile = cProfile.Profile()
    one_round(
        mails, root, link, command=False, jobs=1, profile=profile, storage=storage, replies=replies
    )
    stats = pstats.Stats(profile)
    stats.sort_stats("cumulative").print_stats(r"wtg/", top)


def staged(
    mails: int, root: Path, link: tuple[float, float] | None, storage: str, replies: bool
) -> None:
    """One more poll, in one process (in the new folder ``root``), its handling timed stage
    by stage (``bench/stages.py``): each stage's CPU a mail, and its share of the poll's
    CPU once the bytes are in hand."""
    spent: Counter[str] = Counter()
    done = one_round(
        mails, root, link, command=False, jobs=1, storage=storage, replies=replies, spent=spent
    )
    in_hand = done.cpu - done.imap_cpu
    print(f"where a poll's CPU goes, in one process ({in_hand / mails * 1000:.2f} ms a mail):")
    print(stages.table(spent, mails, in_hand))


if __name__ == "__main__":
    main()
