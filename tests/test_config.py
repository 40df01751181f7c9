"""The GM's config file (wtg/host/config.py): checked against its schema when read, every
problem one line naming the file, the line, the key and what the key takes."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wtg.host.config import ConfigError, GmConfig, load_config
from wtg.text.addresses import mailbox_of

FULL = """\
games_dir: /srv/wtg/games
transport: imap
maildir_in: /srv/wtg/in
maildir_out: /srv/wtg/out
from: "Game Master <gm@example.org>"
imap:
  host: imap.example.org
  port: 993
  ssl: true
  starttls: false
  username: gm@example.org
  password: imap-secret
  folder: Orders
  processed_folder: Orders.done
  rejected_folder: Orders.refused
smtp:
  host: smtp.example.org
  port: 587
  ssl: false
  starttls: true
  username: gm@example.org
  password_env: WTG_TEST_SMTP_PASSWORD
  from: "Orders <orders@example.org>"
mail:
  max_bytes: 2000000
  replies_per_hour: 4
  confirmations_per_hour: 30
  remind_hours: 12
  poll_stale_hours: 3
  missing_share: 0.25
"""


def config_file(tmp_path: Path, text: str, name: str = "wtg.yaml") -> Path:
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def problems(path: Path) -> list[str]:
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    return caught.value.problems


def test_every_key_a_gm_script_uses_is_read_as_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("WTG_TEST_SMTP_PASSWORD", "smtp-secret")
    gm = load_config(config_file(tmp_path, FULL))
    assert (gm.games_dir, gm.transport, gm.maildir_in, gm.maildir_out) == (
        Path("/srv/wtg/games"),
        "imap",
        Path("/srv/wtg/in"),
        Path("/srv/wtg/out"),
    )
    assert gm.imap is not None and gm.smtp is not None
    imap, smtp = gm.imap, gm.smtp
    assert (imap.host, imap.port, imap.ssl, imap.starttls) == ("imap.example.org", 993, True, False)
    assert (imap.username, imap.secret()) == ("gm@example.org", "imap-secret")
    assert (imap.folder, imap.processed_folder, imap.rejected_folder) == (
        "Orders",
        "Orders.done",
        "Orders.refused",
    )
    assert (smtp.host, smtp.port, smtp.ssl, smtp.starttls) == ("smtp.example.org", 587, False, True)
    assert (smtp.username, smtp.secret()) == ("gm@example.org", "smtp-secret")
    assert smtp.sender == gm.sender == "Orders <orders@example.org>"
    assert gm.limits.max_bytes == 2_000_000
    assert (
        gm.limits.replies_per_hour,
        gm.limits.confirmations_per_hour,
        gm.limits.remind_hours,
        gm.limits.poll_stale_hours,
        gm.limits.missing_share,
    ) == (4, 30, 12, 3, 0.25)
    assert "imap-secret" not in repr(imap)


def test_an_empty_file_is_the_maildir_default_beside_it(tmp_path: Path) -> None:
    gm = load_config(config_file(tmp_path, ""))
    assert gm.transport == "maildir" and gm.imap is None and gm.smtp is None
    assert gm.games_dir == tmp_path / "wtg-games"
    assert gm.maildir_in == tmp_path / "wtg-games" / ".mail" / "maildir-in"
    assert gm.limits.max_bytes == 1_000_000 and gm.sender == "wtg@localhost"


def test_empty_sections_are_no_server_and_the_default_limits(tmp_path: Path) -> None:
    gm = load_config(config_file(tmp_path, "imap:\nsmtp:\nmail:\n"))
    assert (gm.imap, gm.smtp, gm.transport) == (None, None, "maildir")
    assert gm.limits.max_bytes == 1_000_000


def test_default_ports_follow_ssl(tmp_path: Path) -> None:
    gm = load_config(
        config_file(
            tmp_path,
            "imap: {host: i, username: gm, password: pw, ssl: true}\n"
            "smtp: {host: s, username: gm, password: pw}\n",
        )
    )
    assert gm.imap is not None and gm.smtp is not None
    assert (gm.imap.port, gm.smtp.port, gm.transport) == (993, 25, "imap")


@pytest.mark.parametrize(
    ("written", "size"),
    [("1MB", 1_000_000), ("500kB", 500_000), ("2 MiB", 2 * 1024 * 1024), ("750000", 750_000)],
)
def test_max_bytes_takes_a_size_with_a_unit(tmp_path: Path, written: str, size: int) -> None:
    gm = load_config(config_file(tmp_path, f"mail:\n  max_bytes: {written}\n"))
    assert gm.limits.max_bytes == size


def test_a_size_that_is_not_one_names_its_line(tmp_path: Path) -> None:
    path = config_file(tmp_path, "games_dir: g\nmail:\n  max_bytes: 1 megabyte\n")
    assert problems(path) == [
        f"{path}, line 3: mail.max_bytes: expected a size: bytes, or with a unit such as 1MB, "
        "500kB or 2 MiB, found the text '1 megabyte'"
    ]


def test_a_quoted_no_is_not_a_boolean(tmp_path: Path) -> None:
    """`ssl: "no"` used to be read as true (any non-empty text is true in Python)."""
    path = config_file(
        tmp_path,
        'transport: maildir\nimap:\n  host: imap.example.org\n  ssl: "no"\n'
        "  username: gm\n  password: pw\n",
    )
    assert problems(path) == [
        f"{path}, line 4: imap.ssl: expected true or false (a YAML boolean, not in quotes), "
        "found the text 'no'"
    ]


def test_a_port_that_is_not_a_number(tmp_path: Path) -> None:
    path = config_file(
        tmp_path,
        "transport: imap\nimap: {host: i, username: gm, password: pw}\n"
        "smtp:\n  host: smtp.example.org\n  port: smtp\n",
    )
    assert problems(path) == [
        f"{path}, line 5: smtp.port: expected a port number from 1 to 65535, found the text 'smtp'"
    ]


@pytest.mark.parametrize(
    ("text", "line", "key", "nearest"),
    [
        ("game_dir: games\n", 1, "game_dir", "games_dir"),
        ("mail:\n  replies_per_hour: 2\n  max_byte: 10\n", 3, "mail.max_byte", "max_bytes"),
        (
            "transport: maildir\nimap:\n  host: h\n  username: u\n  password: p\n"
            "  procesed_folder: done\n",
            6,
            "imap.procesed_folder",
            "processed_folder",
        ),
    ],
)
def test_a_misspelt_key_names_its_line_and_the_nearest_key(
    tmp_path: Path, text: str, line: int, key: str, nearest: str
) -> None:
    path = config_file(tmp_path, text)
    assert problems(path) == [f"{path}, line {line}: {key}: no such key; did you mean {nearest!r}?"]


def test_an_unknown_key_with_no_near_one_lists_the_keys(tmp_path: Path) -> None:
    path = config_file(tmp_path, "mail:\n  colour: blue\n")
    assert problems(path) == [
        f"{path}, line 2: mail.colour: no such key; the keys here: authserv_id, "
        "confirmations_per_hour, dash_subaddress_domains, handle_seconds, max_bytes, "
        "missing_share, poll_stale_hours, remind_hours, replies_per_day, replies_per_hour, "
        "stranger_codes_per_day, stranger_late_hours, unconfirmed_domain_share, "
        "unconfirmed_new_domain_share, unconfirmed_per_address, unconfirmed_per_hour, "
        "wrong_code_rows"
    ]


def test_every_problem_is_one_line_in_file_order(tmp_path: Path) -> None:
    path = config_file(
        tmp_path,
        "transport: post\nmail:\n  missing_share: 2\nimap:\n  host: h\n  username: 1234\n"
        "  password: 0123\n  ssl: true\n  starttls: true\n",
    )
    assert problems(path) == [
        f"{path}, line 1: transport: expected imap or maildir, found the text 'post'",
        f"{path}, line 3: mail.missing_share: expected a number from 0 to 1, such as 0.5, "
        "found the number 2",
        f"{path}, line 6: imap.username: expected text, found the number 1234; put text in "
        "quotes (YAML reads 0123 as a number, yes as a boolean)",
        # YAML reads 0123 as 83: never shown, a password
        f"{path}, line 7: imap.password: expected text, found the number (not shown); put text "
        "in quotes (YAML reads 0123 as a number, yes as a boolean)",
    ]


def test_a_word_of_a_few_mistyped_is_named_with_the_one_meant(tmp_path: Path) -> None:
    """`transport: maildri` at 2 a.m. was told the words it takes and no more; the one
    meant is named (case aside: `IMAP`), as a key's slip is. A word near none is not."""
    path = config_file(
        tmp_path,
        "transport: maildri\nimap:\n  host: h\n  username: u\n  auth: pasword\n",
    )
    assert problems(path) == [
        f"{path}, line 1: transport: expected imap or maildir, found the text 'maildri' "
        "(did you mean transport: maildir?)",
        f"{path}, line 5: imap.auth: expected password or oauth2, found the text 'pasword' "
        "(did you mean auth: password?)",
    ]
    path = config_file(tmp_path, "transport: IMAP\n")
    assert problems(path) == [
        f"{path}, line 1: transport: expected imap or maildir, found the text 'IMAP' "
        "(did you mean transport: imap?)"
    ]


