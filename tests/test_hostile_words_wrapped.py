"""A word someone else wrote (a stranger's game name, an address, a server's refusal, a
header's value) reaches the GM's digest and terminal. Wider than a line, it is cut to 78
columns in every one of them, whatever it looks like: a word begun with ``/`` (a stranger's
game name ``/aaa...`` passed as a path in `wtg status` and ran on for its whole length), one
with a ``/`` inside (a header's value, a status word: kept whole by the digest's lists), one
of wide letters (two columns each). Only a path the host gave or made (the games folder and
the files wtg names in it, the ``--config`` given) stays whole, on a line of its own, to be
copied (``wtg.text.hostpaths``)."""

from __future__ import annotations

import email
import email.policy
import shutil
import tempfile
from collections.abc import Iterator
from email.message import EmailMessage
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.lobby.hall import Hall
from tests.mail.loop import GM, NOW, World
from wtg.cli import main
from wtg.core.textwidth import text_width
from wtg.lobby.domains import MadeOfList, OneDomain, TakenToOneDomain
from wtg.mail.incoming.answers import GAME_SHOWN
from wtg.mail.outgoing import compose
from wtg.mail.outgoing.digest import Digest, Failing, Overdue
from wtg.mail.outgoing.failedmail import Listed
from wtg.mail.outgoing.outbox import Outbox
from wtg.mail.spool.journallists import FloodCount, Quarantined, SetAside, Unanswered, WrongCodes
from wtg.text.headings import heading
from wtg.text.hostpaths import NAME_MAX, fits, host_path
from wtg.text.prose import fitted_line, listed, path_then, sentences_wrapped, with_path

WIDTH = 78
STRANGER = "mallory@strangers.example"
HOSTILE = {
    "long": "a" * 300,
    "slash first": "/" + "b" * 299,
    "slash inside": "c" * 40 + "/" + "c" * 259,  # a held mail keeps 80 of a game's name
    "wide": "龍" * 300,
}
GAMES = "/srv/" + "host-of-many-games-" * 5 + "/games"  # the GM's: 106 characters
ARCHIVE = f"{GAMES}/.mail/archive/2026-12/maildir-1796453191.M1258P191Q132.vm.eml"


def exists(path: str) -> bool:
    """The look at the disk `wtg status` gives the lines it wraps."""
    return Path(path).exists()


def too_wide(text: str, kept: str) -> list[str]:
    """The lines of ``text`` wider than a line, but those that are a path of the host's
    whole, in the folder ``kept`` (a path to copy, on a line of its own)."""
    rows = text.splitlines()
    return [row for row in rows if text_width(row) > WIDTH and not host_path(row.strip(), [kept])]


def digest_of(word: str) -> Digest:
    """A digest with ``word`` in every place a stranger's or a server's words reach."""
    mail = Quarantined(key=f"imap:7:{word}", game=word, archive=ARCHIVE, reason=word, at=1.0)
    domain = OneDomain(domain=word, players=3, of=4)
    return Digest(
        since="2026-12-01 06:00",
        until="2026-12-02 06:00",
        folders=(GAMES,),
        quarantine=(mail,),
        quarantine_not_listed=((word, 4),),
        held=(mail,),
        unanswered=(Unanswered(key="imap:7:11", outcome=f"reply limit {word}", at=1.0),),
        unanswered_not_listed=((word, 3),),
        set_aside=(SetAside(key="k", game="g1", seat="2", why=word, archive=ARCHIVE, at=1.0),),
        flood_not_kept=(FloodCount(sender=word, day="2026-12-01", dropped=9, at=1.0),),
        wrong_codes=(WrongCodes(game=word, seat=2, forms=40, elsewhere=38, addresses=19),),
        overdue=(Overdue(game="g2", turn=5, said=f"deadline 3 days ago: {word}"),),
        bounces=(Failing(game="g1", player="2", address=word, since="x", why=word),),
        troubles=(f"{GAMES}/g3: cannot be read, skipped: {word}",),
        refused=(Listed(name="m1", to=word, subject=word, error=word),),
        one_domain=(MadeOfList(game="g4", list="wok", made="x", domain=domain),),
        taken_one_domain=(TakenToOneDomain(game="g5", seats=(2,), taken="x", domain=domain),),
        owed=(f"game g6: {word}",),
        other_program=word,
    )


