"""Benchmark: `wtg poll` of many mails waiting in the maildir inbox (the embedded transport).

    .venv/bin/python bench/bench_maildir.py [--mails 10000] [--games 100 | --mails-a-game N]
        [--dir DIR] [--stages] [--jobs N]

It makes GAMES ten-player WoK IV games and drops MAILS order mails into the maildir inbox
(every player mails full orders, again and again: a mail a player beyond the first is a
newer one). ``--mails-a-game N`` makes MAILS / N games instead, each with N mails: the
issue's shape is 10 (every player of each game), a cron poll's is about 1 (the first mail
for a game pays for opening it: its config, its state, its turn files). Then it runs one
`wtg poll` in-process and prints its wall and CPU time, the time a mail, and that nothing
was dropped: every mail handled (filed, or older than the one on file), the inbox empty,
every mail in the processed folder. Target (issue 13): 10,000 mails, 100 games, at most
20 s wall on 2 cores. The poll files on ``--jobs`` processes (default: the cores) as `wtg
poll` does; the CPU counts them all. ``--stages`` adds where the poll's CPU went, stage by
stage (``bench/stages.py``), in a poll of one process.
"""

from __future__ import annotations

import argparse
import contextlib
import email.policy
import mailbox
import random
import sys
import tempfile
import time
from email.message import EmailMessage
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


from bench import stages  # noqa: E402
from bench.bench_poll import SEATS, players_of  # noqa: E402
from bench.frozen import add_jobs, as_the_command, cpu_seconds  # noqa: E402
from tests.rules.wok4.fullorders import full_orders  # noqa: E402
from tests.shipped import WOK4  # noqa: E402
from wtg.aof.render import render_aof  # noqa: E402
from wtg.game.engine import Game, create_game  # noqa: E402
from wtg.host.config import config_from_data  # noqa: E402
from wtg.mail.poll.poller import poll  # noqa: E402
from wtg.mail.servers.inbox import MaildirInbox  # noqa: E402
from wtg.rules.wok.state import WokState  # noqa: E402

TARGET_SECONDS = 20.0


def mails_for(games: list[Game[WokState]], count: int, a_game: int | None = None) -> list[bytes]:
    """``count`` order mails, player after player, game after game, round after round;
    with ``a_game``, that many mails for each game in turn (its players one after another)."""
    rng = random.Random(1)
    forms: list[tuple[Game[WokState], int, str]] = []
    for game in games:
        state = game.state()
        for entry in game.config.players:
            header = {"game": game.config.game, "turn": 1, "player": entry.id, "code": entry.code}
            orders = full_orders(state, entry.id, rng)
            context = game.ruleset.form_context(state, entry.id)
            text = render_aof(game.ruleset.form, header, orders, context)
            forms.append((game, entry.id, text))
    mails = []
    seats = len(games[0].config.players) if games else 1
    for number in range(count):
        index = number % len(forms)
        if a_game is not None:  # game after game, a_game of its players each
            index = (number // a_game * seats + number % a_game % seats) % len(forms)
        game, player, text = forms[index]
        msg = EmailMessage()
        msg["From"] = game.config.player(player).email
        msg["To"] = "gm@example.org"
        msg["Subject"] = f"orders for {game.config.game}"
        msg["Message-ID"] = f"<maildir{number}@players.example>"
        msg.set_content("My orders:\n\n" + text)
        mails.append(msg.as_bytes(policy=email.policy.SMTP))
    return mails


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mails", type=int, default=10_000)
    parser.add_argument("--games", type=int, default=None, help="100 unless --mails-a-game")
    parser.add_argument(
        "--mails-a-game", type=int, default=None, help="MAILS / N games, N mails each"
    )
    parser.add_argument("--dir", default=None, help="where the games and the spool live")
    parser.add_argument(
        "--stages", action="store_true", help="where the CPU went, by stage (in one process)"
    )
    add_jobs(parser)
    args = parser.parse_args()
    a_game: int | None = args.mails_a_game
    if a_game is not None and (a_game < 1 or args.mails % a_game):
        parser.error("--mails-a-game must be at least 1 and divide --mails")
    if a_game is not None and args.games is not None and args.games * a_game != args.mails:
        parser.error("--games and --mails-a-game disagree: give one of them")
    if a_game is not None:
        args.games = args.mails // a_game
    elif args.games is None:
        args.games = 100
    with tempfile.TemporaryDirectory(prefix="wtg-bench-maildir-", dir=args.dir) as tmp:
        root = Path(tmp)
        gm = config_from_data({"games_dir": "games", "from": "gm@example.org"}, root)
        games = [
            create_game(gm.games_dir / f"t{t}", "wok4", "classic60", players_of(t), seed=t).typed(
                WOK4
            )
            for t in range(1, args.games + 1)
        ]
        gm.maildir_in.parent.mkdir(parents=True, exist_ok=True)
        box = mailbox.Maildir(gm.maildir_in, create=True)
        for raw in mails_for(games, args.mails, a_game):
            box.add(raw)
        inbox = MaildirInbox(gm.maildir_in)
        with (
            as_the_command(),
            stages.counted() if args.stages else contextlib.nullcontext() as spent,
        ):
            (cpu, _), wall = cpu_seconds(), time.perf_counter()
            summary = poll(gm, inbox, jobs=1 if args.stages else args.jobs)
            cpu, wall = cpu_seconds()[0] - cpu, time.perf_counter() - wall
        left = len(list((gm.maildir_in / "new").iterdir()))
        processed = len(list((gm.maildir_in / ".processed" / "cur").iterdir()))
        shape = f"{args.mails} mails, {args.games} games of {SEATS}"
        print(f"{shape} ({args.mails / args.games:g} mails a game): {summary.line()}")
        print(
            f"poll: {wall:.1f} s wall, {cpu:.1f} s CPU ({cpu / args.mails * 1000:.2f} ms CPU a "
            f"mail, {wall / args.mails * 1000:.2f} ms wall)"
        )
        print(
            f"target (issue 13): {TARGET_SECONDS:.0f} s wall; measured {wall:.1f} s; "
            f"ratio to target {wall / TARGET_SECONDS:.2f}"
        )
        handled = summary.filed + summary.ignored + summary.answered
        print(
            f"dropped: {args.mails - handled} (handled {handled}, left in the inbox {left}, "
            f"in the processed folder {processed})"
        )
        if spent is not None:
            print(stages.table(spent, args.mails, cpu))


if __name__ == "__main__":
    main()
