"""Messy real mail through the real IMAP server: every case files exactly the orders the
player wrote; every bad case gets the right answer and loses nothing."""

from __future__ import annotations

import email
import email.policy
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.mail.messy import CASES
from tests.mail.realworld import write_config, wtg
from tests.mail.servers import GM_ADDRESS, Dovecot, SmtpSink
from tests.shipped import WOK4
from wtg.aof.render import render_aof
from wtg.game.engine import Game, create_game
from wtg.game.gameconfig import PlayerEntry
from wtg.game.intake import Submission, read_orders
from wtg.rules.wok.state import WokState
from wtg.rules.wok4.strategy import plan_orders

NAMES = sorted(CASES)


def player(index: int) -> PlayerEntry:
    return PlayerEntry(
        id=1, name=f"Messy{index}", email=f"m{index}@players.example", code=f"MESSY{index:03d}"
    )


def filled(game: Game[WokState]) -> str:
    state = game.state()
    orders = plan_orders(state, 1, random.Random(1))
    orders["trade"] = [100]
    orders["aim"] = [
        {"province": next(p.id for p in state.provinces if p.owner == 1), "aim": "LEV"}
    ]
    header = {"game": game.config.game, "turn": 1, "player": 1, "code": game.config.player(1).code}
    return render_aof(game.ruleset.form, header, orders, game.ruleset.form_context(state, 1))


@pytest.fixture(scope="module")
def polled(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[dict[str, tuple[Game[WokState], str]]]:
    """One game per case (one player each), every case's mail in the IMAP inbox, one poll."""
    from tests.mail.conftest import missing
    from tests.mail.servers import (
        DOVECOT_INSTALL_HINT,
        GM_PASSWORD,
        SmtpSink,
        aiosmtpd_available,
        dovecot_available,
    )

    if not dovecot_available() or not aiosmtpd_available():
        missing(DOVECOT_INSTALL_HINT)
    root = tmp_path_factory.mktemp("messy")
    with Dovecot(root / "dovecot", {GM_ADDRESS: GM_PASSWORD}) as imap, SmtpSink() as smtp:
        config = write_config(root, imap, smtp)
        games: dict[str, tuple[Game[WokState], str]] = {}
        for index, name in enumerate(NAMES):
            game = create_game(
                root / "games" / f"messy{index:02d}", "wok4", "small", [player(index)], seed=index
            ).typed(WOK4)
            aof = filled(game)
            sender = f"Messy <m{index}@players.example>"
            imap.append(GM_ADDRESS, CASES[name](aof, sender))
            games[name] = (game, aof)
        output = wtg(config, "poll").output
        assert output.startswith(f"filed {len(NAMES)}, rejected 0, quarantined 0"), output
        assert imap.fetch_all(GM_ADDRESS, "INBOX") == []
        yield games


@pytest.mark.parametrize("case", NAMES)
def test_messy_mail_files_the_orders_written(
    polled: dict[str, tuple[Game[WokState], str]], case: str
) -> None:
    game, aof = polled[case]
    (submission,) = read_orders(
        [aof], game.ruleset, game.config, game.state(), turn=1, trusted=False
    )
    assert isinstance(submission, Submission)
    expected = submission.orders
    stored = game.store.pending_orders(1)
    assert 1 in stored, f"{case}: no orders filed"
    from wtg.game.orderfiles import read_order_file

    _, data = read_order_file(stored[1])
    assert data == expected
    assert expected.get("trade") == [100] and expected.get("aim")


# --- bad cases ---------------------------------------------------------------------------
@pytest.fixture
def world(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink
) -> tuple[Path, Game[WokState], Dovecot, SmtpSink]:
    config = write_config(tmp_path, imap, smtp, max_bytes=20000)
    players = [
        PlayerEntry(id=i, name=f"P{i}", email=f"p{i}@players.example", code=f"CODE{i:04d}")
        for i in (1, 2)
    ]
    game = create_game(tmp_path / "games" / "bad", "wok4", "small", players, seed=5).typed(WOK4)
    return config, game, imap, smtp


def mail(sender: str, body: str, **headers: str) -> bytes:
    msg = email.message.EmailMessage()
    msg["From"] = sender
    msg["To"] = "gm@example.org"
    msg["Subject"] = "orders"
    for name, value in headers.items():
        msg[name.replace("_", "-")] = value
    msg.set_content(body)
    return msg.as_bytes(policy=email.policy.SMTP)


def test_bad_mail_gets_the_right_answer_and_nothing_is_lost(
    world: tuple[Path, Game[WokState], Dovecot, SmtpSink],
) -> None:
    config, game, imap, smtp = world
    aof = game.aof(1)
    imap.append(GM_ADDRESS, mail("p1@players.example", aof.replace("CODE0001", "WRONG999")))
    imap.append(GM_ADDRESS, mail("p2@players.example", "what now?"))
    imap.append(GM_ADDRESS, mail("p1@players.example", aof, Auto_Submitted="auto-replied"))
    imap.append(GM_ADDRESS, mail("MAILER-DAEMON@mx.example", "Undelivered mail\n" + aof))
    imap.append(GM_ADDRESS, mail("p2@players.example", game.aof(2) + "x" * 30000))
    imap.append(GM_ADDRESS, mail("stranger@elsewhere.example", "hello"))
    output = wtg(config, "poll").output
    assert output.strip() == "filed 0, rejected 4, quarantined 0, ignored 0, answered 2"
    assert game.store.pending_orders(1) == {}
    wtg(config, "send")
    answers = sorted((m.rcpt_tos[0], str(m.message()["Subject"])) for m in smtp.wait_for(6))
    assert answers == [
        ("p1@players.example", "[bad] someone sent orders for you with a wrong code"),  # his own
        ("p1@players.example", "[bad] turn 0 report for P1"),
        ("p2@players.example", "Your orders were not accepted"),  # too big: told from its header
        ("p2@players.example", "[bad] no order form found in your mail"),
        ("p2@players.example", "[bad] turn 0 report for P2"),
        ("stranger@elsewhere.example", "the commands of the host"),
    ]  # nothing to the robots or the bounce; the stranger gets the HELP (issue 25, item 16)
    assert imap.fetch_all(GM_ADDRESS, "INBOX") == []
    processed = imap.fetch_all(GM_ADDRESS, "wtg-processed")
    rejected = imap.fetch_all(GM_ADDRESS, "wtg-rejected")
    assert (len(processed), len(rejected)) == (2, 4)
    archive = list((config.parent / "games" / ".mail" / "archive").rglob("*.eml"))
    assert len(archive) == 6
