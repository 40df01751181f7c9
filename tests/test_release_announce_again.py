"""`wtg release` and `wtg announce` given again after they were cut short (docs/gm.md,
"wtg release given again", "wtg announce given again"): each is one intent written before
any notice; a run that finds that intent unfinished finishes it instead of doing the thing
again. Two runs that each finish are two (two announcements of one text are two mails, once
the first was mailed: while its mails wait in the queue, the second is refused)."""

from __future__ import annotations

import json
import shlex
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.conftest import players
from tests.test_extend_again import Killed, cut_short_after
from tests.test_gm_controls import head, make, queued, released_again, run, status
from wtg.cli import main
from wtg.core.errors import GameError, MailError
from wtg.core.plurals import counted
from wtg.game.hold import Hold, hold_of, release_of
from wtg.game.schedule import iso
from wtg.gm.control import hold, release
from wtg.host.announcement import ALL, LAST_KEY, Announcement, StillQueued, announce, unfinished
from wtg.mail.outgoing.notices import Notices

PLAYERS = sorted(p.email for p in players(4))


def cut_short(root: Path, monkeypatch: pytest.MonkeyPatch, mails: int, *args: str) -> None:
    """`wtg ARGS`, dying after the outbox took ``mails`` mails."""
    cut_short_after(monkeypatch, mails)
    config = root / "wtg.yaml"
    config.write_text("games_dir: games\nfrom: Game Master <gm@example.org>\n")
    result = CliRunner().invoke(main, ["--config", str(config), *args])
    assert isinstance(result.exception, Killed), result.output
    monkeypatch.undo()


def addressees(root: Path, prefix: str) -> list[str]:
    """The address of each mail queued whose id starts with ``prefix``, one a mail."""
    return sorted(str(m["To"]).split("<")[-1].rstrip(">") for m in queued(root, prefix).values())


@pytest.mark.parametrize("mails", [0, 2])
def test_release_given_again_after_it_was_cut_short_tells_every_player_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mails: int
) -> None:
    """The GM's `wtg release g1` dies after the hold is gone, with ``mails`` of the four
    notices queued; he gives the same command again. The unchanged code refused it ("game
    g1 is not held", exit 1) and the players not yet told were never told."""
    make(tmp_path / "games")
    run(tmp_path, "hold", "g1")
    cut_short(tmp_path, monkeypatch, mails, "release", "g1")
    assert status(tmp_path)["held"] is False  # the release counted
    owed = status(tmp_path)["owed"]  # what `wtg status` tells a GM who does not give it again
    assert isinstance(owed, list) and len(owed) == 1
    assert str(owed[0]).endswith(
        "was cut short before every player was told: give `wtg release g1` again"
    )

    out = run(tmp_path, "release", "g1").stdout

    assert addressees(tmp_path, "release-") == PLAYERS
    assert out.startswith("game g1 was released already (held since ")
    assert "cut short): " in out
    assert out.endswith(
        f"{counted(4 - mails, 'notice')} queued for the players (`{head(tmp_path)} send` mails "
        "them)\n"
    )
    refused = run(tmp_path, "release", "g1", code=1)
    assert refused.output == released_again(tmp_path)
    assert status(tmp_path)["owed"] == []


@pytest.mark.parametrize("mails", [0, 2])
def test_announce_given_again_after_it_was_cut_short_mails_every_player_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mails: int
) -> None:
    """The GM's `wtg announce g1 TEXT` dies with ``mails`` of the four mails queued; he gives
    the same command again. The unchanged code made new outbox ids (from the clock and the
    text) and queued four more: those mailed before got it twice."""
    make(tmp_path / "games")
    cut_short(tmp_path, monkeypatch, mails, "announce", "g1", "The server moves on Sunday.")
    assert len(queued(tmp_path, "announce-")) == mails

    out = run(tmp_path, "announce", "g1", "The server moves on Sunday.").stdout

    assert addressees(tmp_path, "announce-") == PLAYERS
    assert out.startswith("announcement queued already (at ")
    assert out.endswith(
        f"cut short): finished; {4 - mails} more for 4 players of 1 game "
        f"(`{head(tmp_path)} send` mails it)\n"
    )