@pytest.mark.parametrize("kind", HOSTILE)
def test_every_line_of_the_digest_keeps_a_strangers_word_to_78_columns(kind: str) -> None:
    word = HOSTILE[kind]
    text = digest_of(word).text()
    assert too_wide(text, GAMES) == [], text
    assert f"    {ARCHIVE}" in text.splitlines()  # the GM's path: whole, to be copied
    # every place the word was put is still there, cut, not dropped: 20 of them
    assert "".join(text.split()).count(word) >= 20


@pytest.mark.parametrize("kind", HOSTILE)
def test_a_line_of_status_keeps_a_strangers_word_to_78_columns(kind: str) -> None:
    word = HOSTILE[kind]
    for line in (
        f"HELD MAIL: 1 mail held names a game this host does not know ('{word}')",
        f"{word}: 4 not listed",
        f"warning: {word}",
    ):
        assert too_wide(heading(line, paths=[GAMES]), "") == [], line
        assert too_wide(listed(line, paths=[GAMES]), "") == [], line
        assert too_wide(fitted_line(line, paths=[GAMES]), "") == [], line
    assert too_wide("\n".join(path_then(ARCHIVE, word, paths=[GAMES])), GAMES) == []
    assert too_wide("\n".join(with_path(word, ARCHIVE, paths=[GAMES])), GAMES) == []


def test_only_a_path_the_host_gave_is_kept_whole() -> None:
    given = [GAMES, "/etc/wtg/wtg.yaml"]
    assert host_path(GAMES, given) and host_path(f"({GAMES}/g1/game.yaml),", given)
    assert host_path("`/etc/wtg/wtg.yaml`", given) and host_path(ARCHIVE, given)
    assert not host_path(HOSTILE["slash first"], given)  # begun with / by a stranger
    assert not host_path(f"{GAMES}/" + "龍" * 40, given)  # no file wtg names: wide letters
    assert not host_path(f"{GAMES}x/a", given)  # another folder, begun as the GM's
    assert not host_path("/etc/passwd", ["/"]) and not host_path("games/a", ["games"])
    said = f"OVERDUE: give `wtg --config {GAMES}/wtg.yaml run-turn g1` then {HOSTILE['long']}"
    shown = heading(said, paths=[f"{GAMES}/wtg.yaml"]).split("\n")
    assert f"  {GAMES}/wtg.yaml" in shown  # whole on a line of its own, to copy
    assert too_wide("\n".join(shown), GAMES) == []


def run(world: World, config: Path, *args: str) -> str:
    shown = CliRunner(env={"WTG_CONFIG": str(config)}).invoke(main, [*args])
    assert shown.exit_code == 0, shown.output
    return shown.stdout


def test_status_quarantine_and_digest_cut_a_strangers_game_names(tmp_path: Path) -> None:
    """A stranger's mails name games of 300 characters (begun with ``/``, with one inside,
    of wide letters): held, their names shown in `wtg status`, `wtg quarantine` and `wtg
    digest` in lines of at most 78 columns, each kept mail's path (in the GM's games folder,
    wider than a line) whole."""
    root = tmp_path / ("gm-folder-" * 8)  # the games folder's path: wider than a line
    world = World(root)
    for word in HOSTILE.values():
        form = world.aof(1, X1="100").replace("GAME: g1", f"GAME: {word}", 1)
        world.mail(form, sender="mallory@strangers.example")
    world.poll()
    config = root / "wtg.yaml"
    config.write_text(f"games_dir: games\nfrom: {GM}\n", encoding="utf-8")
    archives = sorted((world.gm.games_dir / ".mail" / "archive").rglob("*.eml"))
    assert len(archives) == 4 and all(len(str(path)) > WIDTH for path in archives)
    for command in (["status"], ["status", "g1"], ["quarantine"], ["digest"]):
        said = run(world, config, *command)
        # a line of the host's words may be a long sentence, which a terminal folds at
        # its blanks; no word of someone else's is wider than a line
        words = [word for word in said.split() if text_width(word) > WIDTH]
        assert [word for word in words if Path(word) not in archives] == [], (command, said)
        if command in (["quarantine"], ["digest"]):  # each kept mail's path, whole
            assert sorted(Path(word) for word in words) == archives, said
        shown = "".join(said.split())
        missing = [w for w in HOSTILE.values() if w[:60] not in shown]
        assert missing == [] or command == ["status", "g1"], (command, said)  # none its own


