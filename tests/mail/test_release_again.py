"""Issue 25, item 11: `wtg quarantine --release KEY` given again, after the release was
done, said "no mail KEY was handled by the poll", which a GM who has just seen it listed
cannot make sense of; it says the mail was released and where it is. `--forget KEY` of a
key that is no record (a typo) said "0 record(s) dropped" and exit 0, as if done; it is
refused, naming the key, and drops nothing."""

from __future__ import annotations

from pathlib import Path

from tests.mail.loop import World
from tests.mail.test_held_mail import folder, held_one, wtg
from wtg.mail.spool.journallists import held_mails


def test_a_release_given_again_says_the_mail_was_released(tmp_path: Path) -> None:
    """Issue 25, item 11: the second --release is refused with what happened to the mail."""
    world = World(tmp_path)
    key = held_one(world)
    assert wtg(world, "quarantine", "--release", key).exit_code == 0
    again = wtg(world, "quarantine", "--release", key)
    assert again.exit_code == 1
    assert again.stdout == ""
    (line,) = again.stderr.splitlines()
    assert line.startswith(f"wtg: mail {key} was released already (at ")
    assert line.endswith(
        "): it is back in the inbox, and the next poll handles it as new (`wtg quarantine` "
        "lists it again if that poll holds or quarantines it again)"
    )
    assert folder(world, "") == [key.split(":", 1)[1]] and folder(world, ".rejected") == []
    summary = world.poll()
    assert (summary.filed, summary.held) == (1, 0)
    filed = wtg(world, "quarantine", "--release", key)
    assert filed.exit_code == 1
    assert filed.stderr.startswith(f"wtg: mail {key} was not held, quarantined or rejected (")


def test_forget_of_a_key_that_is_no_record_is_refused(tmp_path: Path) -> None:
    """Issue 25, item 11: a mistyped key drops nothing and says so, exit 1; the records
    given with it stay too (nothing half done)."""
    world = World(tmp_path)
    key = held_one(world)
    typo = key[:-1] + "x"
    result = wtg(world, "quarantine", "--forget", key, "--forget", typo)
    assert result.exit_code == 1
    assert result.stderr == (
        f"wtg: no mail {typo} is quarantined or held: nothing dropped (`wtg quarantine` "
        "lists the keys)\n"
    )
    assert [item.key for item in held_mails(world.gm.spool)] == [key]
    dropped = wtg(world, "quarantine", "--forget", key)
    assert (dropped.exit_code, dropped.stdout) == (0, "1 record dropped\n")
    assert held_mails(world.gm.spool) == []
