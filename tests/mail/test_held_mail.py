"""Issue 25, item 11: a mail for a game the host does not know is held for the GM, not
rejected, and `wtg quarantine --release KEY` puts a held, quarantined or rejected mail back
in the inbox for the next poll (the maildir transport here; a real IMAP server in
test_release_real_server.py). A release cut short between its writes is finished by the
same command given again: the mail is neither lost nor filed twice."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from tests.mail.loop import GM, NOW, World
from tests.mail.test_poll_maildir import body_of
from wtg.cli import main
from wtg.game.gameconfig import name_quoted
from wtg.mail.outgoing.digest import make_digest
from wtg.mail.poll import release as release_module
from wtg.mail.poll.release import ReleaseRefused, release
from wtg.mail.spool.journal import Journal
from wtg.mail.spool.journallists import held_mails, releases_cut_short


def wtg(world: World, *args: str) -> Result:
    config = world.gm.games_dir.parent / "wtg.yaml"
    config.write_text(f"games_dir: games\nfrom: {GM}\n", encoding="utf-8")
    # the config as WTG_CONFIG gives it: the commands it names begin `wtg` alone
    return CliRunner(env={"WTG_CONFIG": str(config)}).invoke(main, [*args])


def folder(world: World, name: str) -> list[str]:
    """The mails in a folder of the maildir inbox: the inbox itself ('') or .processed,
    .rejected."""
    box = world.gm.maildir_in / name
    return sorted(p.name for sub in ("new", "cur") for p in (box / sub).iterdir())


def orders_on_file(world: World, player: int = 1) -> Any:
    return world.game.store.pending_orders(1).get(player)


def away(world: World) -> Path:
    """The game's folder moved out of games_dir (a game not made yet, a folder renamed):
    where it went."""
    aside = world.gm.games_dir.parent / "aside"
    shutil.move(str(world.game.store.root), aside)
    return aside


def back(world: World, aside: Path) -> None:
    shutil.move(str(aside), world.game.store.root)


def held_one(world: World) -> str:
    """Player 1's orders for g1 mailed while g1 is not in games_dir, polled: held. Its key."""
    form = world.aof(1, X1="100")
    aside = away(world)
    key = world.mail(form)
    summary = world.poll()
    assert (summary.held, summary.rejected, summary.filed) == (1, 0, 0)
    assert summary.line() == "filed 0, rejected 0, quarantined 0, ignored 0, held for the GM 1"
    back(world, aside)
    return f"maildir:{key}"


def test_a_mistyped_key_names_the_key_meant(tmp_path: Path) -> None:
    """`--release` (or `--forget`) of a key mistyped, given without its transport, pasted
    with the rest of its listing's line, or as its archive copy's path: refused with only
    "no mail ... was handled by the poll", and the GM looked for the key by eye. The
    refusal names the key of the mail held it is close to; nothing is released or dropped."""
    world = World(tmp_path)
    key = held_one(world)
    (item,) = held_mails(world.gm.spool)
    for typed in (
        key[:-1],
        key.upper(),
        key.removeprefix("maildir:"),
        f"{key}  HELD  game g1",
        item.archive,
    ):
        released = wtg(world, "quarantine", "--release", typed)
        assert (released.exit_code, released.stderr) == (
            1,
            f"wtg: no mail {typed} was handled by the poll: did you mean {key}? (`wtg "
            "quarantine` lists the mails held and quarantined, `wtg poll -v` the key of each "
            "mail)\n",
        )
    dropped = wtg(world, "quarantine", "--forget", key[:-1])
    assert (dropped.exit_code, dropped.stderr) == (
        1,
        f"wtg: no mail {key[:-1]} is quarantined or held: nothing dropped; did you mean {key}? "
        "(`wtg quarantine` lists the keys)\n",
    )
    assert held_mails(world.gm.spool) == [item]
    nothing = wtg(world, "quarantine", "--release", "maildir:no-such-mail")
    assert "handled by the poll (`wtg quarantine` lists" in nothing.stderr  # none close


