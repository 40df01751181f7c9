"""A mail held (its game not in games_dir) whose copy came while it was held: the sender's
server delivering it again, or anyone mailing it again with its Message-ID (attack41).
The copy is known by its mark and not handled (``wtg.mail.message.mailcopy``), its record
naming that mark. `wtg quarantine --release` (or `--release-held`) made the journal forget
the mail held, and not its copy's record: the mail put back was then read as a copy of its
own copy, "ignored: a copy of ...", its orders never filed, and nothing held any more for
the GM to see. The release forgets the records of the mail's copies with it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mail.loop import World
from tests.mail.test_held_mail import away, back, orders_on_file, wtg
from wtg.mail.spool.journallists import held_mails


def held_and_copied(world: World) -> str:
    """Player 1's orders for g1 mailed while g1 is not in games_dir (held), then the same
    mail again (a copy, not handled), g1 back: the key of the mail held."""
    form = world.aof(1, X1="100")
    aside = away(world)
    key = world.mail(form, Message_ID="<once@players.example>")
    summary = world.poll()
    assert (summary.held, summary.ignored) == (1, 0)
    world.mail(form, Message_ID="<once@players.example>")
    summary = world.poll()
    assert (summary.held, summary.ignored) == (0, 1)
    assert str(summary.events[0].outcome.detail) == f"a copy of maildir:{key}"
    back(world, aside)
    return f"maildir:{key}"


@pytest.mark.parametrize("release", ["--release", "--release-held"])
def test_a_mail_held_and_released_after_its_copy_came_is_filed(
    tmp_path: Path, release: str
) -> None:
    world = World(tmp_path)
    key = held_and_copied(world)
    given = ["--release", key] if release == "--release" else ["--release-held"]
    assert wtg(world, "quarantine", *given).exit_code == 0
    summary = world.poll()
    assert (summary.filed, summary.ignored, summary.held) == (1, 0, 0), summary.events
    assert orders_on_file(world) is not None
    assert held_mails(world.gm.spool) == []
    world.mail(world.aof(1, X1="100"), Message_ID="<once@players.example>")
    again = world.poll()  # a copy come after the release: a copy of the mail filed
    assert (again.filed, again.ignored) == (0, 1)
    assert str(again.events[0].outcome.detail) == f"a copy of {key}"
