"""A player who mistypes his form's GAME line (``GAME: g11`` for his ``g1``) has his mail
held for the GM (tests/mail/test_held_mail.py). He is told the games he plays on this host,
and the one close to what he typed, so that he sends his form again at once; a stranger is
told nothing, and no one is told of another's games or address. `wtg quarantine` names the
game a held mail may have meant, and `wtg orders GAME_DIR FILE` files the kept mail into
it when its code is that game's player's (the code proves the seat), refusing it else with
what to do."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner, Result

from tests.mail.loop import NOW, World
from tests.mail.test_held_mail import folder, orders_on_file, wtg
from tests.mail.test_poll_maildir import body_of
from wtg.cli import main
from wtg.game.engine import create_game
from wtg.game.gameconfig import PlayerEntry
from wtg.mail.spool.journallists import held_mails


def other_games(world: World) -> None:
    """Beside g1 (p1..p4): g3, where p1 sits beside players of another host's domain, and
    g4, where he has no seat."""
    g3 = [
        PlayerEntry(id=1, name="Ann", email="ann@elsewhere.example", code="ANNCODE1"),
        PlayerEntry(id=2, name="Player1", email="p1@players.example", code="P1CODEG3"),
        PlayerEntry(id=3, name="Bob", email="bob@elsewhere.example", code="BOBCODE3"),
    ]
    g4 = [
        PlayerEntry(id=i, name=f"Carl{i}", email=f"carl{i}@elsewhere.example", code=f"CARL{i}")
        for i in range(1, 4)
    ]
    for name, seats in (("g3", g3), ("g4", g4)):
        create_game(world.gm.games_dir / name, "wok4", "small", seats, seed=3, now=NOW)


def mistyped(world: World, game: str, player: int = 1) -> str:
    """Player ``player``'s g1 form with orders, its GAME line ``game``."""
    form = world.aof(player, X1="100").replace("GAME: g1", f"GAME: {game}")
    assert f"GAME: {game}" in form
    return form


def notice(world: World) -> str:
    (raw,) = world.outbox().values()
    return body_of(raw)


def test_a_player_is_told_his_games_and_the_one_he_may_have_meant(tmp_path: Path) -> None:
    """Told only that his mail waits for the GM, the player waited for him; now the notice
    names the games he plays here, with the one close to what he typed, and no game or
    address of anyone else; a stranger is still told nothing."""
    world = World(tmp_path)
    other_games(world)
    world.mail(mistyped(world, "g33"))
    world.mail(mistyped(world, "g33"), sender="stranger@else.example")
    assert world.poll().held == 2
    (raw,) = world.outbox().values()  # the stranger is told nothing
    assert "To: p1@players.example" in raw.decode()
    body = body_of(raw)
    assert "Did you mean g3? Your games on this host: g1, g3." in body
    assert "send your form again with the GAME line of that\ngame's form." in body
    assert "g4" not in body and "elsewhere.example" not in body and "Ann" not in body


def test_no_guess_when_none_of_his_games_is_close(tmp_path: Path) -> None:
    """A name like none of his games: his games named, nothing guessed; a name close only to
    a game he has no seat in (g4 for p2, who plays in g1 alone) guesses nothing either."""
    world = World(tmp_path)
    other_games(world)
    world.mail(mistyped(world, "zz9"))
    world.poll()
    body = notice(world)
    assert "Your games on this host: g1, g3." in body and "Did you mean" not in body
    shutil.rmtree(world.gm.spool / "outbox")
    world.mail(mistyped(world, "g44", player=2), sender="p2@players.example")
    assert world.poll().held == 1
    body = notice(world)
    assert "Your game on this host: g1." in body
    assert "Did you mean" not in body and "g4" not in body.replace("g44", "")


def held_key(world: World, game: str, player: int = 1) -> str:
    """Player ``player``'s g1 form, mistyped ``game``, mailed and held: its key."""
    sender = f"p{player}@players.example"
    key = "maildir:" + world.mail(mistyped(world, game, player), sender=sender)
    assert world.poll().held == 1
    return key