def test_a_mistyped_key_of_a_release_cut_short_names_the_key_meant(tmp_path: Path) -> None:
    """A release cut short (killed after the journal forgot the mail) is listed by `wtg
    quarantine` as `KEY  RELEASE CUT SHORT: give ...`, and the mail is no longer held: the
    key of that line pasted whole, mistyped or without its transport was refused with
    "no mail ... was handled by the poll" alone, no key offered, and its `--forget` with
    "is quarantined or held" though listed. Each names the key, and the command that
    finishes the release."""
    world = World(tmp_path)
    key = held_one(world)
    now = NOW.timestamp()
    Journal(world.gm.spool).begin_release(key, now)  # the kill: the mail still rejected
    listed = wtg(world, "quarantine").stdout
    assert listed.startswith(f"{key}  RELEASE CUT SHORT: give `wtg quarantine --release ")
    for typed in (listed.splitlines()[0], key[:-1], key.removeprefix("maildir:")):
        released = wtg(world, "quarantine", "--release", typed)
        assert (released.exit_code, released.stderr) == (
            1,
            f"wtg: no mail {typed} was handled by the poll: did you mean {key}? (`wtg "
            "quarantine` lists the mails held and quarantined, `wtg poll -v` the key of each "
            "mail)\n",
        )
    forgot = wtg(world, "quarantine", "--forget", key)  # what the listing's line seems to ask
    assert (forgot.exit_code, forgot.stderr) == (
        1,
        f"wtg: mail {key} is not held: its release was cut short, and the mail may lie in the "
        f"rejected folder, where no poll looks: give `wtg quarantine --release {key}` again "
        "to finish it; nothing dropped\n",
    )
    assert folder(world, ".rejected") == [key.removeprefix("maildir:")]
    finished = wtg(world, "quarantine", "--release", key)
    assert finished.exit_code == 0, finished.output
    assert folder(world, "") == [key.removeprefix("maildir:")]


def test_a_form_of_a_game_the_host_does_not_know_is_held_not_rejected(tmp_path: Path) -> None:
    """Issue 25, item 11: with a games_dir mistyped (or a game not there yet), the poll
    rejected every order mail ("does not run here"); now it is held, the GM told (poll
    summary, `wtg quarantine`, `wtg status`, the digest), and released it is filed."""
    world = World(tmp_path)
    key = held_one(world)
    assert folder(world, ".rejected") and not folder(world, "")
    (item,) = held_mails(world.gm.spool)
    assert (item.key, item.game) == (key, "g1")
    assert item.reason.startswith("the form names game 'g1', which is no game of this host")
    assert Path(item.archive).is_file()
    listed = wtg(world, "quarantine")
    assert listed.exit_code == 0, listed.output
    assert listed.stdout.startswith(
        f"{key}  HELD  game g1\n    {item.archive}\n      the form names"
    )
    status = wtg(world, "status")
    # g1 is back in the games folder: the line said g1 was a game this host does not know,
    # while the line above it listed g1, and `wtg status g1` said nothing of its orders
    # held; the turn ran without them (gmslips18)
    here = (
        "HELD MAIL: 1 mail held names g1, a game of this host now (its folder was away, or "
        "not made yet, when it came): its orders are not on file, and the turn runs without "
        "them; `wtg quarantine` lists it, --release KEY puts it back for the next poll, which "
        "files it\n"
    )
    assert here in status.stdout and "they name games this host does not know" not in status.stdout
    assert here in wtg(world, "status", "g1").stdout
    told = json.loads(wtg(world, "status", "g1", "--json").stdout)["held_mails"]
    assert told == [{"key": key, "archive": item.archive, "reason": item.reason}]
    (entry,) = json.loads(wtg(world, "status", "--json").stdout)["games"]
    assert entry["held_mails"] == told
    away(world)  # a game this host does not know: said so, as before
    assert "1 mail held: it names a game this host does not know (g1)" in (
        wtg(world, "status").stdout
    )
    back(world, world.gm.games_dir.parent / "aside")
    digest = make_digest(world.gm.games_dir, NOW).text()
    assert "Mail held (1; each names a game this host does not know" in digest
    assert f"  {key}  game g1\n    {item.archive}\n" in digest
    released = wtg(world, "quarantine", "--release", key)
    assert released.exit_code == 0, released.output
    assert released.stdout == f"{key}: back in the inbox; the next poll handles it as new\n"
    assert held_mails(world.gm.spool) == [] and folder(world, ".rejected") == []
    summary = world.poll()
    assert (summary.filed, summary.held) == (1, 0)
    assert orders_on_file(world) is not None