def test_transport_smtp_says_which_transport_sends_by_smtp(tmp_path: Path) -> None:
    """A GM who read that the host sends by SMTP wrote `transport: smtp` and was told
    `expected imap or maildir`, no word of which one sends by SMTP."""
    path = config_file(tmp_path, "transport: smtp\n")
    assert problems(path) == [
        f"{path}, line 1: transport: expected imap or maildir, found the text 'smtp' (the "
        "mail servers are one transport, imap: the players' mail comes in by the imap: "
        "section's server and goes out by the smtp: section's; write transport: imap with "
        "both sections, or transport: maildir to try wtg with files alone)"
    ]


def test_a_number_in_quotes_is_said_to_be_text_because_of_them(tmp_path: Path) -> None:
    """`remind_hours: '12'`: "expected a whole number of hours, found the text '12'" read
    as nonsense to a GM who wrote a 12; the quotes made it text, and now it says so."""
    path = config_file(
        tmp_path,
        "games_dir: g\nmail:\n  remind_hours: '12'\nimap:\n  host: h\n  port: \"993\"\n"
        "  username: gm\n  password: pw\n",
    )
    assert problems(path) == [
        f"{path}, line 3: mail.remind_hours: expected a whole number of hours, 0 or more, "
        "found the text '12' (in quotes, YAML reads it as text: write it without them, "
        "remind_hours: 12)",
        f"{path}, line 6: imap.port: expected a port number from 1 to 65535, found the text "
        "'993' (in quotes, YAML reads it as text: write it without them, port: 993)",
    ]