def test_one_text_announced_again_while_its_mails_wait_is_refused(tmp_path: Path) -> None:
    """`wtg announce g1 "Hello."` given twice (the shell's arrow key) before `wtg send`
    queued two mails a player, one text mailed twice at the next send: a slip. Given while
    a mail of the first waits in the queue, the second is refused, nothing queued, saying
    how to mail it twice; another text, or the same text to another target, goes."""
    make(tmp_path / "games")
    out = run(tmp_path, "announce", "g1", "Hello.").stdout
    assert out == (
        f"announcement queued for 4 players of 1 game (`{head(tmp_path)} send` mails it)\n"
    )
    refused = run(tmp_path, "announce", "g1", "Hello.", code=1).stderr
    given = head(tmp_path)
    assert refused.startswith("wtg: the same text was announced to g1 at ")
    assert refused.endswith(
        ", and 4 of its mails still wait in the outbox's queue: not queued again (the "
        f"players would get it twice at the next send). To mail it twice, give `{given} announce "
        f"g1 Hello.` again once `{given} send` has mailed the first; `{given} announce "
        "--withdraw` takes the first back\n"
    )
    assert addressees(tmp_path, "announce-") == PLAYERS
    run(tmp_path, "announce", "--all", "Hello.")  # another target: a slip of no one's
    assert addressees(tmp_path, "announce-") == sorted(PLAYERS * 2)


def test_a_text_of_several_lines_again_is_told_to_come_from_a_file(tmp_path: Path) -> None:
    make(tmp_path / "games")
    run(tmp_path, "announce", "g1", "-", input="Line one.\nLine two.\n")
    refused = run(tmp_path, "announce", "g1", "-", input="Line one.\nLine two.\n", code=1)
    said = f"To mail it twice, give `{head(tmp_path)} announce g1 - < FILE` again once"
    assert said in refused.stderr
    assert addressees(tmp_path, "announce-") == PLAYERS


def test_two_announcements_of_one_text_are_two_mails_once_the_first_was_mailed(
    tmp_path: Path,
) -> None:
    """The same text meant twice (days apart, or at once on purpose): once `wtg send` has
    mailed the first, the second is an announcement of its own, a second mail a player."""
    make(tmp_path / "games")
    run(tmp_path, "announce", "g1", "Hello.")
    run(tmp_path, "send")
    assert queued(tmp_path, "announce-") == {}
    out = run(tmp_path, "announce", "g1", "Hello.").stdout
    assert out == (
        f"announcement queued for 4 players of 1 game (`{head(tmp_path)} send` mails it)\n"
    )
    assert addressees(tmp_path, "announce-") == PLAYERS
    folder = tmp_path / "games" / ".mail" / "announce"
    assert len(list(folder.glob("*.queued"))) == 1  # the first's gone with its mails


# --- the ruling of release, unit by unit ----------------------------------------------------
NOW = datetime(2026, 11, 23, 9, 12, 40, tzinfo=timezone.utc)
HOLD = {"since": "2026-11-22T08:00:00Z", "reason": "a bug"}


class Refused(Exception):
    """A notice that could not be queued."""


def refuse(what: object) -> int:
    raise Refused(what)


@pytest.mark.parametrize(
    ("data", "held", "released"),
    [
        (HOLD, True, False),
        ({**HOLD, "released": "2026-11-23T09:12:40Z"}, False, True),
        ({**HOLD, "released": ""}, True, False),
        ({**HOLD, "released": 5}, True, False),  # edited by hand: still held
        ("not an object", True, False),
        (None, False, False),
    ],
)
def test_a_hold_file_with_its_release_written_holds_the_game_no_more(
    tmp_path: Path, data: object, held: bool, released: bool
) -> None:
    if data is not None:
        (tmp_path / "held.json").write_text(json.dumps(data))
    assert (hold_of(tmp_path) is not None, release_of(tmp_path) is not None) == (held, released)


def test_a_release_not_told_is_told_by_the_next_release_and_the_game_stays_released(
    tmp_path: Path,
) -> None:
    game = make(tmp_path / "games")
    made, _new, _queued = hold(game, NOW, "a bug")
    with pytest.raises(Refused):
        release(game, NOW + timedelta(hours=1), refuse)
    assert game.held() is None and game.store.root.joinpath("held.json").exists()
    told: list[Hold] = []

    def tell(released: Hold) -> int:
        told.append(released)
        return 3

    again = release(game, NOW + timedelta(hours=2), tell)
    want = Hold(since=made.since, reason="a bug", released=iso(NOW + timedelta(hours=1)))
    assert again == (want, False, 3) and told == [want]
    assert not game.store.root.joinpath("held.json").exists()
    with pytest.raises(GameError, match=r"^game g1 is not held$"):
        release(game, NOW, lambda h: 0)


