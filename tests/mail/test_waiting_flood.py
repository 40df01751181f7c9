"""A flood for a game whose game.yaml the GM is mending. Its mail waits in the inbox until
the mend (tests/mail/test_game_yaml_mail_waits.py), so a stranger's (or a robot's loop's)
`STATUS g1` sent a thousand times was read again by every poll, each poll the longer, until
the GM mended the file. Of the mails waiting for a game, an address's first
``WAITING_PER_ADDRESS`` a poll and the game's first ``WAITING_PER_GAME`` wait; the others
are held for the GM (`wtg quarantine`, bounded as every held mail is), released once the
game is mended."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.conftest import players
from tests.lobby.hall import Hall
from tests.shipped import WOK4
from wtg.cli import main
from wtg.cli.demo import filled_aof
from wtg.game.engine import create_game
from wtg.mail.outgoing.digest import make_digest
from wtg.mail.poll.poller import poll
from wtg.mail.servers.inbox import MaildirInbox

WAITING_PER_ADDRESS = 20  # wtg.mail.poll.poller's
WAITING_PER_GAME = 100


def broken(hall: Hall, name: str) -> Path:
    game = create_game(hall.gm.games_dir / name, "wok4", "small", players(2), 7)
    config = game.store.root / "game.yaml"
    config.write_text(config.read_text(encoding="utf-8").replace("seed: 7", "seed: 7 x: ["))
    return config


def waiting(hall: Hall) -> int:
    return len(list((hall.gm.maildir_in / "new").iterdir()))


def test_a_flood_for_a_game_to_mend_waits_bounded_and_the_rest_is_held(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    broken(hall, "g1")
    for _ in range(WAITING_PER_ADDRESS + 15):
        hall.mail("robot@spam.example", "STATUS g1\n")

    first = hall.poll()

    assert (first.seen, first.skipped, first.held) == (35, 20, 15), first
    assert waiting(hall) == WAITING_PER_ADDRESS
    second = hall.poll(hours=1)
    assert (second.seen, second.skipped, second.held) == (20, 20, 0), second
    assert hall.new_mails() == []  # the robot is answered nothing


def test_a_flood_for_a_game_whose_player_was_deleted_waits_bounded(tmp_path: Path) -> None:
    """A player's entry deleted from game.yaml (its turns give him a seat): the game opens,
    and only a seat's code found it to mend. Commands with a code were quarantined each,
    every copy kept, none bounded; forms waited with no game named, so none was bounded
    either. Both wait as the mail of any game to mend does, an address's first 20."""
    hall = Hall(tmp_path)
    game = create_game(hall.gm.games_dir / "g1", "wok4", "small", players(2), 7)
    config = game.store.root / "game.yaml"
    entry = "- {id: 2, name: Bob, email: bob@example.org, code: CODE0002}\n"
    config.write_text(config.read_text(encoding="utf-8").replace(entry, ""), encoding="utf-8")
    form = filled_aof(game.typed(WOK4), 1)
    for number in range(WAITING_PER_ADDRESS + 15):
        hall.mail("robot@spam.example", "STATUS g1\nCODE CODE0002\n" if number % 2 else form)

    first = hall.poll()

    assert (first.seen, first.skipped, first.held, first.quarantined) == (35, 20, 15, 0), first
    assert waiting(hall) == WAITING_PER_ADDRESS
    held = [o for _, o in first.outcomes if o.startswith("held: ")]
    assert all("player 2 (Bob) is missing" in o for o in held), held[0]
    assert hall.new_mails() == []


def test_a_flood_under_a_new_address_each_mail_waits_bounded_for_each_game(
    tmp_path: Path,
) -> None:
    hall = Hall(tmp_path)
    broken(hall, "g1")
    broken(hall, "g2")
    for number in range(WAITING_PER_GAME + 30):
        hall.mail(f"r{number}@spam.example", "STATUS g1\n")
    hall.mail("ann@example.org", "STATUS g2\n")

    polled = hall.poll()

    assert (polled.skipped, polled.held) == (WAITING_PER_GAME + 1, 30), polled
    later = [o for _, o in polled.outcomes if o.startswith("later: ")]
    assert sum("/g2/" in o for o in later) == 1, later
    held = [o for _, o in polled.outcomes if o.startswith("held: ")]
    assert all("/g1/game.yaml" in o for o in held), held
    assert "wtg quarantine --release" in held[0], held[0]


def test_a_flood_shared_with_helper_processes_leaves_some_waiting(tmp_path: Path) -> None:
    """A poll with helpers handled again, in its own process, every mail left for later,
    those that wait for the GM too: its own, counted twice, pushed every mail of the flood
    into the quarantine, none left waiting."""
    hall = Hall(tmp_path)
    broken(hall, "g1")
    for _ in range(300):
        hall.mail("robot@spam.example", "STATUS g1\n")

    polled = poll(hall.gm, MaildirInbox(hall.gm.maildir_in), hall.now, jobs=2)

    # one address's mails are handled by one process (wtg.mail.poll.sharing)
    assert polled.skipped == waiting(hall) == WAITING_PER_ADDRESS, polled
    assert polled.held == 300 - WAITING_PER_ADDRESS, polled


