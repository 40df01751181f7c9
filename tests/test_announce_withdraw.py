"""`wtg announce --withdraw`: the last announcement taken back before `wtg send` mailed it
(the wrong text typed, or the wrong game named). Before, nothing took an announcement back:
the GM could only move its mails out of the queue by hand, or announce again and mail the
players twice."""

from __future__ import annotations

import json
from pathlib import Path

from tests.test_gm_controls import head, make, minutes, queued, run
from wtg.host.announcement import LAST_KEY


def sent(root: Path) -> list[str]:
    folder = root / "games" / ".mail" / "outbox" / "sent"
    return sorted(path.stem for path in folder.glob("announce-*.eml"))


def test_the_last_announcement_not_mailed_is_taken_back(tmp_path: Path) -> None:
    make(tmp_path / "games", "g1")
    make(tmp_path / "games", "g2")
    run(tmp_path, "announce", "g1", "The server moves on Sunday.")
    run(tmp_path, "send")
    assert len(sent(tmp_path)) == 4
    run(tmp_path, "announce", "g2", "The sever moves on Sundy.")
    assert len(queued(tmp_path, "announce-")) == 4
    taken = run(tmp_path, "announce", "--withdraw")
    assert taken.stdout.startswith("the last announcement (queued at ")
    assert '"[g2] a message from the GM"' in taken.stdout
    assert taken.stdout.endswith(
        "taken back before it was mailed: 4 mails taken out of the queue\n"
    )
    assert queued(tmp_path, "announce-") == {}
    run(tmp_path, "send")
    assert len(sent(tmp_path)) == 4  # the first announcement's alone
    # the one before it went: asked again, it says so and takes nothing back
    refused = run(tmp_path, "announce", "--withdraw", code=1)
    assert refused.stderr.startswith("wtg: the last announcement (queued at ")
    assert refused.stderr.endswith(
        "was mailed already to 4 of its 4 addresses: it cannot be taken back unseen; "
        "announce again to put it right\n"
    )


def test_an_announcement_cut_short_is_taken_back_whole(tmp_path: Path) -> None:
    """Its intent's file goes too: `wtg status` owes nothing of it, and giving its text
    again would have queued the mails taken back."""
    make(tmp_path / "games", "g1")
    run(tmp_path, "announce", "g1", "Wrong.")
    folder = tmp_path / "games" / ".mail" / "announce"
    (key,) = {path.stem.split("-")[1] for path in (folder.parent / "outbox" / "queue").glob("*")}
    intent = {
        "key": key,
        "at": "2026-11-23T09:12:40Z",
        "target": "g1",
        "text": "Wrong.",
        "games": ["g1"],
    }
    (folder / f"{key}.json").write_text(json.dumps(intent))
    run(tmp_path, "announce", "--withdraw")
    assert list(folder.glob("*.json")) == []
    assert queued(tmp_path, "announce-") == {}


def queued_key(root: Path) -> str:
    """The key of the one announcement whose mails are in the queue."""
    queue = root / "games" / ".mail" / "outbox" / "queue"
    (key,) = {path.stem.split("-")[1] for path in queue.glob("announce-*.eml")}
    return key


def test_withdraw_takes_no_game_nor_text(tmp_path: Path) -> None:
    make(tmp_path / "games", "g1")
    none = run(tmp_path, "announce", "--withdraw", code=1)
    assert none.stderr == "wtg: no announcement in the outbox: nothing to take back\n"
    both = run(tmp_path, "announce", "--withdraw", "g1", "Text.", code=1)
    assert "--withdraw takes no GAME nor TEXT" in both.stderr


def test_a_taking_back_cut_short_holds_its_mails_back_until_finished(tmp_path: Path) -> None:
    """Killed after some of its mails left the queue: the rest went with the next `wtg
    send`, to some of the players, and nothing said so. A mark written first holds them
    back, `wtg status` names it, and --withdraw given again finishes that one."""
    make(tmp_path / "games", "g1")
    run(tmp_path, "announce", "g1", "Wrong.")
    queue = tmp_path / "games" / ".mail" / "outbox" / "queue"
    names = sorted(queue.glob("announce-*.eml"))
    key = names[0].stem.split("-")[1]
    folder = tmp_path / "games" / ".mail" / "announce"
    folder.mkdir(exist_ok=True)
    (folder / f"{key}.withdrawing").write_text("")  # as the kill leaves it
    names[0].unlink()
    run(tmp_path, "send")
    assert sent(tmp_path) == [] and len(queued(tmp_path, "announce-")) == 3
    said = run(tmp_path, "status").stdout
    assert f"CUT SHORT: the taking back of announcement {key} " in said
    # the program named as such: backquoted, it carried the --config given, as a command
    given = head(tmp_path)
    assert ": wtg send holds its mails back; give " in said
    assert f"give `{given} announce --withdraw` again" in said
    listing = json.loads(run(tmp_path, "status", "--json").stdout)
    assert listing["announcements_withdrawing"] == [key]
    run(tmp_path, "announce", "g1", "Right.")  # a newer one: the one cut short is finished
    taken = run(tmp_path, "announce", "--withdraw").stdout
    assert "3 mails taken out of the queue" in taken
    kept = [p.name for p in folder.iterdir() if p.name != LAST_KEY]  # kept while its mails wait
    assert kept == [f"{queued_key(tmp_path)}.queued"] and key not in kept[0]
    run(tmp_path, "send")
    assert len(sent(tmp_path)) == 4  # the right one


def test_a_taking_back_killed_after_its_last_mail_takes_no_other_back(tmp_path: Path) -> None:
    """Killed after its last mail left the queue, before its mark went: given again, it
    found the mark's announcement gone from the outbox and took the newest other one back
    (an earlier announcement still queued, which the GM never meant to withdraw: its
    players never got it), saying only "the last announcement ... taken back". It finishes
    the one cut short, says so, and leaves the other queued."""
    make(tmp_path / "games", "g1")
    make(tmp_path / "games", "g2")
    run(tmp_path, "announce", "g1", "The server moves on Sunday.")
    first = queued_key(tmp_path)
    run(tmp_path, "announce", "g2", "Wrong.")
    queue = tmp_path / "games" / ".mail" / "outbox" / "queue"
    (wrong,) = {p.stem.split("-")[1] for p in queue.glob("announce-*.eml")} - {first}
    folder = tmp_path / "games" / ".mail" / "announce"
    intent = json.loads((folder / f"{wrong}.queued").read_text())
    (folder / f"{wrong}.withdrawing").write_text("")  # as the kill leaves it: the mark,
    for path in queue.glob(f"announce-{wrong}-*"):  # its mails gone, its intent kept
        path.unlink()
    finished = run(tmp_path, "announce", "--withdraw")
    assert finished.stdout == (
        f"the taking back of the announcement queued at {minutes(intent['at'])} was cut short "
        "after its last mail left the queue: finished (nothing more to take out of the queue)\n"
    )
    assert sorted(p.name for p in folder.iterdir()) == [f"{first}.queued", LAST_KEY]
    assert len(queued(tmp_path, f"announce-{first}-")) == 4  # g1's players still get it
    run(tmp_path, "send")
    assert len(sent(tmp_path)) == 4
