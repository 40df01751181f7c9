"""The maildir transport's keys are its files' names (``maildir:<name>``, flags aside): a
program that files mail by names of its own (``1``, ``2``, ...) gives a name again, and a
GM who copies a mail into the folder may leave it twice, under one name in new/ and in
cur/. Each mail is read and moved as its own; a copy is known as one (mailkeys44)."""

from __future__ import annotations

import shutil
from pathlib import Path
from unittest.mock import Mock

import pytest

from tests.mail.loop import GM, NOW, World
from tests.mail.test_held_mail import away, back
from wtg.gm.gamestatus import game_status
from wtg.mail.poll.poller import Poller
from wtg.mail.poll.release import release
from wtg.mail.spool.journal import Journal
from wtg.mail.spool.journallists import held_mails


def filed_once(root: Path) -> tuple[World, str]:
    """A world at ``root`` whose poll filed player 1's mail: it, and the mail's file name."""
    world = World(root)
    name = world.mail("My orders:\n" + world.aof(1), "p1@players.example")
    assert world.poll().filed == 1
    return world, name


def test_a_file_named_as_a_mail_handled_before_is_filed_and_both_are_kept(
    tmp_path: Path,
) -> None:
    world, name = filed_once(tmp_path)
    processed = world.gm.maildir_in / ".processed" / "cur"
    (first,) = processed.iterdir()
    kept = first.read_bytes()
    # another mail, under the name the first had: the program that filed it counts anew
    other = world.mail("My orders:\n" + world.aof(2), "p2@players.example")
    (world.gm.maildir_in / "new" / other).rename(world.gm.maildir_in / "new" / name)
    summary = world.poll()
    assert (summary.filed, summary.moved) == (1, 0)
    assert [p["orders"] for p in game_status(world.game)["players"][:2]] == [True, True]
    assert not list((world.gm.maildir_in / "new").iterdir())
    moved = sorted(processed.iterdir())
    assert len(moved) == 2 and first in moved and first.read_bytes() == kept


def test_one_mail_in_new_and_in_cur_is_filed_once(tmp_path: Path) -> None:
    world = World(tmp_path)
    name = world.mail("My orders:\n" + world.aof(1), "p1@players.example")
    box = world.gm.maildir_in
    shutil.copy(box / "new" / name, box / "cur" / f"{name}:2,S")  # the GM's copy, seen
    summary = world.poll()
    assert (summary.seen, summary.filed, summary.ignored) == (2, 1, 1)
    assert [ident[:5] for ident in world.outbox()] == ["conf-"]  # confirmed once
    assert not list((box / "new").iterdir()) and not list((box / "cur").iterdir())
    assert len(list((box / ".processed" / "cur").iterdir())) == 2


def test_a_mail_moved_back_from_processed_into_new_is_moved_out_unanswered(
    tmp_path: Path,
) -> None:
    world, name = filed_once(tmp_path)
    box = world.gm.maildir_in
    (box / ".processed" / "cur" / name).rename(box / "new" / name)  # the GM's, by hand
    outbox = world.outbox()
    summary = world.poll()
    assert (summary.seen, summary.filed, summary.moved) == (0, 0, 1)
    assert world.outbox() == outbox  # its confirmation went once
    assert [p.name for p in (box / ".processed" / "cur").iterdir()] == [name]


def test_a_mail_held_under_a_key_of_its_own_is_released(tmp_path: Path) -> None:
    """The second mail under one name, held (its game away): `wtg quarantine --release`
    finds it in .rejected by its copy in the archive, and puts it back."""
    world, name = filed_once(tmp_path)
    form = world.aof(2)
    aside = away(world)
    other = world.mail("My orders:\n" + form, "p2@players.example")
    (world.gm.maildir_in / "new" / other).rename(world.gm.maildir_in / "new" / name)
    assert world.poll().held == 1
    (item,) = held_mails(world.gm.spool)
    assert item.key.startswith(f"maildir:{name}.")  # and a digest of its mark
    back(world, aside)
    release(world.gm, item.key, NOW)
    summary = world.poll()
    assert (summary.seen, summary.filed) == (1, 1)
    assert [p["orders"] for p in game_status(world.game)["players"][:2]] == [True, True]