def test_a_mistyped_key_among_several_holds_back_none_of_the_others(tmp_path: Path) -> None:
    """`--release GOOD --release TYPO --release GOOD2`: the first key refused stopped the
    command, and the keys after it were never released. Each good one is released, the
    refused one named, and the command exits 1."""
    world = World(tmp_path)
    first = held_one(world)
    second = held_one(world)
    typo = "maildir:no-such-mail"
    released = wtg(world, "quarantine", "--release", typo, "--release", first, "--release", second)
    assert released.exit_code == 1
    assert released.stdout == "".join(
        f"{key}: back in the inbox; the next poll handles it as new\n" for key in (first, second)
    )
    assert f"no mail {typo} was handled by the poll" in released.stderr
    assert held_mails(world.gm.spool) == []
    summary = world.poll()  # both back in the inbox (the second the same orders: unchanged)
    assert (summary.seen, summary.filed, summary.held) == (2, 1, 0)


def test_a_player_is_told_his_mail_waits_and_a_stranger_is_not(tmp_path: Path) -> None:
    """Issue 25, item 11: a player of the host whose form names another game is told it is
    kept for the GM; a stranger's form of an unknown game is held without an answer."""
    world = World(tmp_path)
    form = world.aof(1, X1="100").replace("GAME: g1", "GAME: g7")
    assert "GAME: g7" in form
    world.mail(form)
    world.mail(form, sender="stranger@else.example")
    summary = world.poll()
    assert summary.held == 2
    answers = world.outbox()
    (ident,) = answers
    assert ident.startswith("held-")
    assert "names game g7, which is not a game of this host" in body_of(answers[ident])


def test_release_of_a_rejected_and_of_a_quarantined_mail(tmp_path: Path) -> None:
    """Issue 25, item 11: --release takes a rejected mail too (a wrong code the GM has
    since corrected), and a quarantined one; one that was filed stays where it is."""
    world = World(tmp_path)
    wrong = "maildir:" + world.mail(world.aof(1, X1="100").replace("CODE0001", "CODE9999"))
    filed = "maildir:" + world.mail(world.aof(2, X1="100"), sender="p2@players.example")
    summary = world.poll()
    assert (summary.rejected, summary.filed) == (1, 1)
    with pytest.raises(ReleaseRefused, match="it is in the processed folder, where it stays"):
        release(world.gm, filed, NOW)
    with pytest.raises(ReleaseRefused, match="no mail maildir:nothing was handled by the poll"):
        release(world.gm, "maildir:nothing", NOW)
    said = release(world.gm, wrong, NOW)
    assert said == f"{wrong}: back in the inbox; the next poll handles it as new"
    assert folder(world, "") and folder(world, ".rejected") == []
    assert world.poll().rejected == 1  # handled again as new: still the wrong code
    journal = Journal(world.gm.spool)
    journal.quarantined(wrong, "g1", "archive", "ValueError: a bug", NOW.timestamp())
    journal.commit()
    journal.close()
    assert release(world.gm, wrong, NOW).startswith(f"{wrong}: back in the inbox")
    assert wtg(world, "quarantine").stdout == "no mail quarantined or held\n"


class Cut(BaseException):
    """The release cut short (as a kill would) at a chosen step."""