def test_a_section_check_names_the_line_of_its_key(tmp_path: Path) -> None:
    path = config_file(
        tmp_path,
        "transport: maildir\nimap:\n  host: h\n  username: gm\n  password: a\n  password_env: B\n",
    )
    assert problems(path) == [
        f"{path}, line 5: imap: password and password_env: give the password one way only"
    ]
    path = config_file(
        tmp_path,
        "transport: maildir\nimap:\n  host: h\n  username: gm\n  password: a\n"
        "  ssl: true\n  starttls: true\n",
    )
    assert problems(path) == [
        f"{path}, line 6: imap: ssl and starttls: choose one (ssl for 993/465, starttls for "
        "143/587)"
    ]
    path = config_file(tmp_path, "transport: maildir\nsmtp:\n  host: h\n  username: gm\n")
    assert problems(path) == [
        f"{path}, line 4: smtp: username: a login needs password_file, password_env or password"
    ]


def test_transport_imap_needs_both_servers(tmp_path: Path) -> None:
    path = config_file(tmp_path, "games_dir: g\ntransport: imap\n")
    assert problems(path) == [f"{path}, line 2: transport: imap needs an imap and smtp section"]


def test_a_missing_key_of_a_section(tmp_path: Path) -> None:
    path = config_file(tmp_path, "transport: maildir\nsmtp:\n  port: 25\n")
    assert problems(path) == [f"{path}, line 2: smtp.host: missing; give the server's host name"]


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("games_dir: a\ngames_dir: b\n", "line 2: games_dir is given twice (lines 1 and 2)"),
        (
            "from: &me gm@example.org\nsmtp: {host: h, from: *me}\n",
            "line 1: YAML anchors and aliases (&me / *me) are not taken here: write the value out",
        ),
        (
            "games_dir: [\n",
            "line 2: not valid YAML: expected the node content, but found '<stream end>'",
        ),
        # an editor's tab: the parser's words alone did not say what to do
        (
            "games_dir: games\n\tfrom: gm@example.org\n",
            "line 2: not valid YAML: found character '\\t' that cannot start any token (a tab: "
            "YAML indents with spaces only: put spaces in its place)",
        ),
        # a key indented by a space too few or too many: PyYAML's words alone
        # (`expected <block end>, but found '<block mapping start>'`, `mapping values are
        # not allowed here`) named neither the indent nor what to do
        (
            "games_dir: g\nimap:\n  host: h\n  port: 993\n ssl: true\n",
            "line 5: not valid YAML: expected <block end>, but found '<block mapping start>' "
            "(line 5 begins 1 space in, the keys above it 0 or 2: indent it as far as the "
            "others of its section)",
        ),
        (
            "games_dir: g\nimap:\n  host: h\n   port: 993\n",
            "line 4: not valid YAML: mapping values are not allowed here (line 4 begins 3 "
            "spaces in, the keys above it 0 or 2: indent it as far as the others of its "
            "section)",
        ),
        # the section's key left commented out when the lines under it were uncommented
        # (`wtg init` writes `# imap:`): "indent it as far as the others" led nowhere
        (
            "games_dir: g\ntransport: imap  # the servers\n# imap:\n  host: h\n  port: 993\n",
            "line 4: not valid YAML: expected <block end>, but found '<block mapping start>' "
            "(line 4 begins 2 spaces in, under line 3, # imap:, a comment: the key of its "
            "section is commented out: write imap: without the '#')",
        ),
        (
            "games_dir: g\n\n#imap:\n\n   host: h\n",
            "line 5: not valid YAML: expected <block end>, but found '<block mapping start>' "
            "(line 5 begins 3 spaces in, under line 3, #imap:, a comment: the key of its "
            "section is commented out: write imap: without the '#')",
        ),
        (
            "games_dir: g\n  transport: maildir  # the mail as files\n",
            "line 2: not valid YAML: mapping values are not allowed here (line 2 begins 2 "
            "spaces in, the keys above it 0: indent it as far as the others of its section)",
        ),
        # a ': ' inside a value not in quotes: YAML reads a second key there
        (
            "games_dir: g\nfrom: GM: the host <gm@example.org>  # the From\n",
            "line 2: not valid YAML: mapping values are not allowed here (a ': ' in a value "
            "not in quotes: put the value in quotes, from: 'GM: the host <gm@example.org>')",
        ),
        # gmtrial39: a quote left open: `line 3: found unexpected end of stream`, a line
        # past the end of the file, and nothing of the quote
        (
            'games_dir: g\nfrom: "GM <gm@example.org>\n',
            'line 2: not valid YAML: the value in quotes that begins on line 2 has no closing ": '
            'YAML read on to the end of the file for it; end it with " on its line',
        ),
        (
            "- games\n",
            "line 1: expected keys and values (dkim, from, games_dir, imap, mail, maildir_in, "
            "maildir_out, oauth2, site, smtp, transport)",
        ),
    ],
)
def test_yaml_a_config_does_not_take(tmp_path: Path, text: str, problem: str) -> None:
    path = config_file(tmp_path, text)
    assert problems(path) == [f"{path}, {problem}"]


