"""`wtg status`'s own lines (HELD MAIL, NOTICES OWED, a warning on an address, ...) with a
word from outside in them that is wider than a line: a game's name of 200 characters a
stranger's mail gave, an address of 254, a name of 100 Chinese letters (200 columns). They
ran on for hundreds of columns, unlike every other line the GM reads. Such a line is now
wrapped to 78 columns, its continuations indented (``wtg.text.headings``); a line without
such a word is printed as before, however long, and so is a path wider than a line."""

from __future__ import annotations

from pathlib import Path

from tests import killpoints
from tests.conftest import players
from tests.mail.loop import World
from tests.mail.test_held_mail import wtg
from wtg.core.textwidth import text_width
from wtg.game.engine import create_game
from wtg.mail.incoming.answers import GAME_SHOWN
from wtg.text.headings import CONTINUED, heading
from wtg.text.hostpaths import fits, fitted

LONG = "a" * 200  # a held mail's kept to GAME_SHOWN characters
WIDE = "龍" * 100  # 200 columns
ADDRESS = f"{'a' * 64}@{'b' * 60}.{'c' * 60}.{'d' * 59}.example"


def lines_of(said: str, start: str) -> list[str]:
    """The line of ``said`` that begins ``start`` and its continuations."""
    lines = said.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith(start))
    end = at + 1
    while end < len(lines) and lines[end].startswith(CONTINUED):
        end += 1
    return lines[at:end]


def test_a_held_mail_naming_a_game_of_200_characters_is_said_in_lines_of_78(
    tmp_path: Path,
) -> None:
    world = World(tmp_path)
    for name in (LONG, WIDE):
        form = world.aof(1, X1="100").replace("GAME: g1", f"GAME: {name}", 1)
        world.mail(form, sender="mallory@strangers.example")
    world.poll()
    said = wtg(world, "status").stdout
    held = lines_of(said, "2 mails held: they name games this host does not know (")
    assert len(held) > 1, said
    assert all(text_width(line) <= 78 for line in held), held
    assert all(line.startswith(CONTINUED) for line in held[1:])
    whole = "".join(line.removeprefix(CONTINUED) for line in held)
    # nothing of them lost of what is kept (``GAME_SHOWN`` characters: 160 columns, 80); a
    # name of a-z only is written bare, as a game's would be
    kept = f"('{WIDE[:GAME_SHOWN]}',{LONG[:GAME_SHOWN]});"
    assert kept in whole.replace(" ", ""), whole
    assert " ".join(line.strip() for line in held).endswith(
        "--release KEY puts one back for the next poll"
    )
    assert all(text_width(line) <= 78 for line in said.splitlines() if WIDE[:3] in line)


def test_a_shared_address_of_254_characters_is_warned_of_in_lines_of_78(
    tmp_path: Path,
) -> None:
    games = tmp_path / "games"
    create_game(games / "g1", "wok4", "small", players(3), 7)
    config = games / "g1" / "game.yaml"
    text = config.read_text(encoding="utf-8")
    for old in ("ann@example.org", "bob@example.org"):
        text = text.replace(old, ADDRESS)
    config.write_text(text, encoding="utf-8")
    assert len(ADDRESS) == 254
    shown = killpoints.wtg(["--games-dir", str(games), "status", "g1"])
    assert shown.returncode == 0, shown.stderr
    warned = lines_of(shown.stderr, "warning: game g1, players 1 (Ann) and 2 (Bob) have one")
    assert len(warned) >= 4 and all(text_width(line) <= 78 for line in warned), warned
    assert ADDRESS in "".join(line.removeprefix(CONTINUED) for line in warned)
    assert " ".join(line.strip() for line in warned).endswith(
        "give each his own address in game.yaml"
    )
    # the rest of status as before: the game's line and its players' rows
    assert shown.stdout.startswith("game g1, orders for turn 1, deadline none\n")
    assert "  player  1 Ann                  NO ORDERS YET\n" in shown.stdout


def test_a_long_line_without_an_outsized_word_is_printed_as_it_is() -> None:
    ordinary = (
        "HELD MAIL: 1 mail held names g1 from an address none of its players has (a "
        "stranger's, or a player's from another address): `wtg quarantine` lists it; "
        "released, a form is filed only with its seat's code"
    )
    assert text_width(ordinary) > 78
    assert heading(ordinary) == ordinary
    path = "/srv/" + "x" * 100 + "/wtg.yaml"  # a --config given: kept whole, to be copied
    with_path = f"OVERDUE: the deadline passed 2 d ago: `wtg --config {path} run-turn g1`"
    assert heading(with_path, paths=[path]) == with_path
    # a path nobody gave (a word begun with / from a mail) is no path: the line is wrapped
    assert [len(line) <= 78 for line in heading(with_path).split("\n")] == [True, True, True]
    assert heading("") == "" and heading("a\n\nb") == "a\n\nb"


def test_an_outsized_word_is_cut_and_each_line_fits() -> None:
    def outsized(word: str, paths: tuple[str, ...] = ()) -> bool:
        return not fits(word, 78, paths)

    assert outsized(LONG) and outsized(WIDE) and outsized(f"<{ADDRESS}>")
    assert not outsized("a" * 78) and not outsized("龍" * 39)
    assert outsized("龍" * 40)  # 80 columns
    assert outsized("/" + "a" * 100 + "@example.org")  # an address, though begun with /
    games = "/" + "a" * 100
    assert not outsized(games, paths=(games,)) and outsized(games)  # given, or a stranger's
    assert not outsized(f"({games}/g1/takeover-under-way.json),", paths=(games,))  # in brackets
    assert outsized(f"{games}/" + "龍" * 40, paths=(games,))  # wide letters: no file wtg names
    said = heading(f"NOTE: game '{WIDE}' and more")
    assert said.split("\n") == [
        "NOTE: game '" + "龍" * 32,  # 76 columns: room for its continuations' indent
        CONTINUED + "龍" * 38,
        CONTINUED + "龍" * 30 + "' and more",
    ]
    assert heading(f"x {LONG}\nkept as it is").split("\n") == [
        "x " + "a" * 74,
        CONTINUED + "a" * 76,
        CONTINUED + "a" * 50,
        "kept as it is",  # a line of its own: as it is
    ]


def test_a_path_the_gm_gave_with_a_blank_in_it_is_kept_whole() -> None:
    """A games folder under ``My Games``: split at its blank, neither half is the GM's path,
    and the `wtg orders` line quarantine gives (its paths quoted) was cut in the middle of
    a file's name, not to be copied."""
    games = "/home/gm/My Games/" + "x" * 80 + "/games"
    mail = f"{games}/.mail/archive/2026-12/maildir-1796553296.M3P2.vm.eml"
    line = f"    `wtg orders '{games}/g1' '{mail}'`"
    assert heading(line, paths=[games]) == line  # its paths whole: to be copied
    assert all(text_width(piece) <= 78 for piece in heading(line).split("\n"))  # nobody's
    assert fitted(line, 76, (games,)) == ["    `wtg orders", f"'{games}/g1'", f"'{mail}'`"]
    assert fits(f"'{games}/g1'", 78, (games,)) and not fits(f"'{games}/g1'", 78)
    # a stranger's words around the folder's name are no file of it: cut as any other
    stranger = f"{games}/" + "\u9f8d" * 40
    assert not fits(stranger, 78, (games,))
