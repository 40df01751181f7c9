"""The demo: a 10-player WoK IV game played for some turns through the whole mail loop on the
maildir transport, by a built-in strategy that answers each report mail as a player would:
a reply quoting the report, with the AOF in it filled in."""

from __future__ import annotations

import email
import email.policy
import random
import shutil
from collections.abc import Callable
from datetime import timedelta
from email.message import EmailMessage
from functools import partial
from pathlib import Path

from wtg.aof.mailtext import BEGIN_MARKER
from wtg.core.errors import UsageError
from wtg.core.printable import printable
from wtg.data.rulesets import shipped
from wtg.files import private
from wtg.game.engine import Game, create_game, open_game
from wtg.game.gameconfig import PlayerEntry
from wtg.game.report import aof_text
from wtg.game.schedule import make_schedule
from wtg.host.config import GmConfig, config_from_data
from wtg.host.due import run_due
from wtg.mail.outgoing.dkimkeys import default_key_name, make_key, record_value
from wtg.mail.outgoing.pictures import map_drawing
from wtg.mail.outgoing.sender import SendSummary, send
from wtg.mail.poll.poller import poll
from wtg.mail.servers.inbox import MaildirInbox
from wtg.mail.servers.transport import delivered
from wtg.mail.spool.journal import mailed_turns, note_game
from wtg.rules.wok.state import WokState
from wtg.rules.wok4.ruleset import Wok4
from wtg.rules.wok4.strategy import plan_orders
from wtg.site.build import build_site
from wtg.text.shellcommand import shell_command

WOK4 = shipped(Wok4)

NAMES = (
    "Aldric",
    "Brenna",
    "Caspian",
    "Delphine",
    "Eamon",
    "Fenna",
    "Gideon",
    "Halvard",
    "Isolde",
    "Joran",
)
QUITTER = 10
"""The demo's player 10 stops sending orders after turn 2, to show the QUIT rule."""
GM = "Game Master <gm@kaomaris.example>"
DKIM_DOMAIN = "kaomaris.example"
DKIM_SELECTOR = "demo"
"""Every mail the demo sends is signed (DKIM) with a key it makes for the GM's domain."""


def sent(gm: GmConfig, echo: Callable[[str], None]) -> None:
    """The demo's `wtg send`: its summary line, then each line it has for the GM (a mail set
    aside for good, with why), said before the send counts them said. A send without a
    ``tell`` says them to the log, which the demo does not show: they were lost."""

    def tell(summary: SendSummary) -> None:
        for line in (summary.line(), *summary.gm_lines()):
            echo(printable(f"  send: {line}"))

    send(gm, picture=map_drawing(), tell=tell)


def demo_players() -> list[PlayerEntry]:
    return [
        PlayerEntry(id=i, name=name, email=f"{name.lower()}@players.example", code=f"DEMO{i:04d}")
        for i, name in enumerate(NAMES, start=1)
    ]


def filled_aof(game: Game[WokState], player: int) -> str:
    """The player's AOF, filled in by the strategy and marked READY."""
    state = game.state()
    rng = random.Random(f"demo:{game.config.seed}:{state.turn}:{player}")
    orders = plan_orders(state, player, rng)
    orders["ready"] = True
    return aof_text(game.ruleset, game.config, state, player, orders)


def reply_with_orders(report: bytes, filled: str, sender: str, message_id: str) -> EmailMessage:
    """A player's reply to a report mail: a line on top, then the report quoted with "> ",
    its blank AOF replaced by the filled one, as a mail client would quote it."""
    original = email.message_from_bytes(report, policy=email.policy.default)
    body = original.get_body(preferencelist=("plain",))
    text = body.get_content() if body is not None else ""
    begin = text.find(BEGIN_MARKER)
    text = (text[:begin] if begin >= 0 else text + "\n") + filled
    reply = EmailMessage()
    reply["From"] = sender
    reply["To"] = str(original["From"])
    reply["Subject"] = "Re: " + str(original["Subject"])
    reply["Message-ID"] = message_id
    reply["In-Reply-To"] = str(original["Message-ID"])
    reply.set_content(
        "Here are my orders.\n\nOn the last turn you wrote:\n"
        + "".join(f"> {line}\n" for line in text.splitlines())
    )
    return reply


def latest_report(maildir_out: Path, game: str, player: int) -> bytes:
    mails = [
        p
        for p in delivered(maildir_out)
        if p.name.startswith(f"report-{game}-") and p.name.endswith(f"-p{player:02d}")
    ]
    return max(mails, key=lambda p: p.name).read_bytes()