def test_secrets_that_cannot_be_had_name_their_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The config is read without them (the commands that reach no server run: a missing
    SMTP password file stopped `wtg status` and every `run-turn --due`); a login says it."""
    monkeypatch.delenv("WTG_TEST_NOT_SET", raising=False)
    path = config_file(
        tmp_path,
        "transport: maildir\nimap:\n  host: h\n  username: gm\n  password_env: WTG_TEST_NOT_SET\n",
    )
    imap = load_config(path).imap
    assert imap is not None and imap.password is None
    problem = (
        f"{path}, line 5: imap.password_env: the environment variable WTG_TEST_NOT_SET is not set"
    )
    assert imap.password_problem == problem
    with pytest.raises(ConfigError) as caught:
        imap.secret()
    assert caught.value.problems == [problem]
    path = config_file(
        tmp_path, "transport: maildir\nsmtp:\n  host: h\n  username: gm\n  password_file: nope\n"
    )
    smtp = load_config(path).smtp
    assert smtp is not None
    problem = (
        f"{path}, line 5: smtp.password_file: cannot read {tmp_path / 'nope'}: "
        "No such file or directory: write the password into it, alone on its line, and make "
        f"it yours alone: chmod 600 {tmp_path / 'nope'}"
    )
    with pytest.raises(ConfigError) as caught:
        smtp.secret()
    assert caught.value.problems == [problem]


def test_relative_paths_are_relative_to_the_config_files_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A relative --config path used to put the maildirs under the config's folder twice
    (etc/etc/games/.mail/maildir-in)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "etc").mkdir()
    (tmp_path / "etc" / "smtp-password").write_text("from-the-file\n", encoding="utf-8")
    config_file(
        tmp_path,
        "games_dir: games\nsmtp:\n  host: h\n  username: gm\n  password_file: smtp-password\n",
        "etc/wtg.yaml",
    )
    gm = load_config(Path("etc/wtg.yaml"))
    assert gm.games_dir == Path("etc/games")
    assert gm.maildir_in == Path("etc/games/.mail/maildir-in")
    assert gm.maildir_out == Path("etc/games/.mail/maildir-out")
    assert gm.spool == Path("etc/games/.mail")
    assert gm.smtp is not None and gm.smtp.secret() == "from-the-file"
    config_file(tmp_path, "games_dir: games\nmaildir_in: ../inbox\n", "etc/wtg.yaml")
    assert load_config(Path("etc/wtg.yaml")).maildir_in == Path("etc/../inbox")


def test_a_password_file_saved_by_windows_notepad_gives_the_password_alone(
    tmp_path: Path,
) -> None:
    """A password file saved with a byte-order mark and a Windows line ending: the mark
    was sent as part of the password, and the server refused a login the GM had right."""
    (tmp_path / "smtp-password").write_bytes(b"\xef\xbb\xbfs3cret\r\n")
    path = config_file(
        tmp_path,
        "games_dir: games\nsmtp:\n  host: h\n  username: gm\n  password_file: smtp-password\n",
    )
    gm = load_config(path)
    assert gm.smtp is not None and gm.smtp.secret() == "s3cret"


def test_a_home_folder_is_expanded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    gm: GmConfig = load_config(config_file(tmp_path, "games_dir: ~/games\n"))
    assert gm.games_dir == tmp_path / "home" / "games"


def test_a_file_that_cannot_be_read(tmp_path: Path) -> None:
    assert problems(tmp_path / "nowhere.yaml") == [
        f"{tmp_path / 'nowhere.yaml'}: cannot read the config file: No such file or directory"
    ]


def test_a_config_name_mistyped_names_the_one_beside_it(tmp_path: Path) -> None:
    """`--config /srv/wtg/wtg.yml` (or `wtg.ymal`): only `No such file or directory`, the
    GM left to find his own typo at 2 a.m. The file beside it with a close name is named."""
    config_file(tmp_path, "games_dir: games\n")
    for typed in ("wtg.yml", "wtg.ymal", "wgt.yaml"):
        assert problems(tmp_path / typed) == [
            f"{tmp_path / typed}: cannot read the config file: No such file or directory (did "
            f"you mean {tmp_path / 'wtg.yaml'}?)"
        ]
    assert problems(tmp_path / "other.conf") == [
        f"{tmp_path / 'other.conf'}: cannot read the config file: No such file or directory"
    ]


def test_docs_mail_lists_every_key_of_the_schema() -> None:
    """docs/mail.md's table is the schema's: every key, what it takes, its default."""
    from wtg.host.configschema import schema_rows

    doc = (Path(__file__).resolve().parents[1] / "docs" / "mail.md").read_text(encoding="utf-8")
    table = doc.split("| key | takes | default | what it is for |\n|---|---|---|---|\n", 1)[1]
    documented = []
    for row in table.split("\n\n", 1)[0].splitlines():
        key, takes, default, purpose = (cell.strip() for cell in row.strip("|").split(" | "))
        documented.append((key.strip("`"), takes, default.strip("`"), purpose))
    assert documented == schema_rows()
    assert len(documented) == 64  # 44, dkim's 4, mail.authserv_id, oauth2's 10, 5 of mail's bounds


KEYS = ["games_dir", "transport", "imap", "smtp", "mail", "host", "port", "ssl", "max_bytes"]
VALUES = [
    "1MB",
    '"no"',
    "yes",
    "0123",
    "[1, 2]",
    "{a: 1}",
    "&a x",
    "*a",
    "~",
    "2024-01-01",
    "2024-02-30",
    "é",
]


@given(
    st.lists(
        st.tuples(st.integers(0, 3), st.sampled_from(KEYS), st.sampled_from(VALUES) | st.text()),
        max_size=12,
    )
    | st.text(max_size=300).map(lambda text: [(0, text, "")])
)
@settings(max_examples=300, deadline=None)
def test_no_text_makes_the_loader_raise_anything_but_a_config_error(
    lines: list[tuple[int, str, str]],
) -> None:
    text = "".join(f"{'  ' * depth}{key}: {value}\n" for depth, key, value in lines)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "wtg.yaml"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        try:
            load_config(path)
        except ConfigError as exc:
            assert exc.problems and all(
                "\n" not in p and p.startswith(str(path)) for p in exc.problems
            )


def test_a_value_yaml_reads_as_no_date_names_its_line(tmp_path: Path) -> None:
    """An unquoted 2026-02-30 (a date YAML reads, Python refuses) or a `!!int` tag on a word
    raised Python's ValueError out of every command, a traceback: now a line of the file."""
    path = config_file(tmp_path, "games_dir: games\nfrom: gm@example.org\nsite: 2026-02-30\n")
    assert problems(path) == [
        f"{path}, line 3: site: the value 2026-02-30 cannot be read: day is out of range for "
        "month (YAML reads it as a date)"
    ]
    path = config_file(tmp_path, "games_dir: !!int games\n")
    assert problems(path) == [
        f"{path}, line 1: games_dir: the value games cannot be read: invalid literal for int() "
        "with base 10: 'games' (tagged int)"
    ]