def test_the_polls_line_says_how_many_mails_wait_for_each_game(tmp_path: Path) -> None:
    """The line said `left for the next poll 23; skipped: g1, g2`: how many waited for a
    game to mend, and which, the GM could not tell (nor `wtg status --host`, which shows
    the last poll's line)."""
    hall = Hall(tmp_path)
    broken(hall, "g1")
    broken(hall, "g2")
    for number in range(3):
        hall.mail(f"p{number}@example.org", "STATUS g2\n")
    hall.mail("ann@example.org", "STATUS g1\n")

    polled = hall.poll()

    assert polled.line() == (
        "filed 0, rejected 0, quarantined 0, ignored 0, left for the next poll 4"
        " (waiting for a mend: g1 1, g2 3); skipped: g1, g2"
    )


def test_the_digest_says_how_many_mails_wait_for_a_game_to_mend(tmp_path: Path) -> None:
    """The digest named the game folder that cannot be read, not that mails waited in the
    inbox for it: the GM who reads the digest alone did not know a flood (or a player's
    orders) waited for his mend. Its line says what the last poll left waiting."""
    hall = Hall(tmp_path)
    config = broken(hall, "g1")
    for number in range(3):
        hall.mail(f"p{number}@example.org", "STATUS g1\n")
    hall.poll()

    (trouble,) = make_digest(hall.gm.games_dir, hall.now).troubles

    assert trouble.startswith(f"{config.parent}: cannot be read, skipped: "), trouble
    assert trouble.endswith("; 3 mails wait in the inbox for it (the last poll)"), trouble


def test_a_flood_held_beyond_the_mails_waiting_keeps_its_first_and_newest_copies(
    tmp_path: Path,
) -> None:
    """The mails held beyond those waiting for a mend were never let go with the flood (a
    game folder that cannot be read keeps every copy, for it may hold the sender's seat):
    each of a stranger's 300 mails kept two copies (archive, rejected folder) for good,
    even after the mend. Those held beyond the bound are an address's whose newest wait in
    the inbox: bounded as a seat's address is, by its own first and newest of the day."""
    hall = Hall(tmp_path)
    broken(hall, "g1")
    for _ in range(300):
        hall.mail("robot@spam.example", "STATUS g1\n")

    polled = hall.poll()

    assert (polled.skipped, polled.held) == (WAITING_PER_ADDRESS, 280), polled
    # of the 280 held, the address's first 20 and newest 20 of the day keep their copies
    assert len(list((hall.gm.maildir_in / ".rejected" / "cur").iterdir())) == 40
    assert len(list((hall.gm.spool / "archive").rglob("*.eml"))) == 40 + WAITING_PER_ADDRESS


@pytest.mark.parametrize(("mails", "wait"), [(3, "3 mails wait"), (1, "1 mail waits")])
def test_wtg_status_says_how_many_mails_wait_for_a_game_to_mend(
    tmp_path: Path, mails: int, wait: str
) -> None:
    """`wtg status` named the game folder that cannot be read, not that mails waited in the
    inbox for it (nor its --json). Its line says what the last poll left waiting."""
    hall = Hall(tmp_path)
    config = broken(hall, "g1")
    for number in range(mails):
        hall.mail(f"p{number}@example.org", "STATUS g1\n")
    hall.poll()
    wtg_yaml = hall.gm.games_dir.parent / "wtg.yaml"
    wtg_yaml.write_text(f"games_dir: {hall.gm.games_dir.name}\nfrom: gm@example.org\n")

    said = CliRunner().invoke(main, ["--config", str(wtg_yaml), "status"])
    listed = CliRunner().invoke(main, ["--config", str(wtg_yaml), "status", "--json"])

    (line,) = [line for line in said.stdout.splitlines() if "cannot be read" in line]
    assert line.startswith(f"{config.parent}: cannot be read, skipped: "), line
    assert line.endswith(f"; {wait} in the inbox for it (the last poll)"), line
    (unreadable,) = json.loads(listed.stdout)["unreadable"]
    assert unreadable["waiting"] == mails, unreadable


def test_wtg_status_does_not_call_a_game_to_mend_unknown(tmp_path: Path) -> None:
    """The mails held beyond those waiting for g1's mend were said to 'name games this host
    does not know (g1)': the GM looked for a game he had lost."""
    hall = Hall(tmp_path)
    broken(hall, "g1")
    for _ in range(WAITING_PER_ADDRESS + 5):
        hall.mail("robot@spam.example", "STATUS g1\n")
    hall.poll()
    wtg_yaml = hall.gm.games_dir.parent / "wtg.yaml"
    wtg_yaml.write_text(f"games_dir: {hall.gm.games_dir.name}\nfrom: gm@example.org\n")

    said = CliRunner().invoke(main, ["--config", str(wtg_yaml), "status"])

    assert "5 mails held: they name games this host does not know or cannot read (g1)" in (
        said.stdout
    ), said.stdout
