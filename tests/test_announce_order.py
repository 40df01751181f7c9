"""The GM's announcements reach each player in the order he gave them. `wtg send` mails its
queue in name order, and an announcement's mails are named by its key, which was drawn at
random: three announcements given before a send ("first", "second", "third") went out in
whatever order their keys fell (flakes42). A key is now the announcement's moment, after
the last key given, so a clock set back or two in the same moment keep the order too."""

from __future__ import annotations

import email
import email.policy
from datetime import datetime, timedelta, timezone
from pathlib import Path

from tests.test_gm_controls import make, run
from wtg.host.announcement import LAST_KEY, Announcement, announce
from wtg.mail.outgoing.notices import _ANNOUNCED
from wtg.mail.outgoing.outbox import Outbox

TEXTS = ("first", "second", "third", "fourth", "fifth", "sixth")


def test_a_players_announcements_are_mailed_in_the_order_the_gm_gave_them(
    tmp_path: Path,
) -> None:
    make(tmp_path / "games", "g1", count=2)
    for text in TEXTS:
        run(tmp_path, "announce", "g1", f"The {text} word.")
    got: dict[str, list[str]] = {}
    for _, path in Outbox(tmp_path / "games" / ".mail").waiting():
        if not path.name.startswith("announce-"):
            continue
        msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        assert isinstance(msg, email.message.EmailMessage)
        body = msg.get_body(preferencelist=("plain",))
        assert body is not None
        said = next(text for text in TEXTS if f"The {text} word." in body.get_content())
        got.setdefault(str(msg["To"]), []).append(said)
    assert len(got) == 2
    assert all(order == list(TEXTS) for order in got.values()), got


def test_a_clock_set_back_or_standing_still_keeps_the_order_and_never_repeats_a_key(
    tmp_path: Path,
) -> None:
    spool = tmp_path / ".mail"
    noon = datetime(2026, 12, 7, 12, 0, tzinfo=timezone.utc)
    moments = [noon, noon, noon - timedelta(hours=1), noon + timedelta(seconds=1)]
    keys = []
    for number, moment in enumerate(moments):
        made, new, _ = announce(
            spool, "g1", f"text {number}", ["g1"], moment, lambda _a: 1, lambda _k: 0
        )
        assert new and isinstance(made, Announcement)
        keys.append(made.key)
    noon_key = round(noon.timestamp() * 100)
    assert keys == [
        f"{noon_key:012d}",
        f"{noon_key + 1:012d}",
        f"{noon_key + 2:012d}",  # the clock an hour back: after the last all the same
        f"{noon_key + 100:012d}",  # a second later: the moment again
    ]
    assert all(_ANNOUNCED.fullmatch(f"announce-{key}-{'0' * 12}") for key in keys)
    assert (spool / "announce" / LAST_KEY).read_text() == f"{noon_key + 100:012d}\n"


def test_a_last_key_edited_into_nonsense_gives_the_moment(tmp_path: Path) -> None:
    spool = tmp_path / ".mail"
    (spool / "announce").mkdir(parents=True)
    noon = datetime(2026, 12, 7, 12, 0, tzinfo=timezone.utc)
    for nonsense in ("not a number\n", f"{10**12 - 1}\n", "-5\n"):
        (spool / "announce" / LAST_KEY).write_text(nonsense)
        made, _, _ = announce(spool, "g1", nonsense, ["g1"], noon, lambda _a: 1, lambda _k: 0)
        assert made.key == f"{round(noon.timestamp() * 100):012d}", nonsense


def test_an_announcement_queued_with_a_key_drawn_at_random_goes_before_the_moment_keyed(
    tmp_path: Path,
) -> None:
    """Announcements queued by a wtg that drew their keys at random, still waiting when
    the GM announces again after the upgrade: by name, a key beginning with a letter
    went after the new announcement's, and the player read the later one first."""
    outbox = Outbox(tmp_path / ".mail")
    names = (
        f"announce-{round(datetime(2026, 12, 7, tzinfo=timezone.utc).timestamp() * 100):012d}"
        f"-{'1' * 12}",
        f"announce-f3a90c1b2d4e-{'2' * 12}",
        f"announce-3f9c0a1b2d4e-{'3' * 12}-n2",
    )
    for name in names:
        (outbox.queue_dir / f"{name}.eml").write_bytes(b"Subject: x\n\nx\n")
    assert [ident for ident, _ in outbox.waiting()] == [names[2], names[1], names[0]]