def test_a_config_nested_too_deeply(tmp_path: Path) -> None:
    path = config_file(tmp_path, "games_dir: " + "[" * 5000 + "]" * 5000 + "\n")
    assert problems(path) == [f"{path}: nested too deeply for a config"]


def test_a_games_game_yaml_given_as_the_config_is_named_as_such(tmp_path: Path) -> None:
    """`wtg --config games/g1/game.yaml` (the GM's tab completion at 2 a.m.) gave a line a
    key of the game, one of them "game: no such key; did you mean 'games_dir'?": now one
    line says what the file is and which file to give."""
    from tests.conftest import players
    from wtg.game.engine import create_game

    folder = tmp_path / "games" / "g1"
    create_game(folder, "wok4", "small", players(2), 7)
    with pytest.raises(ConfigError) as refused:
        load_config(folder / "game.yaml")
    assert str(refused.value) == (
        f"{folder / 'game.yaml'} is the game.yaml of the game g1, not a host's config: give "
        "the host's config file (`wtg init DIR` makes DIR/wtg.yaml; the games folder is in "
        "its games_dir)"
    )


def test_a_sections_key_left_unindented_says_to_indent_it(tmp_path: Path) -> None:
    """`imap:` with its keys under it but not indented (a paste that lost the spaces):
    `port` was taken for a misspelt `transport` ("did you mean 'transport'?"), and `host`
    listed the top keys without saying it belongs in imap."""
    path = config_file(tmp_path, "games_dir: games\nimap:\nhost: h\nport: 993\nfoo: 1\n")
    assert problems(path) == [
        f"{path}, line 3: host: no such key at the top of the file; it is a key of imap and "
        "smtp: indent it under its section (two spaces)",
        f"{path}, line 4: port: no such key at the top of the file; it is a key of imap and "
        "smtp: indent it under its section (two spaces)",
        f"{path}, line 5: foo: no such key; the keys here: dkim, from, games_dir, imap, mail, "
        "maildir_in, maildir_out, oauth2, site, smtp, transport",
    ]
    path = config_file(tmp_path, "games_dir: games\nmail:\nremind_hours: 3\n")
    assert problems(path) == [
        f"{path}, line 3: remind_hours: no such key at the top of the file; it is a key of "
        "mail: indent it under its section (two spaces)"
    ]


