"""Bounced mail recognised when polled (issue 17): a delivery status notification of the
shape Postfix, Exim and Gmail's mailer-daemon send (multipart/report;
report-type=delivery-status), or an older bounce without one, marks the player's address
as failing; `wtg status GAME --json` says so per player; the bounce is never filed as
orders and never answered (RFC 3834); a bounce for an address of no player is ignored,
and the journal says so.

The fixtures in tests/mail/bounces/ are written after what those servers send; each is
dropped into the maildir inbox as it is and polled.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.mail.loop import GM, World
from wtg.cli import main
from wtg.game.bounces import bounces_of
from wtg.mail.journal import Journal

FIXTURES = Path(__file__).parent / "bounces"


def drop(world: World, name: str) -> None:
    """The fixture as the mail server delivered it, in the maildir inbox."""
    folder = world.gm.maildir_in / "new"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"1795428902.{name}.mx:2,").write_bytes((FIXTURES / name).read_bytes())


def failing(world: World) -> dict[int, bool]:
    """`wtg status GAME --json`'s address_failing of each player."""
    result = CliRunner().invoke(main, ["status", str(world.game.store.root), "--json"])
    assert result.exit_code == 0, result.output
    return {p["id"]: p["address_failing"] for p in json.loads(result.output)["players"]}


@pytest.mark.parametrize(
    ("fixture", "player", "status"),
    [
        ("postfix.eml", 2, "5.1.1"),
        ("exim.eml", 3, "5.0.0"),
        ("gmail.eml", 4, "5.1.1"),
        ("exim-text.eml", 1, ""),  # an older Exim's text, no delivery report
        ("qmail.eml", 3, ""),
        ("forwarded.eml", 2, "5.1.1"),  # the forwarding address failed; our copy names p2
    ],
)
def test_a_bounce_marks_the_players_address_failing(
    tmp_path: Path, fixture: str, player: int, status: str
) -> None:
    world = World(tmp_path)
    assert failing(world) == {1: False, 2: False, 3: False, 4: False}
    drop(world, fixture)
    summary = world.poll()
    assert (summary.seen, summary.filed, summary.rejected) == (1, 0, 1)
    ((_key, outcome),) = summary.outcomes
    assert outcome.startswith(f"rejected: a bounce: mail to p{player}@players.example (g1)")
    assert failing(world) == {p: p == player for p in (1, 2, 3, 4)}
    mark = bounces_of(world.game.store.root)[f"p{player}@players.example"]
    assert mark.status == status and mark.message == summary.outcomes[0][0]
    assert world.outbox() == {}  # never answered
    assert world.game.store.pending_orders(1) == {}  # never orders
    rejected = world.gm.maildir_in / ".rejected" / "cur"
    assert len(list(rejected.iterdir())) == 1


def test_a_delayed_delivery_is_no_failure(tmp_path: Path) -> None:
    world = World(tmp_path)
    drop(world, "delayed.eml")
    summary = world.poll()
    assert summary.outcomes[0][1].startswith("rejected: not for us")
    assert not any(failing(world).values())
    assert world.outbox() == {}


def test_a_bounce_for_an_unknown_address_is_ignored_and_logged(tmp_path: Path) -> None:
    world = World(tmp_path)
    drop(world, "stranger.eml")
    summary = world.poll()
    text = "rejected: a bounce for stranger@elsewhere.example, no player's address: ignored"
    assert summary.outcomes[0][1] == text
    journal = Journal(world.gm.spool)
    try:
        assert journal.outcome(summary.outcomes[0][0]) == text
    finally:
        journal.close()
    assert not any(failing(world).values())
    assert not (world.game.store.root / "bounces.json").exists()
    assert world.outbox() == {}


def test_the_mark_is_the_addresses_and_the_gm_clears_it(tmp_path: Path) -> None:
    world = World(tmp_path)
    drop(world, "postfix.eml")
    world.poll()
    games = ["--games-dir", str(world.gm.games_dir)]
    listed = CliRunner().invoke(main, [*games, "bounces"])
    assert listed.exit_code == 0
    assert "g1 player 2 Player2 <p2@players.example> since 2026-11-22T12:00:00Z" in listed.output
    assert "5.1.1 550 5.1.1 <p2@players.example>: Recipient address rejected" in listed.output
    cleared = CliRunner().invoke(main, [*games, "bounces", "--clear", "P2@Players.example"])
    assert cleared.exit_code == 0 and "mark dropped in g1" in cleared.output
    assert not any(failing(world).values())
    again = CliRunner().invoke(main, [*games, "bounces", "--clear", "p2@players.example"])
    assert again.exit_code == 1
    assert again.output == "wtg: no game marks p2@players.example as failing\n"


def test_a_bounce_no_detector_can_read_prints_no_traceback(tmp_path: Path) -> None:
    """A bounce in a charset Python decodes with no error handling (``idna``) made each of
    flufl.bounce's detectors fail; flufl.bounce logs each failure with its traceback, and
    with no handler of its own Python printed them on stderr: a cron poll mailed the GM
    tracebacks for a mail anyone may send. The mail is read as no bounce, in silence (a
    real `wtg poll`: under pytest the root logger has a handler and nothing would show)."""
    world = World(tmp_path)
    text = (FIXTURES / "qmail.eml").read_bytes()
    header = b"Subject: failure notice\n"
    odd = text.replace(header, header + b"Content-Type: text/plain; charset=idna\n")
    odd = odd.replace(b"Sorry,", b"Sorry \xef\xbb,")
    assert odd.count(b"charset=idna") == 1 and b"\xef\xbb" in odd
    folder = world.gm.maildir_in / "new"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "1795428902.odd.mx:2,").write_bytes(odd)
    config = tmp_path / "wtg.yaml"
    config.write_text(f"games_dir: games\nfrom: {GM}\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "wtg", "--config", str(config), "poll"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == "filed 0, rejected 1, quarantined 0, ignored 0\n"
    assert world.outbox() == {}