def test_quarantine_names_the_game_a_held_mail_may_have_meant(tmp_path: Path) -> None:
    """Beside a held mail naming g11, `wtg quarantine` names g1 and the command that files
    it there; beside one naming a game like none of the host's, nothing."""
    world = World(tmp_path)
    key = held_key(world, "g11")
    other = held_key(world, "zz9")
    held = {item.key: item for item in held_mails(world.gm.spool)}
    assert sorted(held) == sorted((key, other))
    first, second = held[key], held[other]
    listed = wtg(world, "quarantine")
    assert listed.exit_code == 0, listed.output
    games = world.gm.games_dir.resolve()
    # the two arrived in the same second or not: listed oldest first, then by key
    # each on lines of at most 78 columns, the path and the command whole on lines of their own
    g11 = [
        f"{key}  HELD  game g11",
        f"    {first.archive}",
        "      the form names game 'g11', which is no game of this host: held for the",
        "      GM (`wtg quarantine --release KEY` puts it back for the next poll)",
        "      -- did you mean g1? this files it there when its code is that game's",
        "      player's:",
        f"      `wtg orders {games / 'g1'} {first.archive}`",
    ]
    zz9 = [
        f"{other}  HELD  game zz9",
        f"    {second.archive}",
        "      the form names game 'zz9', which is no game of this host: held for the",
        "      GM (`wtg quarantine --release KEY` puts it back for the next poll)",
    ]
    assert listed.stdout.splitlines() in ([*g11, *zz9], [*zz9, *g11])


def orders(world: World, path: Path) -> Result:
    return CliRunner().invoke(main, ["orders", str(world.game.store.root), str(path)])


def test_the_gm_files_a_held_mail_into_the_game_its_code_proves(tmp_path: Path) -> None:
    """`wtg orders games/g1 ARCHIVE` refused the kept mail ("this form is for game 'g11',
    not 'g1'"): the GM had to edit the player's mail. Its code is player 1's of g1: filed,
    and said so, and the mail is no longer listed as held."""
    world = World(tmp_path)
    key = held_key(world, "g11")
    (item,) = held_mails(world.gm.spool)
    filed = orders(world, Path(item.archive))
    assert filed.exit_code == 0, filed.output
    assert "Orders of player 1 for turn 1:" in filed.stdout
    assert "The form names game 'g11': filed into g1, its code being player 1's of g1." in (
        filed.stdout
    )
    assert orders_on_file(world) is not None
    assert f"wtg: mail {key} was held for the GM: no longer listed by `wtg quarantine`" in (
        filed.stderr
    )
    assert held_mails(world.gm.spool) == []


def test_the_held_mail_in_the_rejected_folder_files_the_same_way(tmp_path: Path) -> None:
    """The mail in the rejected folder (the same bytes as its copy in the archive) is filed
    as that copy is, and its record goes too."""
    world = World(tmp_path)
    key = held_key(world, "g11")
    (name,) = folder(world, ".rejected")
    box = world.gm.maildir_in / ".rejected"
    (kept,) = [p for sub in ("new", "cur") for p in (box / sub).glob(f"{name}*")]
    filed = orders(world, kept)
    assert filed.exit_code == 0, filed.output
    assert "The form names game 'g11': filed into g1" in filed.stdout
    assert f"wtg: mail {key} was held for the GM" in filed.stderr
    assert held_mails(world.gm.spool) == [] and orders_on_file(world) is not None


def test_a_held_form_whose_code_is_not_the_games_is_refused(tmp_path: Path) -> None:
    """Player 2's code on a form naming player 1 and game g11: not g1's player 1's code, so
    nothing is filed, and the GM is told why."""
    world = World(tmp_path)
    form = mistyped(world, "g11").replace("CODE0001", "CODE0002")
    world.mail(form)
    assert world.poll().held == 1
    (item,) = held_mails(world.gm.spool)
    refused = orders(world, Path(item.archive))
    assert refused.exit_code == 2
    assert (
        "this form is for game 'g11', not 'g1', and its code is not player 1's of g1: not "
        "filed" in refused.stderr
    )
    assert orders_on_file(world) is None


