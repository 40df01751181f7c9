"""A takeover that ends an alliance, in a host restored from a backup that copied the
lobby's book and the mail spool before the takeover and the game after it (docs/gm.md,
"Restoring"; tests/upkeep/test_backup_beside_a_takeover.py makes it with a real backup).
The restored host's first poll reads the newcomer's CONFIRM again and tells the table, the
mails of the first telling not being in the backup. The player whose alliance with the
quitter the takeover ended was not told so again, and the notice said "whose player had
quit" for the quitter's name: the game's state has no alliance left to find, and game.yaml
the newcomer's name. The takeover's record keeps both (``parted``, ``quitter_name``), and
the notice made again from it says what the first said (the ruling: docs/gm.md,
"Takeovers, reruns and rollbacks")."""

from __future__ import annotations

import shutil
from datetime import datetime, timezone
from pathlib import Path

import pytest

from tests import killpoints
from tests.lobby.hall import Hall, Mail
from tests.lobby.killedpolls import KilledPolls, addressed, outbox_mails
from tests.lobby.test_second_seat import offer
from tests.lobby.test_takeover_alliance import allied_and_quit
from wtg.game.takeovers import PARTED, QUITTER_NAME, taken_over
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.takenoffers import finish_in_book, taken_meanwhile

NEWCOMER = "n9@players.example"
COPIED = (".people", ".mail")
"""What the backup copied before the game: the lobby's book and the mail spool (with the
maildir inbox, the CONFIRM in it)."""
KILLS = 6


def table_told(mails: list[Mail], to: str) -> str:
    """The words of the one notice to ``to`` that seat 4 is taken over."""
    (mail,) = [m for m in mails if m.to == to and "takes over seat 4" in m.subject]
    return mail.words


def restored_host(root: Path) -> tuple[Path, str, str]:
    """A host at ``root`` restored so (its config file written): the newcomer's CONFIRM of
    seat 4, whose quitter Lord1 had named as his ally, waiting in its inbox to be read
    again; the games folder, the ally's address and the quitter's name. Checked on the way:
    the first telling told the ally, and the record keeps whom and the quitter's name."""
    hall = Hall(root)
    _game, ally, quitter = allied_and_quit(hall)
    hall.now = datetime.now(timezone.utc)  # the code still good when a real poll reads it
    offer(hall, 4)
    take = hall.answer(NEWCOMER, "JOIN wok4-1 AS Newcomer")
    hall.mail(NEWCOMER, f"CONFIRM {take.code()}")
    games = hall.gm.games_dir
    backup = root.parent / f"{root.name}-backup"
    for name in COPIED:  # the backup's copy of the book and the spool
        shutil.copytree(games / name, backup / name)
    hall.poll(hours=1)  # the takeover, between the two copies
    first = table_told(outbox_mails(games), ally.email)
    assert said(quitter.name) in first and f"which {quitter.name} left" in first
    (entry,) = taken_over(hall.game("wok4-1").store, 2)
    assert (entry[PARTED], entry[QUITTER_NAME]) == ([1], quitter.name)
    for name in COPIED:  # restored: the game as taken over, the book and spool from before
        shutil.rmtree(games / name)
        shutil.copytree(backup / name, games / name)
    with LobbyDatabase(games) as book:
        (missed,) = taken_meanwhile(book, games)  # what `wtg restore` writes into the book
        finish_in_book(book, missed)
    hall.config_file()
    return games, ally.email, quitter.name


def said(quitter: str) -> str:
    return f"You named {quitter} as your ally. That alliance ends with the takeover:"


def check_told(games: Path, ally: str, quitter: str) -> None:
    """The table told again, each once: the ally that his alliance with ``quitter`` ends."""
    mails = outbox_mails(games, "queue")
    again = table_told(mails, ally)
    assert said(quitter) in again, again
    assert f"which {quitter} left" in again, again
    assert "write 4 on the ALLIANCE line (L1) of your form; he must name you too." in again
    others = {m.to for m in mails if "takes over seat 4" in m.subject} - {ally}
    assert len(others) == 2  # the two other players (the quitter is told apart)
    for other in others:
        assert "ally" not in table_told(mails, other)


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, str]:
    return restored_host(tmp_path_factory.mktemp("restored") / "host")


def test_the_ally_is_told_again_by_the_restored_host(
    pristine: tuple[Path, str, str], tmp_path: Path
) -> None:
    polls = KilledPolls(pristine[0].parent, tmp_path)
    polls.whole()
    check_told(polls.games, *pristine[1:])
    again = polls.wtg("poll")  # nothing more: told once
    assert again.returncode == 0, again.stderr
    check_told(polls.games, *pristine[1:])


def test_the_restored_host_s_poll_killed_at_any_write_tells_the_ally_once(
    pristine: tuple[Path, str, str], tmp_path: Path
) -> None:
    """Its poll killed (SIGKILL) before any of its writes, then a poll that finishes: the
    mails queued are those of a poll not killed, each once, the ally's with the alliance
    ended."""
    polls = KilledPolls(pristine[0].parent, tmp_path)
    whole = polls.whole()
    expected = addressed(polls.games)
    for at in killpoints.points(whole.writes, KILLS):
        cut = polls.killed(at)
        polls.finish(cut)
        check_told(polls.games, *pristine[1:])
        assert addressed(polls.games) == expected, (at, cut.before)