@pytest.mark.parametrize("kind", HOSTILE)
def test_a_refusal_to_a_forged_from_cuts_a_strangers_word(tmp_path: Path, kind: str) -> None:
    """A stranger's command (`STATUS` and a word of 300 characters) is answered to the From
    he wrote, anyone's: the quote and the reason naming his word ran on for 200 columns in
    that party's mail. Each line of the answer keeps to 78 columns now."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    for line in (f"STATUS {HOSTILE[kind]}", f"WITHDRAW {HOSTILE[kind]}"):
        answer = hall.answer("victim@elsewhere.example", line, hours=0)
        assert [row for row in answer.body.splitlines() if text_width(row) > WIDTH] == [], line
        assert HOSTILE[kind][:150] in "".join(answer.body.split()), answer.body  # quoted


def test_a_confirmation_cuts_an_order_line_of_one_long_word(tmp_path: Path) -> None:
    """A form's line of one word of 300 characters (mailed with the seat's code: the
    player's, or someone's who has it) was quoted whole in the confirmation to the seat's
    address, a line of 300 columns; cut to 78 now, the reason after it."""
    world = World(tmp_path)
    for word in HOSTILE.values():
        world.mail(world.aof(1, X1="100").replace("X1:", f"Q9: {word}\nX1:", 1))
    world.poll()
    answers = [
        email.message_from_bytes(raw, policy=email.policy.default)
        for raw in world.outbox().values()
    ]
    assert len(answers) == 4
    for answer in answers:
        assert isinstance(answer, EmailMessage)
        body = answer.get_body(("plain",))
        assert body is not None
        text = body.get_content()
        assert [row for row in text.splitlines() if text_width(row) > WIDTH] == [], text
        said = "".join(text.split())
        assert any(f"REJECTEDQ9:{word}" in said for word in HOSTILE.values()), text


@pytest.mark.parametrize("kind", HOSTILE)
def test_a_reports_sentence_cuts_a_word_no_line_holds(kind: str) -> None:
    """A report's sentence (an event's ``- ...``) is broken under its words; a word wider
    than a line in it ran on whole. It fills its line and goes on on the next now, each
    line within 78 columns, indented under the event's words, no character lost; a row of
    columns (two blanks together) is left as it is."""
    word = HOSTILE[kind]
    event = f"- Press from {word} was read by every player this turn, and kept."
    shown = sentences_wrapped(f"EVENTS\n{event}\n  ID NAME  POP\n").split("\n")
    assert shown[0] == "EVENTS" and shown[-2:] == ["  ID NAME  POP", ""]
    assert [row for row in shown if text_width(row) > WIDTH] == [], shown
    assert all(row.startswith("  ") for row in shown[2:-2])
    assert "".join("".join(shown[1:-2]).split()) == "".join(event.split())


def test_the_outbox_listing_cuts_a_servers_word_and_an_address(tmp_path: Path) -> None:
    """`wtg outbox` lists each mail with its address, subject and the server's words: a
    word of them wider than a line (a server's refusal of 300 characters without a blank,
    with a ``/`` in it) ran on whole; cut to 78 columns now, as `wtg status` cuts one."""
    world = World(tmp_path)
    outbox = Outbox(world.gm.spool)
    for number, word in enumerate(HOSTILE.values()):
        name = f"remind-g1-t0001-p0{number + 1}"
        msg = compose.message(name, GM, "p1@players.example", "[g1] soon", "x\n", when=NOW)
        assert outbox.add(name, msg)
        outbox.retry_later(name, f"451 4.3.0 {word}", 1795428000.0)
    config = tmp_path / "wtg.yaml"
    config.write_text(f"games_dir: {world.gm.games_dir}\nfrom: {GM}\n", encoding="utf-8")
    listed = run(world, config, "outbox")
    assert [row for row in listed.splitlines() if text_width(row) > WIDTH] == [], listed
    shown = "".join(listed.split())
    assert all(f"4.3.0{word}" in shown for word in HOSTILE.values()), listed


def test_a_part_longer_than_a_file_s_name_is_no_file_of_the_host_s() -> None:
    """No file system names a file with more than 255 characters: a word below the host's
    folder with such a part is no file wtg names, whatever its characters."""
    assert host_path(f"{GAMES}/g1/" + "a" * NAME_MAX, [GAMES])
    assert not host_path(f"{GAMES}/g1/" + "a" * (NAME_MAX + 1), [GAMES])
    assert not fits(f"{GAMES}/" + "a" * (NAME_MAX + 1) + "/game.yaml", WIDTH, [GAMES])


def test_a_word_below_the_host_s_folder_is_its_own_only_when_it_is_there(tmp_path: Path) -> None:
    """Where the caller looks at the disk (`wtg status`), a word begun with a folder of the
    host's is kept whole only when it is there: a stranger who knows the games folder, or
    the GM's home above a game folder named on the command line, wrote one of 254
    characters kept whole; the folder itself is the host's, there or not."""
    home = tmp_path / ("gm-home-" * 10)  # wider than a line
    (home / "g1").mkdir(parents=True)
    (home / "g1" / "game.yaml").write_text("", encoding="utf-8")
    folder = str(home)
    there = f"({folder}/g1/game.yaml),"
    stranger = f"'{folder}/{'a' * 120}'"
    assert host_path(there, [folder], exists) and host_path(folder + "x", [folder + "x"], exists)
    assert not host_path(stranger, [folder], exists) and host_path(stranger, [folder])
    line = f"HELD MAIL: the form names game {stranger}, then {there}"
    shown = heading(line, paths=[folder], on_disk=exists).split("\n")
    assert f"  {there}" in shown  # the file that is there: whole, to be copied
    assert too_wide("\n".join(shown), "") == [f"  {there}"], shown
    assert "a" * 120 in "".join("".join(shown).split())  # cut, nothing lost


