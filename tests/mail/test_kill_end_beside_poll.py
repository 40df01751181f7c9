"""`wtg end GAME` on a host with mail, killed (SIGKILL) just before one of its writes (a
spread of them), a game no send has mailed yet (the end notes it in the mail journal first,
as run-turn does: tests/test_end_game.py); then a player's orders arrive and the poll runs,
as its cron line would while the GM looks, and the end is given again, then the send.

As killed (the end's turn is its last write: killed, the game is not ended) and polled, the
orders are filed for the turn the end takes, never lost; given again, the end keeps them
unplayed and the turn's report says so (after an end never killed, the poll refuses them as
for a game over); the game ends once, and the send mails every player
turn 0 (with his code) and the end, each once, the sender of those orders told once, with
no word of a game copied in.
"""

from __future__ import annotations

import email
import email.policy
import mailbox
import shutil
from email.message import EmailMessage
from pathlib import Path

import pytest

from tests import killpoints
from tests.mail.loop import GM, World
from wtg.game.engine import open_game

ARGS = ("end", "g1", "--reason", "no one wrote", "--yes")
KILLS = 12


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A host (its config, wtg.yaml, in it) whose game g1 was made and never mailed, and
    player 3's orders for turn 1 (mailed once the end is killed)."""
    root = tmp_path_factory.mktemp("never-sent")
    world = World(root)
    (root / "wtg.yaml").write_text("games_dir: games\nfrom: gm@wtg.example\n")
    return root, world.aof(3, X1="100")


def mails(out: Path) -> dict[str, int]:
    """Each mail delivered (its Subject), how many times."""
    found: dict[str, int] = {}
    for path in [*(out / "new").glob("*"), *(out / "cur").glob("*")]:
        message = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        subject = f"{message['To']}: {message['Subject']}"
        found[subject] = found.get(subject, 0) + 1
    return found


def test_an_end_killed_beside_a_poll_ends_once_and_tells_each_player_once(
    template: tuple[Path, str], tmp_path: Path
) -> None:
    host = tmp_path / "host"
    games = host / "games"
    config = ["--config", str(host / "wtg.yaml")]

    def restore() -> None:
        shutil.rmtree(host, ignore_errors=True)
        shutil.copytree(template[0], host)

    whole = killpoints.whole([*config, *ARGS], games, restore)
    reports = {
        f"p{seat}@players.example: [g1] turn {turn} report for Player{seat}": 1
        for seat in range(1, 5)
        for turn in (0, 1)
    }
    received = {"p3@players.example: [g1] orders for turn 1 received": 1}
    refused = {"p3@players.example: [g1] your orders were not accepted": 1}
    never_killed = told_after(config, games, template[1])
    assert never_killed == ("rejected", {**reports, **refused}), never_killed
    seen: dict[str, int] = {}
    chosen = killpoints.points(whole.writes, KILLS)
    for at, _cut in killpoints.cuts([*config, *ARGS], games, chosen, restore):
        how, mailed_once = told_after(config, games, template[1])
        game = open_game(games / "g1")
        assert (game.latest_turn(), game.ended_by_gm()) == (1, "no one wrote"), at
        unplayed = "were not played" in game.store.read_text(1, "reports/p03.txt")
        assert unplayed == (how == "filed"), (at, how)
        assert mailed_once == {**reports, **(received if how == "filed" else refused)}, at
        seen[how] = seen.get(how, 0) + 1
    print(f"\n{whole.writes} writes, killed at {KILLS}: {seen}")
    assert seen.get("filed")


def told_after(config: list[str], games: Path, form: str) -> tuple[str, dict[str, int]]:
    """Player 3's orders mailed, the poll, the end given again, the send: how the poll took
    the orders (``filed`` or ``rejected``), and each mail delivered, how many times."""
    inbox = games / ".mail" / "maildir-in"
    message = EmailMessage()
    message["From"] = "p3@players.example"
    message["To"] = GM
    message["Subject"] = "orders"
    message["Message-ID"] = "<late@players.example>"
    message.set_content(form)
    mailbox.Maildir(inbox, create=False).add(message)
    polled = killpoints.wtg([*config, "poll"])
    assert polled.returncode == 0, polled.stderr
    how = {"filed 1,": "filed", "filed 0, rejected 1,": "rejected"}
    (took,) = [word for line, word in how.items() if polled.stdout.startswith(line)]
    again = killpoints.wtg([*config, *ARGS])
    assert again.returncode == 0, again.stderr
    sent = killpoints.wtg([*config, "send"])
    assert sent.returncode == 0 and "copied" not in sent.stdout + sent.stderr, sent
    assert killpoints.wtg([*config, "send"]).stdout.startswith("0 reports queued; 0 mails sent")
    return took, mails(games / ".mail" / "maildir-out")