@pytest.mark.parametrize("step", ["before the move", "after the move"])
def test_a_release_cut_short_is_finished_by_giving_it_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, step: str
) -> None:
    """Issue 25, item 11: a release cut short between its writes (the journal's and the
    mailbox's) leaves the mail in one place, listed as a release under way; given again,
    the command finishes it. Polled, the mail is filed once."""
    world = World(tmp_path)
    key = held_one(world)
    if step == "before the move":
        target: Any = release_module._MaildirBox
        name = "put_back"
    else:
        target, name = Journal, "end_release"

    def cut(*_: object) -> None:
        raise Cut

    with monkeypatch.context() as patched:
        patched.setattr(target, name, cut)
        with pytest.raises(Cut):
            release(world.gm, key, NOW)
    moved = step == "after the move"
    assert (len(folder(world, "")), len(folder(world, ".rejected"))) == (int(moved), int(not moved))
    listed = wtg(world, "quarantine").stdout
    assert listed == (
        f"{key}  RELEASE CUT SHORT: give `wtg quarantine --release {key}` again to finish it\n"
    )
    if moved:  # a poll may come first: it files the mail, and the release only ends
        assert world.poll().filed == 1
    again = release(world.gm, key, NOW)
    if moved:
        assert again == f"{key}: its release was cut short and the mail is back already; finished"
    else:
        assert again == f"{key}: back in the inbox; the next poll handles it as new"
        assert world.poll().filed == 1
    assert world.poll().seen == 0
    assert wtg(world, "quarantine").stdout == "no mail quarantined or held\n"
    confirmations = [i for i in world.outbox() if i.startswith("conf-")]
    assert len(confirmations) == 1
    assert orders_on_file(world) is not None