def test_a_hold_given_over_a_release_not_told_replaces_it(tmp_path: Path) -> None:
    """The game is held again: a notice that it goes on would be wrong; the next release
    is a new one, of the new hold."""
    game = make(tmp_path / "games")
    hold(game, NOW)
    with pytest.raises(Refused):
        release(game, NOW + timedelta(hours=1), refuse)
    later, new, _queued = hold(game, NOW + timedelta(hours=2), "again")
    assert new and game.held() == later
    done, fresh, _queued = release(game, NOW + timedelta(hours=3), lambda h: 0)
    assert fresh and (done.since, done.released) == (later.since, iso(NOW + timedelta(hours=3)))


def test_the_same_release_is_the_same_mail_and_another_release_a_new_one(tmp_path: Path) -> None:
    game = make(tmp_path / "games")
    notices = Notices(tmp_path / "games" / ".mail", "gm@example.org", NOW)
    once = Hold(since=HOLD["since"], released=iso(NOW))
    assert notices.released(game, once) == 4
    assert notices.released(game, once) == 0
    assert notices.released(game, Hold(since=HOLD["since"], released=iso(LATER))) == 4
    assert len(queued(tmp_path, "release-")) == 8


# --- the ruling of announce, unit by unit ---------------------------------------------------
LATER = NOW + timedelta(hours=1)


def none(key: str) -> int:
    """No mail of the announcement ``key`` waits in the queue (each was mailed)."""
    return 0


def test_an_announcement_not_finished_is_finished_by_the_same_text_to_the_same_target(
    tmp_path: Path,
) -> None:
    spool = tmp_path / ".mail"
    with pytest.raises(Refused):
        announce(spool, "g1", "Hello.", ["g1"], NOW, refuse, none)
    (cut,) = (spool / "announce").glob("*.json")
    told: list[Announcement] = []

    def tell(announcement: Announcement) -> int:
        told.append(announcement)
        return 2

    other, new, _ = announce(spool, "g1", "Goodbye.", ["g1"], LATER, tell, none)  # another text
    assert new and other.text == "Goodbye."
    wider, new, _ = announce(
        spool, ALL, "Hello.", ["g1", "g2"], LATER, tell, none
    )  # another target
    assert new and wider.games == ("g1", "g2")
    again = announce(spool, "g1", "Hello.", ["g1", "g3"], LATER, tell, none)
    assert again[1:] == (False, 2)
    assert again[0] == Announcement(
        key=cut.stem, at=iso(NOW), target="g1", text="Hello.", games=("g1",)
    )
    assert told[-1] == again[0] and list((spool / "announce").glob("*.json")) == []
    assert len({a.key for a in told}) == 3  # three announcements, each its own key
    assert announce(spool, "g1", "Hello.", ["g1"], LATER, tell, none)[1] is True  # a new one


@pytest.mark.parametrize(
    "data",
    [
        "not json",
        ["a list"],
        {"key": "abc", "at": "x", "target": "g1", "text": "Hello."},  # no games
        {"key": "abc", "at": "x", "target": "g1", "text": "Hello.", "games": [1]},
        {"key": "other", "at": "x", "target": "g1", "text": "Hello.", "games": ["g1"]},
    ],
)
def test_an_announcement_file_that_is_not_one_is_left_as_it_is(
    tmp_path: Path, data: object
) -> None:
    (tmp_path / "abc.json").write_text(data if isinstance(data, str) else json.dumps(data))
    assert unfinished(tmp_path, "g1", "Hello.") is None
    good = {"key": "abc", "at": "x", "target": "g1", "text": "Hello.", "games": ["g1"]}
    (tmp_path / "abc.json").write_text(json.dumps(good))
    assert unfinished(tmp_path, "g1", "Hello.") == Announcement(
        key="abc", at="x", target="g1", text="Hello.", games=("g1",)
    )