def test_a_form_of_another_game_without_a_code_says_how_to_file_it(tmp_path: Path) -> None:
    """The GM's own copy without its CODE: nothing proves the seat; the refusal says to
    correct its game line, and so corrected it is filed."""
    world = World(tmp_path)
    text = "\n".join(
        line for line in mistyped(world, "g11").splitlines() if not line.startswith("CODE")
    )
    header = next(line for line in text.splitlines() if "GAME: g11" in line)
    if "CODE" in header:  # the header on one line: its code cut out of it
        text = text.replace(header, header.split("CODE")[0].rstrip())
    path = tmp_path / "form.txt"
    path.write_text(text, encoding="utf-8")
    refused = orders(world, path)
    assert refused.exit_code == 2
    assert "carries no code to prove it player 1's of g1: not filed; to file it anyway, " in (
        refused.stderr
    )
    assert "correct its game line to g1" in refused.stderr
    path.write_text(text.replace("GAME: g11", "GAME: g1"), encoding="utf-8")
    assert orders(world, path).exit_code == 0
    assert orders_on_file(world) is not None


def test_no_one_is_told_another_players_seat(tmp_path: Path) -> None:
    """Player 2 of g1 mails a form naming g3 (where p1 sits): held, and his notice names
    his own game alone; g3's players and addresses are never written to him."""
    world = World(tmp_path)
    other_games(world)
    world.mail(mistyped(world, "g3x", player=2), sender="p2@players.example")
    assert world.poll().held == 1
    body = notice(world)
    assert "Your game on this host: g1." in body
    assert "p1@" not in body and "elsewhere" not in body and "Did you mean" not in body


def test_a_held_mail_filed_late_leaves_the_orders_sent_after_it(tmp_path: Path) -> None:
    """The player, told his mail waits, sent his form again with the right GAME line; the
    GM files the held mail the next morning: it is the older, and the orders sent after it
    stand (it is filed as of when it arrived, as the poll read it, not as of its filing)."""
    world = World(tmp_path)
    held_key(world, "g11")
    world.mail(world.aof(1, X1="150"))
    assert world.poll().filed == 1
    resent = orders_on_file(world)
    (item,) = held_mails(world.gm.spool)
    late = orders(world, Path(item.archive))
    assert late.exit_code == 2, late.output
    assert "later orders of player 1 are already on file (they stand)" in late.stderr
    assert "wtg: the mail arrived " in late.stderr
    assert orders_on_file(world) == resent
    assert held_mails(world.gm.spool) == []  # dealt with: off the list


def test_two_of_his_games_as_close_are_both_named(tmp_path: Path) -> None:
    """`GAME: g13`, as close to his g1 as to his g3: the notice names both, as `wtg hold
    test3` names test1 and test2 (``wtg.text.closename``), and `wtg quarantine` names both
    with the command that files the mail into each; g4, his not, is named to no one."""
    world = World(tmp_path)
    other_games(world)
    key = held_key(world, "g13")
    body = notice(world)
    assert "Did you mean g1 or g3? Your games on this host: g1, g3." in body
    assert "g4" not in body and "elsewhere.example" not in body
    (item,) = held_mails(world.gm.spool)
    listed = wtg(world, "quarantine")
    assert listed.exit_code == 0, listed.output
    games = world.gm.games_dir.resolve()
    assert listed.stdout.splitlines() == [
        f"{key}  HELD  game g13",
        f"    {item.archive}",
        "      the form names game 'g13', which is no game of this host: held for the",
        "      GM (`wtg quarantine --release KEY` puts it back for the next poll)",
        "      -- did you mean g1 or g3? each of these files it there when its code is",
        "      that game's player's:",
        f"      `wtg orders {games / 'g1'} {item.archive}`",
        f"      `wtg orders {games / 'g3'} {item.archive}`",
    ]


def test_a_game_line_in_capitals_is_read_as_the_game(tmp_path: Path) -> None:
    """`GAME: G1` for g1 is no typo: mail reads a game's name in any case, so the form is
    taken, not held, as `wtg hold G1` names g1 to the GM."""
    world = World(tmp_path)
    world.mail(mistyped(world, "G1"))
    polled = world.poll()
    assert polled.held == 0
    assert orders_on_file(world) is not None
