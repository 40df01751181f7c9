"""Issue 25, item 11: `wtg init [DIR]` makes a new host: a config and the folders (0700);
it never writes over a config, and a run cut short is finished by giving it again."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from wtg.cli import main
from wtg.host import newhost
from wtg.host.config import load_config


def wtg(*args: str) -> Result:
    return CliRunner(env={"WTG_CONFIG": None, "WTG_GAMES_DIR": None}).invoke(main, [*args])


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_init_makes_a_host_that_check_config_passes(tmp_path: Path) -> None:
    """Issue 25, item 11: a new GM's first command; check-config passes on what it made."""
    folder = tmp_path / "host"
    result = wtg("init", str(folder), "--from", "Game Master <gm@example.org>")
    assert result.exit_code == 0, result.output
    config = folder / "wtg.yaml"
    assert result.stdout.splitlines() == [
        f"config {config}: maildir transport, from Game Master <gm@example.org>",
        f"games folder {folder / 'games'} (0700), its mail in .mail/",
        f"next: export WTG_CONFIG={config}; wtg check-config",
    ]
    gm = load_config(config)
    assert (gm.games_dir, gm.transport, gm.sender) == (
        folder / "games",
        "maildir",
        "Game Master <gm@example.org>",
    )
    for made in (folder, gm.games_dir, gm.spool, gm.maildir_in, gm.maildir_out):
        assert made.is_dir() and mode(made) == 0o700, made
    assert mode(config) == 0o600
    checked = wtg("--config", str(config), "check-config")
    assert checked.exit_code == 0, checked.output
    assert "FAIL" not in checked.stdout and "note" not in checked.stdout


def test_init_in_the_current_folder_keeps_its_mode(tmp_path: Path) -> None:
    """Without DIR it makes the host where it runs; a folder that was there keeps its mode
    (a GM's home, say)."""
    os.chmod(tmp_path, 0o755)
    before = Path.cwd()
    os.chdir(tmp_path)
    try:
        result = wtg("init")
    finally:
        os.chdir(before)
    assert result.exit_code == 0, result.output
    assert (tmp_path / "wtg.yaml").is_file() and mode(tmp_path / "games") == 0o700
    assert mode(tmp_path) == 0o755


def test_init_never_writes_over_a_config(tmp_path: Path) -> None:
    """Issue 25, item 11: given again, or where a config is, it refuses and changes nothing."""
    assert wtg("init", str(tmp_path)).exit_code == 0
    config = tmp_path / "wtg.yaml"
    config.write_text("games_dir: games\nfrom: mine@example.org\n", encoding="utf-8")
    again = wtg("init", str(tmp_path))
    assert again.exit_code == 1
    assert again.stderr == (
        f"wtg: {config} is there already: `wtg init` never writes over a config; edit it "
        "(docs/mail.md), or give `wtg init` another folder\n"
    )
    assert config.read_text(encoding="utf-8") == "games_dir: games\nfrom: mine@example.org\n"


