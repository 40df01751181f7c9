"""The GM's own text for the players (`wtg announce`, `wtg hold --reason`) as a tired GM
gives it: a file saved in Latin-1 or by Notepad, the wrong file (a program, a log of
megabytes), a terminal that sends Latin-1, a sentence typed on one long line.

Before, a text that was not UTF-8 stopped the command with Python's UnicodeEncodeError
after its intent was written: `wtg status` then said an announcement (or a hold's notices)
was owed, and giving the command again stopped the same way, for ever."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tests.test_gm_controls import body, head, make, queued, run
from wtg.cli import main


def announce_stdin(root: Path, data: bytes, code: int) -> Result:
    """`wtg announce g1 -` with ``data`` on its standard input, its exit status checked."""
    config = root / "wtg.yaml"
    config.write_text("games_dir: games\nfrom: Game Master <gm@example.org>\n")
    result = CliRunner().invoke(main, ["--config", str(config), "announce", "g1", "-"], input=data)
    assert result.exit_code == code, (result.output, result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def nothing_owed(root: Path) -> None:
    """No announcement file left behind, nothing queued, no notice owed in `wtg status`."""
    assert list((root / "games" / ".mail").glob("announce/*.json")) == []
    assert queued(root, "announce-") == {}
    assert "NOTICES OWED" not in run(root, "status").output


def test_a_text_file_in_latin_1_is_refused_with_what_to_do(tmp_path: Path) -> None:
    make(tmp_path / "games", count=2)
    result = announce_stdin(tmp_path, "Le serveur d\u00e9m\u00e9nage.\n".encode("latin-1"), 1)
    assert result.stderr == (
        "wtg: the text read from standard input is not UTF-8 (the byte 0xe9 on line 1): "
        "save it as UTF-8 (an editor's encoding setting, or `iconv -f latin1 -t utf-8 FILE > "
        "FILE.utf8`), then give the command again; nothing was queued\n"
    )
    nothing_owed(tmp_path)


@pytest.mark.parametrize(
    ("text", "refusal"),
    [
        (
            b"\x7fELF\x02\x01\x01\x00\x00\nmore\n",
            "wtg: the text read from standard input holds the control character 0x7f on line "
            "1, which a text for the players never holds (the wrong file?): give a text of "
            "plain lines; nothing was queued\n",
        ),
        (
            b"poll: filed 0\n" * 400_000,
            "wtg: the text read from standard input holds 5,600,000 characters, and an "
            "announcement at most 50,000 (the wrong file?): give a shorter text; nothing was "
            "queued\n",
        ),
    ],
    ids=["a program", "megabytes"],
)
def test_the_wrong_file_given_for_the_text_is_refused(
    tmp_path: Path, text: bytes, refusal: str
) -> None:
    """`wtg announce g1 - < wtg` (a program: bytes that decode as UTF-8, NULs and escapes
    among them), `wtg announce --all - < wtg.log` (a mail of megabytes to every player)."""
    make(tmp_path / "games", count=2)
    result = announce_stdin(tmp_path, text, 1)
    assert result.stderr == refusal
    nothing_owed(tmp_path)


def test_a_file_notepad_saved_is_taken_without_its_marks(tmp_path: Path) -> None:
    """UTF-8 with a byte-order mark and CRLF line ends, or UTF-16: the text, as written."""
    make(tmp_path / "games", count=2)
    announce_stdin(tmp_path, "\ufeffLe serveur\r\nd\u00e9m\u00e9nage.\r\n".encode(), 0)
    (mail,) = list(queued(tmp_path, "announce-").values())[:1]
    assert "the players of g1:\n\nLe serveur\nd\u00e9m\u00e9nage.\n" in body(mail)
    assert "\ufeff" not in body(mail)
    announce_stdin(tmp_path, "Un autre\r\njour.\r\n".encode("utf-16"), 0)
    texts = [body(m) for m in queued(tmp_path, "announce-").values()]
    assert sum("the players of g1:\n\nUn autre\njour.\n" in t for t in texts) == 2


def test_a_terminal_that_sends_latin_1_is_told_so(tmp_path: Path) -> None:
    """A word of the command line that was not UTF-8 (PuTTY set to ISO-8859-1 on a UTF-8
    machine) reaches wtg with the byte kept as a lone surrogate."""
    make(tmp_path / "games", count=2)
    said = run(tmp_path, "announce", "g1", "Caf\udce9", "ouvert", code=1).stderr
    assert said == (
        "wtg: TEXT is not UTF-8 (the byte 0xe9 on line 1): the terminal sends another "
        "encoding than this machine reads (UTF-8): set the terminal to UTF-8, or give the "
        "text from a file saved as UTF-8 (TEXT `-` reads standard input); nothing was "
        "queued\n"
    )
    nothing_owed(tmp_path)


def test_a_hold_s_reason_that_is_not_utf_8_holds_nothing(tmp_path: Path) -> None:
    """Before, the game was held, its notices owed, and `wtg hold g1` again stopped on the
    reason kept in held.json."""
    game = make(tmp_path / "games", count=2)
    said = run(tmp_path, "hold", "g1", "--reason", "caf\udce9 ferm\udce9", code=1).stderr
    assert said.startswith("wtg: --reason is not UTF-8 (the byte 0xe9 on line 1): ")
    assert not (game.store.root / "held.json").exists()
    assert queued(tmp_path, "hold-") == {}
    run(tmp_path, "hold", "g1", "--reason", "caf\u00e9 ferm\u00e9")
    (mail, _) = queued(tmp_path, "hold-").values()
    assert "on hold: caf\u00e9 ferm\u00e9.\n" in body(mail)  # the sentence ended


def test_a_hold_reason_ending_a_sentence_of_its_own_gets_no_second_stop(tmp_path: Path) -> None:
    make(tmp_path / "games", count=2)
    run(tmp_path, "hold", "g1", "--reason", "the server moves!")
    (mail, _) = queued(tmp_path, "hold-").values()
    assert "on hold: the server moves!\n" in body(mail)


def test_an_announcement_typed_on_one_line_is_wrapped_to_78_columns(tmp_path: Path) -> None:
    """`wtg announce g1 "..."`: one sentence of 300 characters was one line of the mail;
    a line the GM kept short, and a word longer than a line (an address), stay as given."""
    make(tmp_path / "games", count=2)
    sentence = " ".join(["The server moves to a new machine on Sunday."] * 7)
    link = "https://games.example.org/" + "x" * 80
    run(tmp_path, "announce", "g1", f"{sentence}\n  a short line\n{link}")
    (mail, _) = queued(tmp_path, "announce-").values()
    lines = body(mail).split("\n")
    assert [line for line in lines if len(line) > 78] == [link]
    assert "  a short line" in lines
    assert " ".join(" ".join(lines).split()).count(sentence) == 1


def test_the_games_an_announcement_names_keep_to_78_columns(tmp_path: Path) -> None:
    """`wtg announce --all` to a player of two games of long names: its first line named
    them on one line of 130 columns."""
    games = tmp_path / "games"
    names = ["the-autumn-league-of-the-northern-kaomaris-" + n for n in ("one", "two")]
    for name in names:
        make(games, name, count=2)
    run(tmp_path, "announce", "--all", "The server moves on Sunday.")
    for mail in queued(tmp_path, "announce-").values():
        said = body(mail)
        assert max(len(line) for line in said.split("\n")) <= 78, said
        assert (
            f", a message from the GM to the players of {names[0]}, {names[1]}: The server "
            "moves on Sunday."
        ) in " ".join(said.split())


def test_two_games_named_before_the_text_are_refused(tmp_path: Path) -> None:
    """`wtg announce g1 g2 Server moves on Sunday`, the GM meaning both games, mailed "g2
    Server moves on Sunday" to g1's players alone, and g2's heard nothing. Refused, nothing
    queued, as `--all g1 TEXT` is; the text in quotes is one word, and goes."""
    games = tmp_path / "games"
    make(games, "g1", count=2)
    make(games, "g2", count=2)
    refused = run(tmp_path, "announce", "g1", "G2", "Server", "moves", code=1).stderr
    given = head(tmp_path)
    assert refused == (
        "wtg: TEXT begins with the game g2, as if GAME were two games: nothing queued. An "
        f"announcement goes to one game (`{given} announce g1 TEXT`, then `{given} announce g2 "
        f"TEXT`) or to every game (`{given} announce --all TEXT`); a text that begins so goes "
        "in quotes\n"
    )
    assert queued(tmp_path, "announce-") == {}
    done = run(tmp_path, "announce", "g1", "g2 is over: its players join g1")
    assert done.stdout.startswith("announcement queued for 2 players of 1 game")


def test_a_link_in_a_hold_s_reason_stays_whole_to_be_clicked(tmp_path: Path) -> None:
    """The GM's own words are no stranger's: a link of his wider than a line stays whole on a
    line of its own (cut, a mail client makes a link of its first piece alone), while a
    word of someone else's that long is cut (tests/test_hostile_words_wrapped.py)."""
    make(tmp_path / "games", count=2)
    link = "https://games.example.org/news/" + "x" * 80
    run(tmp_path, "hold", "g1", "--reason", f"the server moves, see {link} for the day")
    (mail, _) = queued(tmp_path, "hold-").values()
    lines = body(mail).split("\n")
    assert link in lines and [line for line in lines if len(line) > 78] == [link]