def test_release_held_says_one_line_that_counts_a_release_cut_short_finished(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--release-held` said a line a mail released (a flood held is thousands): it says
    one, which counts those whose release was cut short after the move, finished."""
    world = World(tmp_path)
    key = held_one(world)

    def cut(*_: object) -> None:
        raise Cut

    with monkeypatch.context() as patched:
        patched.setattr(Journal, "end_release", cut)
        with pytest.raises(Cut):
            release(world.gm, key, NOW)

    released = wtg(world, "quarantine", "--release-held")

    assert released.exit_code == 0, released.output
    assert released.stdout == (
        "1 mail back in the inbox (1 back already, its release cut short: finished); the next "
        "poll handles it as new\n"
    )
    assert wtg(world, "quarantine").stdout == "no mail quarantined or held\n"


def test_release_held_stopped_by_an_error_counts_the_mails_it_released(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--release-held` stopped part way by an error other than the IMAP server's (a full
    disk, a connection reset) said nothing of the mails it had put back: its one line came
    only after the last (review41). It is said before the error, and the command given
    again releases the rest."""
    world = World(tmp_path)
    first = held_one(world)
    second = held_one(world)
    moves: list[object] = []
    put_back = release_module._MaildirBox.put_back

    def full_on_the_second(box: Any, where: Path) -> None:
        moves.append(where)
        if len(moves) == 2:
            raise OSError(28, "No space left on device")
        put_back(box, where)

    with monkeypatch.context() as patched:
        patched.setattr(release_module._MaildirBox, "put_back", full_on_the_second)
        stopped = wtg(world, "quarantine", "--release-held")

    assert stopped.exit_code == 1
    assert stopped.stdout == "1 mail back in the inbox; the next poll handles it as new\n"
    assert "No space left on device" in stopped.stderr
    cut_short = [item.key for item in releases_cut_short(world.gm.spool)]
    assert len(cut_short) == 1 and cut_short[0] in (first, second)
    again = wtg(world, "quarantine", "--release-held")
    assert again.exit_code == 0, again.output
    assert again.stdout == "1 mail back in the inbox; the next poll handles it as new\n"
    assert held_mails(world.gm.spool) == []
    assert len(moves) == 2


def test_a_release_of_a_mail_moved_away_by_hand_is_refused(tmp_path: Path) -> None:
    """Issue 25, item 11: a held mail no longer in the rejected folder is not released:
    the command says where its copy is, and the journal keeps the record."""
    world = World(tmp_path)
    key = held_one(world)
    for name in folder(world, ".rejected"):
        (world.gm.maildir_in / ".rejected" / "cur" / name).unlink()
    result = wtg(world, "quarantine", "--release", key)
    assert result.exit_code == 1
    (item,) = held_mails(world.gm.spool)
    assert result.stderr == (
        f"wtg: mail {key} is not in the rejected folder (moved by hand?); its copy is "
        f"{item.archive}\n"
    )


def test_a_game_name_with_an_invisible_character_is_shown_with_it(tmp_path: Path) -> None:
    """A form naming ``g1`` and a Hangul filler (U+3164, a letter that shows nothing; the
    form's reading takes a zero-width space out, not this) is no form of g1: held, it was
    shown to the GM as ``g1`` and a blank (a game that exists, whose orders the held list
    then seemed to hold). It is shown quoted, the filler as its escape, ``'g1\\u3164'``."""
    world = World(tmp_path)
    form = world.aof(1, X1="100").replace("GAME: g1", "GAME: g1\u3164")
    key = f"maildir:{world.mail(form)}"
    assert world.poll().held == 1
    (item,) = held_mails(world.gm.spool)
    assert item.game == "g1\u3164"
    assert item.reason.startswith("the form names game 'g1\\u3164', which is no game")
    status = wtg(world, "status").stdout
    assert "1 mail held: it names a game this host does not know ('g1\\u3164')" in status
    digest = make_digest(world.gm.games_dir, NOW).text()
    assert f"  {key}  game 'g1\\u3164'\n" in digest
    listed = wtg(world, "quarantine").stdout
    assert listed.startswith(f"{key}  HELD  game 'g1\\u3164'\n")
    (answer,) = world.outbox().values()
    said = body_of(answer)
    assert "names game g1\\u3164, which is not a game of this host" in said, said


@pytest.mark.parametrize(
    ("typed", "shown"), [("g1\x07", "'g1\\x07'"), ("g1\x9b31m", "'g1\\x9b31m'")]
)
def test_a_control_character_in_a_held_name_is_shown_escaped_beside_the_reason(
    tmp_path: Path, typed: str, shown: str
) -> None:
    """The journal kept a held mail's game without its control characters while its reason
    quoted them escaped: ``GAME: g1`` and a BEL (or a C1 CSI, which took ``31m`` with it)
    was listed as ``game g1``, a game of this host, beside a reason naming ``'g1\\x07'``.
    The name is kept as sent and shown escaped in every list: status, quarantine, digest."""
    world = World(tmp_path)
    form = world.aof(1, X1="100").replace("GAME: g1", f"GAME: {typed}")
    key = f"maildir:{world.mail(form)}"
    assert world.poll().held == 1
    (item,) = held_mails(world.gm.spool)
    assert item.game == typed
    assert item.reason.startswith(f"the form names game {shown}, which is no game")
    status = wtg(world, "status").stdout
    assert f"1 mail held: it names a game this host does not know ({shown})" in status
    assert "HELD MAIL: 1 mail held names g1" not in status
    listed = wtg(world, "quarantine").stdout
    assert listed.startswith(f"{key}  HELD  game {shown}\n")
    assert f"{shown}, which is no game" in listed
    digest = make_digest(world.gm.games_dir, NOW).text()
    assert f"  {key}  game {shown}\n" in digest
    as_json = json.loads(wtg(world, "status", "--json").stdout)
    assert as_json["held_mails"][0]["game"] == typed  # JSON escapes it itself


def test_a_zero_width_space_in_a_held_name_is_kept_and_shown() -> None:
    """The held name was the printable characters of the name read: a zero-width space
    (which an order file's game keeps) was taken out, and ``wok4-1`` and a zero-width space
    was listed as ``wok4-1``, a game that exists. Kept, it is shown escaped."""
    assert name_quoted("wok4-1\u200b") == "'wok4-1\\u200b'"
    assert name_quoted("wok4-1\u3164") == "'wok4-1\\u3164'"
    assert name_quoted("wok4-1") == "wok4-1"