def test_a_mail_without_a_message_id_copied_back_under_another_name_is_a_copy(
    tmp_path: Path,
) -> None:
    """Known by its bytes: it was filed and confirmed a second time."""
    world = World(tmp_path)
    name = world.mail("My orders:\n" + world.aof(1), "p1@players.example", Message_ID="")
    assert world.poll().filed == 1
    box = world.gm.maildir_in
    shutil.copy(box / ".processed" / "cur" / name, box / "new" / "restored-by-hand")
    outbox = world.outbox()
    summary = world.poll()
    assert (summary.seen, summary.filed, summary.ignored) == (1, 0, 1)
    assert world.outbox() == outbox


def test_a_name_given_again_months_on_has_its_mail_confirmed(tmp_path: Path) -> None:
    """A program that names its files as it counts (``1``, ``2``, ...) and began again:
    player 2's mail under the name player 1's had in January, whose record the journal let
    go, had its orders filed and its confirmation taken for his."""
    world = World(tmp_path)
    box = world.gm.maildir_in
    first = world.mail("My orders:\n" + world.aof(1), "p1@players.example")
    (box / "new" / first).rename(box / "new" / "1")
    assert world.poll().filed == 1
    journal = Journal(world.gm.spool)
    assert journal.prune_messages(float("inf")) == 1
    journal.commit()
    journal.close()
    (month,) = (world.gm.spool / "archive").iterdir()
    month.rename(month.parent / "2026-01")  # as if it came in January
    other = world.mail("My orders:\n" + world.aof(2), "p2@players.example")
    (box / "new" / other).rename(box / "new" / "1")
    assert world.poll().filed == 1
    his, hers = sorted(world.outbox())  # hers under the name and a digest of her mail
    assert his == "conf-maildir_3a1" and hers.startswith("conf-maildir_3a1.")


def test_a_mail_moved_out_under_a_name_another_file_has_there_takes_a_name_of_its_own(
    tmp_path: Path,
) -> None:
    """A maildir whose ``.processed`` a host this spool never knew filled (the GM moved the
    host and brought the folder): a program counting names anew gives a new mail the name
    of a file there, of which neither the journal nor the archive knows. The mail is moved
    out beside that file, under ``.2``, and the file is kept (``inbox.free_name``)."""
    world = World(tmp_path)
    processed = world.gm.maildir_in / ".processed" / "cur"
    processed.mkdir(parents=True, exist_ok=True)
    (processed / "1:2,S").write_bytes(b"From: old@players.example\n\nthe old host's mail\n")
    name = world.mail("My orders:\n" + world.aof(1), "p1@players.example")
    sent = (world.gm.maildir_in / "new" / name).read_bytes()
    (world.gm.maildir_in / "new" / name).rename(world.gm.maildir_in / "new" / "1:2,S")
    assert world.poll().filed == 1
    assert sorted(p.name for p in processed.iterdir()) == ["1.2:2,S", "1:2,S"]
    assert (processed / "1:2,S").read_bytes().endswith(b"the old host's mail\n")  # before: gone
    assert (processed / "1.2:2,S").read_bytes() == sent


def test_a_quarantined_mail_without_a_message_id_copied_back_by_hand_is_read_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The journal keeps a quarantined mail's bytes as ``quarantined:`` and a digest, no
    copy's mark: the GM who copies it back into the inbox by hand, its trouble mended, has
    it read again (docs/mail.md, "moved back"), not noted as a copy of the quarantined one."""
    world = World(tmp_path)
    box = world.gm.maildir_in
    raw = (
        f"From: p1@players.example\nTo: {GM}\nSubject: orders\n\nMy orders:\n{world.aof(1)}"
    ).encode()
    (box / "new" / "1").write_bytes(raw)  # no Message-ID: known by its bytes
    monkeypatch.setattr(Poller, "_decide", Mock(side_effect=RuntimeError("a bug")))
    assert world.poll().quarantined == 1
    monkeypatch.undo()
    (quarantined,) = (box / ".rejected" / "cur").iterdir()
    assert quarantined.read_bytes() == raw
    shutil.copy(quarantined, box / "new" / "2")  # by hand, not `wtg quarantine --release`
    summary = world.poll()
    assert (summary.filed, summary.ignored) == (1, 0)  # before: ignored, a copy of maildir:1
    assert game_status(world.game)["players"][0]["orders"] is True