@pytest.mark.parametrize(
    ("text", "line", "key", "value"),
    [
        (
            "# made by wtg init\ngames_dir:games  # a comment\nfrom: gm@example.org\n",
            2,
            "games_dir",
            "games",
        ),  # PyYAML: line 3, "expected '<document start>'"
        (
            "games_dir: games\ntransport:maildir\nfrom: gm@example.org\n",
            2,
            "transport",
            "maildir",
        ),  # PyYAML: line 3, "could not find expected ':'"
        ("games_dir: games\ntransport:maildir\n", 2, "transport", "maildir"),
        (
            "games_dir: games\nimap:\n  host:imap.example.org\n  port: 993\n",
            3,
            "host",
            "imap.example.org",
        ),  # PyYAML: line 4, "mapping values are not allowed here"
    ],
)
def test_a_key_without_its_space_after_the_colon_is_named_on_its_line(
    tmp_path: Path, text: str, line: int, key: str, value: str
) -> None:
    """`games_dir:games`, the space left out at 2 a.m.: YAML reads the line as text and
    PyYAML stops on a later line in its own words ("could not find expected ':'", or
    "expected '<document start>', but found '<block mapping start>'"), which named no slip
    and the wrong line. The line is named, with what to write."""
    path = config_file(tmp_path, text)
    assert problems(path) == [
        f"{path}, line {line}: not valid YAML: {key}:{value} has no space after its ':', so "
        f"YAML reads it as text, not as the key {key}: write {key}: {value}"
    ]


