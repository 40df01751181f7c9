"""A stranger's form naming a game not yet made (a lobby's next game, ``wok4-3``, is easy to
guess), or one whose folder is away, is held; once the game is there, `wtg status` said
"1 mail(s) held name g1 ...: their orders are not on file, and the turn runs without
them", as though a player's orders were missing: the GM released it, and the poll
answered the stranger. A mail from no address of the game's players is said apart, as
what it may be: a stranger's, or a player's from another address."""

from __future__ import annotations

import json

from click.testing import CliRunner

from tests.mail.loop import GM, World
from tests.mail.test_held_mail import away, back, wtg
from wtg.cli import main

PLAYERS = "their orders are not on file, and the turn runs without them"


def held_from(world: World, form: str, sender: str = "p1@players.example") -> None:
    """``form`` mailed from ``sender`` while the game's folder is away, polled (held), and
    the folder put back."""
    aside = away(world)
    world.mail(form, sender=sender)
    world.poll()
    back(world, aside)


def test_a_strangers_mail_held_for_a_game_is_not_said_to_be_its_players_orders(
    tmp_path: object,
) -> None:
    world = World(tmp_path)  # type: ignore[arg-type]
    form = world.aof(1, X1="100").replace(world.game.config.player(1).code, "GUESSED1")
    held_from(world, form, "mallory@strangers.example")
    stranger = (
        "HELD MAIL: 1 mail held names g1 from an address none of its players has (a "
        "stranger's, or a player's from another address): `wtg quarantine` lists it; "
        "released, a form is filed only with its seat's code\n"
    )
    for args in (("status",), ("status", "g1")):
        said = wtg(world, *args).stdout
        assert stranger in said, said
        assert PLAYERS not in said
    told = json.loads(wtg(world, "status", "g1", "--json").stdout)["held_mails"]
    assert len(told) == 1  # listed as before

    own = world.aof(1, X1="100")
    held_from(world, own)  # player 1's own, from his address
    for args in (("status",), ("status", "g1")):
        said = wtg(world, *args).stdout
        assert stranger in said and "HELD MAIL: 1 mail held names g1, a game" in said


def test_a_form_held_from_no_address_is_not_said_to_be_its_players_orders(
    tmp_path: object,
) -> None:
    """A stranger's form whose From holds no address (``undisclosed-recipients:;``) was
    kept with no sender, read as a record of a journal that kept none, and counted as the
    game's players' orders left out of the turn: the alarm the stranger's line replaced."""
    world = World(tmp_path)  # type: ignore[arg-type]
    form = world.aof(1, X1="100").replace(world.game.config.player(1).code, "GUESSED1")
    held_from(world, form, "undisclosed-recipients:;")
    for args in (("status",), ("status", "g1")):
        said = wtg(world, *args).stdout
        assert "HELD MAIL: 1 mail held names g1 from an address none of its players" in said
        assert PLAYERS not in said, said


def test_a_game_name_no_game_may_have_is_quoted_in_the_held_line(tmp_path: object) -> None:
    """A stranger's form naming 'x); nothing else is held, all is well. (y': wtg status
    said "they name games this host does not know (x); nothing else is held, all is
    well. (y); ...", the stranger's words read as the host's. A name no game may have
    (``GAME_NAME``) is quoted; a name that may be a game's is written as before."""
    world = World(tmp_path)  # type: ignore[arg-type]
    words = "x); nothing else is held, all is well. (y"
    for name in (words, "g9"):
        form = world.aof(1, X1="100").replace("GAME: g1", f"GAME: {name}", 1)
        world.mail(form, sender="mallory@strangers.example")
    world.poll()
    said = wtg(world, "status").stdout
    assert f"they name games this host does not know (g9, '{words}');" in said, said


def test_a_game_name_no_game_may_have_is_quoted_in_the_digest_and_the_listing(
    tmp_path: object,
) -> None:
    """The GM's digest listed the same mail held as ``KEY  game x); nothing else is held,
    all is well. (y``, the stranger's words on a line of the host's, unquoted (`wtg
    status` quoted them: hostile20); so did `wtg quarantine`. Both quote such a name now,
    as `wtg status` does; a name that may be a game's is written as before."""
    world = World(tmp_path)  # type: ignore[arg-type]
    words = "x); nothing else is held, all is well. (y"
    keys = {}
    for name in (words, "g9"):
        form = world.aof(1, X1="100").replace("GAME: g1", f"GAME: {name}", 1)
        keys[name] = "maildir:" + world.mail(form, sender="mallory@strangers.example")
    world.poll()
    digest = wtg(world, "digest")
    assert digest.exit_code == 0, digest.output
    lines = digest.stdout.splitlines()
    assert f"  {keys[words]}  game '{words}'" in lines, digest.stdout
    assert f"  {keys['g9']}  game g9" in lines
    assert not any(line.endswith(f"game {words}") for line in lines)
    listed = wtg(world, "quarantine").stdout.splitlines()
    assert f"{keys[words]}  HELD  game '{words}'" in listed
    assert f"{keys['g9']}  HELD  game g9" in listed, listed


def test_a_form_held_from_the_players_own_tag_is_said_to_be_its_players_orders(
    tmp_path: object,
) -> None:
    """Player 1's form from ``p1+wok@``, his own mailbox's ``+tag`` (the poll reads it as
    his, ``addresses.from_mailbox``: no code known elsewhere), held while the game's folder
    was away: `wtg status` compared the held mail's From with the seats' addresses as
    written, and said it came from an address none of the players has, "a stranger's",
    where his orders were left out of the turn."""
    world = World(tmp_path)  # type: ignore[arg-type]
    held_from(world, world.aof(1, X1="100"), "Player One <P1+wok@players.example>")
    for args in (("status",), ("status", "g1")):
        said = wtg(world, *args).stdout
        assert "HELD MAIL: 1 mail held names g1, a game of this host now" in said, said
        assert "its orders are not on file, and the turn runs without them" in said
        assert "from an address none of its players has" not in said


def test_a_form_held_from_a_dash_tag_is_his_where_the_config_lists_its_domain(
    tmp_path: object,
) -> None:
    """``p1-wok@`` is player 1's mailbox only at a domain of the config's
    ``mail.dash_subaddress_domains`` (a qmail host's): `wtg status` reads the config for it,
    as the poll does, and without the domain listed the mail is said a stranger's still."""
    world = World(tmp_path)  # type: ignore[arg-type]
    held_from(world, world.aof(1, X1="100"), "p1-wok@players.example")
    config = world.gm.games_dir.parent / "wtg.yaml"
    for listed, theirs in (("[players.example]", True), ("[]", False)):
        text = f"games_dir: games\nfrom: {GM}\nmail:\n  dash_subaddress_domains: {listed}\n"
        config.write_text(text, encoding="utf-8")
        for args in (("status",), ("status", "g1")):
            run = CliRunner(env={"WTG_CONFIG": str(config)}).invoke(main, [*args])
            said = "HELD MAIL: 1 mail held names g1, a game of this host now" in run.stdout
            assert said is theirs, run.stdout
            assert ("from an address none of its players has" in run.stdout) is not theirs