@pytest.fixture
def short_folder() -> Iterator[Path]:
    """A folder of a short path, whatever the length of ``tmp_path``'s."""
    folder = Path(tempfile.mkdtemp(prefix="wtg-short-", dir="/tmp"))
    try:
        yield folder
    finally:
        shutil.rmtree(folder)


def test_status_cuts_a_stranger_s_game_name_begun_with_the_games_folder(
    short_folder: Path,
) -> None:
    """A stranger's mail names the game ``<the games folder>/aaa...``: `wtg status` said it
    whole, a line of 80 characters and more, as a path of the host's; it is no file there,
    and is cut to 78 columns as any stranger's word.

    The games folder is in a folder of a short path: the name is kept to ``GAME_SHOWN``
    characters, and in ``tmp_path`` (under xdist, its games folder was 79 or 80 characters
    long once pytest's run number had four or five digits) the cut fell right after
    ``games`` or ``games/``: on the games folder itself, which is there, kept whole."""
    world = World(short_folder)
    games = str(world.gm.games_dir.absolute())
    name = f"{games}/" + "a" * 100
    assert len(games) + 20 < GAME_SHOWN  # the part shown ends among the a's
    world.mail(world.aof(1, X1="100").replace("GAME: g1", f"GAME: {name}", 1), sender=STRANGER)
    world.poll()
    config = world.gm.games_dir.parent / "wtg.yaml"
    config.write_text(f"games_dir: games\nfrom: {GM}\n", encoding="utf-8")
    said = run(world, config, "status")
    assert [word for word in said.split() if text_width(word) > WIDTH] == [], said
    assert name[:GAME_SHOWN] in "".join(said.split()), said


def test_the_digest_cuts_a_stranger_s_word_begun_with_the_games_folder() -> None:
    """The digest kept a word begun with the games folder whole, a stranger's game name
    ``<games folder>/aaa...`` among them; it keeps whole only a file that is there (and the
    kept mails' paths it lists, on lines of their own)."""
    word = f"{GAMES}/" + "a" * 120
    text = digest_of(word).text()
    wide = {row.strip() for row in text.splitlines() if text_width(row) > WIDTH}
    assert wide == {ARCHIVE}, wide
    assert "".join(text.split()).count(word) >= 20