def test_a_key_typed_in_capitals_names_the_key_meant(tmp_path: Path) -> None:
    """`GAMES_DIR:` (caps lock at 2 a.m.) listed the keys there are, as a key like none of
    them: its case aside it is games_dir, and it is named, as `wtg hold G1` names g1."""
    path = config_file(tmp_path, "GAMES_DIR: games\n")
    assert f"{path}, line 1: GAMES_DIR: no such key; did you mean 'games_dir'?" in problems(path)


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("Game Master gm@example.org", "Game Master <gm@example.org>"),  # no brackets
        ("gm@example.org.", "gm@example.org"),  # a sentence's end
        ("'Game Master <gm@example.org>.'", "Game Master <gm@example.org>"),
    ],
)
def test_a_from_written_wrong_names_the_from_meant(tmp_path: Path, typed: str, meant: str) -> None:
    """`from: Game Master gm@example.org` was refused with the form alone, not what to write."""
    path = config_file(tmp_path, f"transport: maildir\nfrom: {typed}\n")
    shown = typed.strip("'")
    assert problems(path) == [
        f'{path}, line 2: from: expected one e-mail address, alone or with a name ("Game '
        f'Master <gm@example.org>"), found the text {shown!r} (did you mean from: "{meant}"?)'
    ]


def test_a_from_of_no_address_names_none(tmp_path: Path) -> None:
    for typed in ("Game Master", "5"):
        path = config_file(tmp_path, f"transport: maildir\nfrom: {typed}\n")
        (problem,) = problems(path)
        assert "expected one e-mail address" in problem and "did you mean" not in problem


def test_a_dashed_domain_written_in_unicode_is_read_in_idna(tmp_path: Path) -> None:
    """review49: ``mail.dash_subaddress_domains: [bücher.example]`` was refused ('expected a
    domain name (example.org), or a list of them, or [] for none, found a list'): only its
    IDNA form was taken, though attack49's ``mailbox_of`` reads a player's domain in
    Unicode as its IDNA form. It is read now, and kept in IDNA: the two forms of a dashed
    address are one mailbox."""
    text = FULL + "  dash_subaddress_domains: [bücher.example, Example.ORG]\n"
    gm = load_config(config_file(tmp_path, text))
    dashed = gm.limits.dash_subaddress_domains
    assert dashed == ("xn--bcher-kva.example", "example.org")
    idna = "dana@xn--bcher-kva.example"
    assert mailbox_of("dana-war@bücher.example", dashed) == idna
    assert mailbox_of("dana-war@xn--bcher-kva.example", dashed) == idna
    assert mailbox_of("mary-jane@example.net", dashed) == "mary-jane@example.net"
    refused = problems(config_file(tmp_path, FULL + "  dash_subaddress_domains: [bü cher]\n"))
    assert len(refused) == 1 and "mail.dash_subaddress_domains" in refused[0], refused


def test_a_list_s_entry_refused_is_named(tmp_path: Path) -> None:
    """review49: a list of domains with one that is none was refused as 'expected a domain
    name (example.org), or a list of them, or [] for none, found a list': a list was what
    the GM gave, and the line named no entry. The entry refused is named."""
    text = FULL + "  dash_subaddress_domains: [example.net, bü cher]\n"
    path = config_file(tmp_path, text)
    assert problems(path) == [
        f"{path}, line 31: mail.dash_subaddress_domains: expected a domain name "
        "(example.org), or a list of them, or [] for none, found a list ('bü cher' is not a "
        "domain name)"
    ]