def test_init_cut_short_is_finished_by_giving_it_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cut short after the folders and before the config (the last write), it left no
    config; given again, it makes one."""

    class Cut(BaseException):
        pass

    def cut(*_: object) -> None:
        raise Cut

    with monkeypatch.context() as patched:
        patched.setattr(os, "link", cut)
        with pytest.raises(Cut):
            newhost.make_host(tmp_path)
    assert (tmp_path / "games").is_dir() and not (tmp_path / "wtg.yaml").exists()
    assert wtg("init", str(tmp_path)).exit_code == 0
    assert load_config(tmp_path / "wtg.yaml").games_dir == tmp_path / "games"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games", "wtg.yaml"]


def test_init_refuses_a_file_and_a_from_of_two_lines(tmp_path: Path) -> None:
    afile = tmp_path / "afile"
    afile.write_text("x\n", encoding="utf-8")
    assert wtg("init", str(afile)).stderr == (
        f"wtg: {afile} is a file, not a folder: give `wtg init` a folder\n"
    )
    two = wtg("init", str(tmp_path / "h"), "--from", "gm@example.org\nBcc: all@example.org")
    assert two.stderr == (
        "wtg: --from 'gm@example.org\\nBcc: all@example.org' is not one e-mail address: give a "
        'name and an address, as in a mail\'s From ("Game Master <gm@example.org>")\n'
    )
    assert not (tmp_path / "h").exists()


def test_init_over_a_games_folder_that_was_there_says_its_mode(tmp_path: Path) -> None:
    """Issue 25, item 11: a games folder that was there (a host's games kept, its config
    lost) keeps its mode, and init said "(0700)" of it all the same; it says the mode it
    found and how to close it."""
    games = tmp_path / "games"
    games.mkdir()
    os.chmod(games, 0o755)
    result = wtg("init", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[1] == (
        f"games folder {games} (there already, mode 0755: others on this machine may look "
        f"into it; chmod 700 {games}), its mail in .mail/"
    )
    assert mode(games) == 0o755 and mode(games / ".mail") == 0o700


def test_init_under_a_tilde_makes_the_host_in_the_home_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`wtg init '~/wtg'` (the ~ quoted, so no shell expanded it) made the folders
    `./~/wtg/games/.mail` in the current folder, then stopped on `~/wtg/games/.mail/
    maildir-in: No such file or directory` (the maildir's own code expands a ~): no
    config, a half host where none was meant."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    (tmp_path / "here").mkdir()
    monkeypatch.chdir(tmp_path / "here")
    result = wtg("init", "~/wtg")
    assert result.exit_code == 0, result.output
    config = tmp_path / "home" / "wtg" / "wtg.yaml"
    assert result.stdout.splitlines()[-1] == f"next: export WTG_CONFIG={config}; wtg check-config"
    assert load_config(config).games_dir == tmp_path / "home" / "wtg" / "games"
    assert list((tmp_path / "here").iterdir()) == []


def test_init_refuses_a_folder_named_with_a_space_at_an_end(tmp_path: Path) -> None:
    """`wtg init "/srv/wtg "` made the folder `/srv/wtg ` and said `next: export
    WTG_CONFIG=/srv/wtg /wtg.yaml`, which a shell reads as two words."""
    result = wtg("init", f"{tmp_path / 'host'} ")
    assert result.exit_code == 1
    assert result.stderr == (
        f"wtg: '{tmp_path / 'host'} ': the folder name 'host ' begins or ends with a space: "
        f"give it without ({tmp_path / 'host'})\n"
    )
    assert list(tmp_path.iterdir()) == []


def test_init_in_a_folder_with_a_space_says_the_next_line_quoted(tmp_path: Path) -> None:
    folder = tmp_path / "my games"
    result = wtg("init", str(folder))
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == (
        f"next: export WTG_CONFIG='{folder / 'wtg.yaml'}'; wtg check-config"
    )


def test_the_mail_sections_filled_in_send_from_the_address_init_was_given(tmp_path: Path) -> None:
    """docs/gm.md, step 5: fill in the imap: and smtp: sections the config holds as comments
    and write `transport: imap`. The smtp section held `from: "Game Master <gm@example.org>"`,
    which wins over the top `from`: a GM who filled in the server, the login and the password
    left it, and every mail went out From gm@example.org (a server that lets its login send
    as any address takes it), every player's reply to nobody. Uncommented as it stands, the
    config now sends From the address `wtg init --from` was given."""
    folder = tmp_path / "host"
    assert wtg("init", str(folder), "--from", "Real GM <gm@real.example.net>").exit_code == 0
    config = folder / "wtg.yaml"
    lines = []
    for line in config.read_text(encoding="utf-8").splitlines():
        if line.startswith(("# imap:", "# smtp:", "#   ")):
            line = line[2:]
        lines.append(line.replace("transport: maildir", "transport: imap", 1))
    config.write_text("\n".join(lines) + "\n", encoding="utf-8")
    for name in ("imap-password", "smtp-password"):
        (folder / name).write_text("secret\n", encoding="utf-8")
        os.chmod(folder / name, 0o600)
    gm = load_config(config)
    assert (gm.transport, gm.smtp is not None) == ("imap", True)
    assert gm.sender == "Real GM <gm@real.example.net>"


def test_init_in_a_hosts_games_folder_or_a_game_is_refused(tmp_path: Path) -> None:
    """`wtg init /srv/wtg/games` (the games folder taken for the host's) made a second host
    inside the first: `games/wtg.yaml` and a games folder `games/games` with a mail spool of
    its own, which the first host's cron never polls, and `wtg init games/test1` one inside
    a game's folder. Each is refused now, naming the host there; nothing is made."""
    host = tmp_path / "host"
    assert wtg("init", str(host)).exit_code == 0
    made = wtg(
        "--config", str(host / "wtg.yaml"), "new-game", "test1", "--ruleset", "wok4",
        "--map", "small", "--player", "A:a@example.org", "--player", "B:b@example.org",
    )  # fmt: skip
    assert made.exit_code == 0, made.output
    games = host / "games"
    before = sorted(str(p.relative_to(host)) for p in host.rglob("*"))
    for folder, what in (
        (games, f"is the games folder of the host {host / 'wtg.yaml'}"),
        (games / "test1", f"is in the games folder of the host {host / 'wtg.yaml'}"),
        (games / "test1" / "new", f"is in the games folder of the host {host / 'wtg.yaml'}"),
    ):
        result = wtg("init", str(folder))
        assert result.exit_code == 1, result.output
        assert result.stderr == (
            f"wtg: {folder} {what}: a new host goes in a folder of its own, outside any "
            f"host's games folder (as `wtg init {tmp_path / 'host2'}`); for the host there: "
            f"export WTG_CONFIG={host / 'wtg.yaml'}\n"
        )
    assert sorted(str(p.relative_to(host)) for p in host.rglob("*")) == before


def test_root_is_refused_init_in_a_folder_another_user_owns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`sudo wtg init /srv/wtg` in the folder made for the user wtg: the config and the
    folders were root's alone (0600, 0700), and wtg's own cron, as the docs set it up, was
    refused the config at its first run. Root is refused there, as on every command of a
    host another user owns, and nothing is made."""
    import pwd

    folder = tmp_path / "srv-wtg"
    folder.mkdir()
    if os.geteuid() == 0:  # the folder is another user's: nobody's here
        os.chown(folder, 65534, 65534)
    owner = pwd.getpwuid(folder.stat().st_uid).pw_name
    monkeypatch.setattr(os, "geteuid", lambda: 0)  # and this wtg runs as root
    result = wtg("init", str(folder / "host"), "--from", "GM <gm@example.org>")
    assert result.exit_code == 1
    assert result.output == (
        f"wtg: the folder {folder} belongs to {owner}, and wtg runs as root here: run it as "
        f"{owner} (sudo -u {owner} wtg ...), or what root writes there would be root's "
        "alone, and the host's own runs would fail on it\n"
    )
    assert list(folder.iterdir()) == []


def game_made(host: Path) -> None:
    made = wtg(
        "--config", str(host / "wtg.yaml"), "new-game", "test1", "--ruleset", "wok4",
        "--map", "small", "--player", "A:a@example.org", "--player", "B:b@example.org",
    )  # fmt: skip
    assert made.exit_code == 0, made.output


def test_init_over_a_restored_host_names_its_config(tmp_path: Path) -> None:
    """A host moved to a new machine: `wtg restore` into /srv/wtg/games, then `wtg init
    /srv/wtg`, the first day's step, made a config of its own over the restored games,
    on the maildir transport: check-config passed it, and every report queued went into a
    folder of the machine, never to a player, while the host's own config (its mail
    servers) lay unread in games/.restored/. Refused now, naming that config and what to
    do with it; nothing is written."""
    old = tmp_path / "old"
    assert wtg("init", str(old), "--from", "GM <gm@example.org>").exit_code == 0
    game_made(old)
    archive = tmp_path / "host.tar.gz"
    assert wtg("--config", str(old / "wtg.yaml"), "backup", "-q", str(archive)).exit_code == 0
    new = tmp_path / "new"
    restored = wtg("restore", str(archive), "--games-dir", str(new / "games"))
    assert restored.exit_code == 0, restored.output
    result = wtg("init", str(new), "--from", "GM <gm@example.org>")
    assert result.exit_code == 1, result.output
    copy = new / "games" / ".restored" / "wtg.yaml"
    assert result.stderr == (  # the restore set its games_dir, and it had no password
        f"wtg: {new / 'games'} holds a host restored from a backup (1 game: test1), whose "
        f"config is {copy}: `wtg init` makes a new host only; put that config in place "
        f"(cp {copy} {new / 'wtg.yaml'}), then `wtg --config {new / 'wtg.yaml'} "
        "check-config`\n"
    )
    assert not (new / "wtg.yaml").exists()


def test_init_over_a_restored_host_says_only_what_is_still_to_do(tmp_path: Path) -> None:
    """It told the GM to `set games_dir: games` in the restored config, which the restore
    had set itself (to the folder restored), and to `write back the passwords it names` of
    a config that named none. It says the games_dir only when the config's is not this
    host's games folder (moved since the restore), and the passwords the restore said
    were left out, by name."""
    old = tmp_path / "old"
    assert wtg("init", str(old), "--from", "GM <gm@example.org>").exit_code == 0
    with (old / "wtg.yaml").open("a", encoding="utf-8") as config:
        config.write("imap:\n  host: imap.example.org\n  username: gm\n  password: s3cret-pass\n")
    game_made(old)
    archive = tmp_path / "host.tar.gz"
    assert wtg("--config", str(old / "wtg.yaml"), "backup", "-q", str(archive)).exit_code == 0
    elsewhere = tmp_path / "elsewhere"
    restored = wtg("restore", str(archive), "--games-dir", str(elsewhere / "games"))
    assert restored.exit_code == 0, restored.output
    new = tmp_path / "new"
    new.mkdir()
    (elsewhere / "games").rename(new / "games")  # moved after the restore
    result = wtg("init", str(new), "--from", "GM <gm@example.org>")
    assert result.exit_code == 1, result.output
    copy = new / "games" / ".restored" / "wtg.yaml"
    assert result.stderr == (
        f"wtg: {new / 'games'} holds a host restored from a backup (1 game: test1), whose "
        f"config is {copy}: `wtg init` makes a new host only; put that config in place "
        f"(cp {copy} {new / 'wtg.yaml'}), set games_dir: games in it (it says "
        f"{elsewhere / 'games'}), write back what the backup left out (imap.password: it "
        "was written in the config; the copy has LEFT-OUT-OF-BACKUP in its place: write it "
        "back (better: in a password_file, mode 0600)), then `wtg --config "
        f"{new / 'wtg.yaml'} check-config`\n"
    )
    assert not (new / "wtg.yaml").exists()


def test_init_over_a_hosts_games_says_what_it_found(tmp_path: Path) -> None:
    """A host's config lost, its games kept: `wtg init` makes a config for them (the
    maildir transport), and said of the games folder only its mode, as of a new one. It
    says the games and the mail spool it found, and that this config sends their mail
    into a folder until its mail servers are written in."""
    host = tmp_path / "host"
    assert wtg("init", str(host)).exit_code == 0
    game_made(host)
    (host / "wtg.yaml").unlink()
    result = wtg("init", str(host), "--from", "GM <gm@example.org>")
    assert result.exit_code == 0, result.output
    games = host / "games"
    assert result.stdout.splitlines()[1:] == [
        f"games folder {games} (0700), its mail in .mail/",
        f"note: {games} holds a host's games already (1 game: test1) and its mail spool: "
        "the config made is on the maildir transport, which mails nothing to a player: "
        "if these games were played through a mail server, write its imap: and smtp: "
        "sections into the config before any poll or send",
        f"next: export WTG_CONFIG={host / 'wtg.yaml'}; wtg check-config",
    ]


def test_init_given_the_config_s_path_names_the_folder_to_give(tmp_path: Path) -> None:
    """Every other command takes the config's path (--config /srv/wtg/wtg.yaml): `wtg init
    /srv/wtg/wtg.yaml`, typed the same way, made a folder named wtg.yaml, the config
    /srv/wtg/wtg.yaml/wtg.yaml in it and its games beside, which no config path written
    in the docs' cron lines finds. A DIR not there whose name ends in .yaml or .yml is
    refused, naming the folder to give; nothing is made."""
    for name in ("wtg.yaml", "host.yml"):
        given = tmp_path / "srv" / name
        result = wtg("init", str(given))
        assert result.exit_code == 1, result.output
        assert result.stderr == (
            f"wtg: {given}: `wtg init` takes the host's folder, not its config file: `wtg "
            f"init {tmp_path / 'srv'}` makes the config {tmp_path / 'srv' / 'wtg.yaml'}\n"
        )
    assert not (tmp_path / "srv").exists()