MARKER = ".wtg-demo"
SITE = "site"
"""The demo's site (``wtg site``), beside its reports."""


class DemoError(UsageError):
    """A demo that cannot be played in the folder given."""


def _cleared(out_dir: Path) -> None:
    """An earlier demo's folder emptied, its marker last: a demo killed while it cleared the
    folder leaves the marker while anything else is left, so the next demo clears it too
    (rather than refuse it as a folder not the demo's)."""
    for entry in sorted(out_dir.iterdir()):
        if entry.name == MARKER:
            continue
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry)
        else:
            entry.unlink()
    (out_dir / MARKER).unlink()


def run_demo(out_dir: Path, turns: int, seed: int, echo: Callable[[str], None]) -> None:
    """Play the demo into ``out_dir``; a folder left by an earlier demo is replaced, any
    other folder that is not empty is refused, and so is a file."""
    if out_dir.exists() and not out_dir.is_dir():
        raise DemoError(f"{out_dir} is a file, not a folder: give the demo a new folder")
    if out_dir.exists() and any(out_dir.iterdir()):
        if not (out_dir / MARKER).is_file():
            raise DemoError(
                f"{out_dir} is not empty and not an earlier demo's output: "
                "give the demo a new folder"
            )
        _cleared(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / MARKER).write_text("made by `wtg demo`; it empties this folder when rerun\n")
    key_name = default_key_name(DKIM_SELECTOR, DKIM_DOMAIN)
    key = make_key(out_dir / key_name)
    dkim = {"domain": DKIM_DOMAIN, "selector": DKIM_SELECTOR, "key_file": key_name}
    gm = config_from_data({"games_dir": "games", "from": GM, "dkim": dkim}, out_dir)
    schedule = make_schedule(2, "18:00", "Europe/Vienna")
    game = create_game(
        gm.games_dir / "demo", "wok4", "classic60", demo_players(), seed, schedule=schedule
    ).typed(WOK4)
    echo(
        f"A 10-player WoK IV game on the 60-province map in {game.store.root} (seed {seed});"
        f" mail goes through the maildir transport in {gm.spool}."
    )
    echo(
        f"Every mail is signed (DKIM) with {out_dir / key_name}; its record, as a real "
        f"host publishes it: {DKIM_SELECTOR}._domainkey.{DKIM_DOMAIN} TXT "
        f"{record_value(key.public)}"
    )
    sent(gm, echo)
    for _ in range(turns):
        game = open_game(game.store.root).typed(WOK4)
        state = game.state()
        if game.ruleset.is_over(state):
            break
        inbox = private.maildir(gm.maildir_in)
        for pid in game.ruleset.owing(state):
            if pid == QUITTER and state.turn >= 2:
                continue
            entry = game.config.player(pid)
            mail = reply_with_orders(
                latest_report(gm.maildir_out, "demo", pid),
                filled_aof(game, pid),
                f"{entry.name} <{entry.email}>",
                f"<t{state.turn + 1}.p{pid}@players.example>",
            )
            inbox.add(mail)
        box = MaildirInbox(gm.maildir_in)
        echo(f"turn {state.turn + 1}: poll: {poll(gm, box).line()}")
        deadline = game.deadline()
        clock = deadline + timedelta(minutes=1) if deadline else None
        mailed = mailed_turns(gm.spool)
        for line, _ok in run_due(gm, clock, mailed=mailed, first_ran=partial(note_game, gm.spool)):
            echo(f"  run-turn --due: {line}")
        sent(gm, echo)
    reports = out_dir / "reports"
    for turn in game.store.turns():
        shutil.copytree(game.store.turn_dir(turn) / "reports", reports / f"turn-{turn:02d}")
    shutil.copyfile(game.store.turn_dir(game.latest_turn()) / "topten.txt", out_dir / "topten.txt")
    echo(
        f"Reports: {reports}/turn-NN/pNN.txt; every mail sent: {gm.maildir_out}/new; every "
        f"mail received: {gm.maildir_in}; Top Ten: {out_dir}/topten.txt"
    )
    site = out_dir / SITE
    build_site(gm.games_dir, site, title="The wtg demo", jobs=1)
    echo(
        f"Site: {site}/index.html (open it in a browser; "
        f"`{shell_command('wtg', 'site', str(site), '--games-dir', str(gm.games_dir), '--serve')}` "
        "serves it)"
    )