def test_announce_all_given_again_mails_the_games_it_named_then(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game made between the run cut short and the next is not part of that announcement:
    its players hear of it only from a new one."""
    make(tmp_path / "games")
    cut_short(tmp_path, monkeypatch, 1, "announce", "--all", "News.")
    make(tmp_path / "games", "g2", 2)
    out = run(tmp_path, "announce", "--all", "News.").stdout
    assert "cut short): finished; 3 more for 4 players of 1 game" in out
    assert addressees(tmp_path, "announce-") == PLAYERS


def test_a_finished_announcement_is_kept_while_its_mails_wait(tmp_path: Path) -> None:
    """Finished, an announcement's file is kept as KEY.queued while a mail of it waits in
    the queue: the same text to the same target is refused then, nothing written; once
    none waits, the file goes and the same text is a new announcement."""
    spool = tmp_path / ".mail"
    first, _, _ = announce(spool, "g1", "Hello.", ["g1"], NOW, lambda a: 4, none)
    kept = spool / "announce" / f"{first.key}.queued"
    assert json.loads(kept.read_text())["text"] == "Hello."

    def four(key: str) -> int:
        return 4 if key == first.key else 0

    with pytest.raises(StillQueued, match=r"and 4 of its mails still wait in the outbox"):
        announce(spool, "g1", "Hello.", ["g1"], LATER, refuse, four)
    assert sorted(p.name for p in (spool / "announce").iterdir()) == [kept.name, LAST_KEY]
    assert announce(spool, "g1", "Goodbye.", ["g1"], LATER, lambda a: 4, four)[1] is True
    again, new, _ = announce(spool, "g1", "Hello.", ["g1"], LATER, lambda a: 4, none)
    assert new and again.key != first.key and not kept.exists()


def test_two_announcements_at_once_the_second_is_refused(tmp_path: Path) -> None:
    spool = tmp_path / ".mail"

    def inner(announcement: Announcement) -> int:
        with pytest.raises(MailError, match="has another announcement going"):
            announce(spool, "g1", "Two.", ["g1"], NOW, lambda a: 0, none)
        return 1

    assert announce(spool, "g1", "One.", ["g1"], NOW, inner, none)[1:] == (True, 1)


def overview(root: Path) -> dict[str, object]:
    """`wtg status --json`: every game of the games directory."""
    data: dict[str, object] = json.loads(run(root, "status", "--json").stdout)
    return data


@pytest.mark.parametrize(
    ("target", "text"),
    [
        ("g1", "The server moves on Sunday; don't mail then."),
        ("--all", "The server moves on Sunday.\n\nMail sent then may come back."),
    ],
)
def test_wtg_status_names_an_announcement_cut_short_and_what_finishes_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, target: str, text: str
) -> None:
    """`wtg announce` dies with one of the mails queued and the GM never gives it again:
    before the fix `wtg status` said nothing of it (its NOTICES OWED named a cut-short
    extend or release alone) and the other players never heard it. `wtg status GAME` (of
    each game it goes to), `wtg status` and their --json name it and what finishes it;
    once that is given, it is gone."""
    make(tmp_path / "games")
    make(tmp_path / "games", "g2", 2)
    cut_short(tmp_path, monkeypatch, 1, "announce", target, text)
    folder = tmp_path / "games" / ".mail" / "announce"
    (kept,) = folder.glob("*.json")
    at = json.loads(kept.read_text())["at"]
    games = ["g1"] if target == "g1" else ["g1", "g2"]
    give = f"wtg announce {target} {shlex.quote(text)}"
    shown = give if "\n" not in text else f"wtg announce {target} - < FILE"
    line = (
        f"the announcement to {target} (at {at}, kept in {kept}) was cut short before every "
        f"player was told: give `{shown}` again"
        + ("" if "\n" not in text else f', FILE holding its text (the "text" of {kept})')
        + " (it mails only those it did not mail yet)"
    )
    entry = {
        "key": kept.stem,
        "at": at,
        "target": target,
        "text": text,
        "games": games,
        "file": str(kept),
        "give": give,
    }
    printed = line.replace("`wtg announce", f"`{head(tmp_path)} announce")  # the --config given
    for name in ("g1", "g2"):
        data = status(tmp_path, name)
        told = name in games
        assert data["owed"] == ([line] if told else [])
        assert data["announcements"] == ([entry] if told else [])
        assert (f"NOTICES OWED: {printed}\n" in run(tmp_path, "status", name).stdout) is told
    every = overview(tmp_path)
    assert every["announcements"] == [entry]
    listed = every["games"]
    assert isinstance(listed, list)
    assert [g["owed"] for g in listed] == [[line], [line] if target == "--all" else []]
    assert run(tmp_path, "status").stdout.count(f"NOTICES OWED: {printed}\n") == 1

    said = run(tmp_path, "announce", target, "-", input=text + "\n").stdout
    assert "cut short): finished; " in said
    assert addressees(tmp_path, "announce-") == PLAYERS  # one mail an address, each once
    assert overview(tmp_path)["announcements"] == [] and status(tmp_path)["owed"] == []
    assert "NOTICES OWED" not in run(tmp_path, "status").stdout
    assert shlex.split(give) == ["wtg", "announce", target, text]  # the shell reads it so


def test_wtg_status_lists_an_announcement_file_it_cannot_read(tmp_path: Path) -> None:
    """A file of `.mail/announce/` edited by hand into what is no announcement is left as it
    is (no announce finishes it), and `wtg status` says so, not a word before."""
    make(tmp_path / "games")
    folder = tmp_path / "games" / ".mail" / "announce"
    folder.mkdir(parents=True)
    (folder / "abc.json").write_text('{"key": "abc", "text": "Hello."')
    error = "not an announcement wtg can read: see to it by hand"
    listed: dict[str, object] = json.loads(run(tmp_path, "status", "--json", code=1).stdout)
    assert listed["unreadable"] == [{"path": str(folder / "abc.json"), "error": error}]
    said = run(tmp_path, "status", code=1).stdout  # exit 1: it needs the GM
    assert f"{folder / 'abc.json'}: cannot be read, skipped: {error}\n" in said
    assert listed["announcements"] == [] and status(tmp_path)["owed"] == []


def test_a_release_cut_short_then_the_game_ended_tells_no_one_it_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`wtg release g1` dies with 2 of its 4 notices queued; the GM ends the game (`wtg
    end`), then gives the release again, as `wtg status` says to. It queued the 2 missing
    notices, "game g1 goes on: the GM has lifted the hold", to the players of a game over,
    and said the release was finished."""
    make(tmp_path / "games")
    run(tmp_path, "hold", "g1")
    cut_short(tmp_path, monkeypatch, 2, "release", "g1")
    run(tmp_path, "end", "g1", "--yes")
    told = addressees(tmp_path, "release-")
    assert len(told) == 2

    out = run(tmp_path, "release", "g1").stdout

    assert addressees(tmp_path, "release-") == told
    assert out.startswith("game g1 was released already (held since "), out
    assert out.endswith(
        "cut short), and is over since (ended by the GM at turn 1): finished, and no more of "
        "its notices queued (they would tell the players the game goes on)\n"
    ), out
    assert status(tmp_path)["owed"] == []


def test_the_end_of_a_game_whose_release_was_cut_short_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`wtg release g1` dies with 2 of its 4 notices queued; the GM ends the game. `wtg end`
    said the game ended and nothing of the release its status owes: now it says what
    finishes it, and that no more of its notices go (they would say the game goes on)."""
    make(tmp_path / "games")
    run(tmp_path, "hold", "g1")
    cut_short(tmp_path, monkeypatch, 2, "release", "g1")
    released = release_of(tmp_path / "games" / "g1")
    assert released is not None and released.released

    out = run(tmp_path, "end", "g1", "--yes").stdout

    at = f"{datetime.fromisoformat(released.released.replace('Z', '+00:00')):%Y-%m-%d %H:%M} UTC"
    assert out.endswith(
        f"(`{head(tmp_path)} send` mails them); the release of its hold (at {at}) was cut short "
        f"before every player was told: `{head(tmp_path)} release g1` finishes it, queuing no "
        "more of its notices (they would tell the players the game goes on)\n"
    ), out
    again = json.loads(run(tmp_path, "end", "g1", "--json").stdout)
    assert again["release_cut_short"] == released.released  # --json: the file's ISO
    run(tmp_path, "release", "g1")
    assert json.loads(run(tmp_path, "end", "g1", "--json").stdout)["release_cut_short"] is None