def test_init_given_a_config_that_is_there_says_the_host_is_made(tmp_path: Path) -> None:
    """docs/gm.md's step 1 says `wtg init /srv/wtg/wtg.yaml` names the folder to give; a
    new GM who types it once the host is made (the config there) was told `... is a file,
    not a folder: give `wtg init` a folder`, and not that the host he meant is made: the
    config's path is refused as the docs say, with the host it is and how to use it."""
    assert wtg("init", str(tmp_path / "srv")).exit_code == 0
    config = tmp_path / "srv" / "wtg.yaml"
    before = config.read_bytes()
    result = wtg("init", str(config))
    assert result.exit_code == 1, result.output
    assert result.stderr == (
        f"wtg: {config}: `wtg init` takes the host's folder, not its config file, and this "
        f"file is there already: to use the host it configures, export WTG_CONFIG={config}; "
        "for a new host, give `wtg init` a folder of its own\n"
    )
    assert config.read_bytes() == before


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("Game Master gm@example.org", "'Game Master <gm@example.org>'"),  # no brackets
        ("Game Master, <gm@example.org>", "'Game Master <gm@example.org>'"),
        ("gm@example.org.", "gm@example.org"),  # a sentence's end
        ("mailto:gm@example.org", "gm@example.org"),  # a link's
    ],
)
def test_init_names_the_from_meant(tmp_path: Path, typed: str, meant: str) -> None:
    """A From typed or pasted wrong was refused with the form alone, not the one to type."""
    refused = wtg("init", str(tmp_path / "h"), "--from", typed)
    assert refused.stderr == (
        f"wtg: --from {typed!r} is not one e-mail address: give a name and an address, as in "
        f'a mail\'s From ("Game Master <gm@example.org>") (did you mean --from {meant}?)\n'
    )
    assert not (tmp_path / "h").exists()
    assert wtg("init", str(tmp_path / "h"), "--from", meant.strip("'")).exit_code == 0


def test_init_names_no_from_when_none_is_seen(tmp_path: Path) -> None:
    refused = wtg("init", str(tmp_path / "h"), "--from", "Game Master")
    assert refused.exit_code == 1 and "did you mean" not in refused.stderr
