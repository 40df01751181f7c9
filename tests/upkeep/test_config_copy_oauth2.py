"""Issue 28, part 1: a backup's config copy names the oauth2 section's secrets it does not
hold (the refresh token file, the client's secret), and leaves out the client's secret
should the GM have quoted it in a comment."""

from __future__ import annotations

from pathlib import Path

from tests.mail.servers import self_signed
from wtg.host.config import load_config
from wtg.upkeep.archive import PASSWORD_MARKER
from wtg.upkeep.configcopy import config_copy

CONFIG = """\
games_dir: games
# the secret is GOCSPX-quoted-secret (a GM's note to himself)
oauth2: {provider: google, client_id: id-1, client_secret_file: secret, refresh_token_file: rt}
imap: {username: gm@gmail.com, auth: oauth2}
smtp: {username: gm@gmail.com, auth: oauth2}
"""


def left_out(path: Path, text: str) -> tuple[str, ...]:
    """What the backup of the config ``text``, written at ``path``, says it does not hold."""
    path.write_text(text, encoding="utf-8")
    return config_copy(path, load_config(path), "2026-12-02T03:30:00Z").left_out


def test_the_oauth2_secrets_are_named_and_left_out(tmp_path: Path) -> None:
    (tmp_path / "secret").write_text("GOCSPX-quoted-secret\n", encoding="utf-8")
    path = tmp_path / "wtg.yaml"
    path.write_text(CONFIG, encoding="utf-8")
    copy = config_copy(path, load_config(path), "2026-12-02T03:30:00Z")
    assert "GOCSPX" not in copy.text
    assert f"# the secret is {PASSWORD_MARKER} (a GM's note to himself)" in copy.text
    assert copy.left_out[:2] == (
        f"oauth2.refresh_token_file {tmp_path / 'rt'}: not in the backup; put it back (mode "
        "0600), or run `wtg oauth2-login --provider google` again",
        f"oauth2.client_secret_file {tmp_path / 'secret'}: the file is not in the backup; put "
        "it back (mode 0600)",
    )


def test_the_dkim_key_is_named_unless_the_games_folder_holds_it(tmp_path: Path) -> None:
    """A backup holds the games folder; a DKIM key kept elsewhere is not in it, and the
    manifest says where it was and how to get one back (noticed after issue 28)."""
    path = tmp_path / "wtg.yaml"
    for key, named in (("keys/d.key", True), ("games/d.key", False)):
        dkim = f"dkim: {{domain: example.org, selector: s1, key_file: {key}}}\n"
        said = left_out(path, f"games_dir: games\n{dkim}")
        line = (
            f"dkim.key_file {tmp_path / key}: the key is not in the backup; put it back (mode "
            "0600), or make a new one with `wtg dkim-keygen` and publish its DNS record"
        )
        assert (line in said) is named, key


def test_a_server_s_certificate_is_named_unless_the_games_folder_holds_it(
    tmp_path: Path,
) -> None:
    """A config that trusts its own server's certificate (``imap.ca_file``): a backup did not
    name it, and the host restored on another machine was refused its config at the first
    command (gmtrial43)."""
    path = tmp_path / "wtg.yaml"
    certificate = tmp_path / "made.pem"
    self_signed(tmp_path / "key.pem", certificate, "h")  # as a server of the GM's own has
    for place, named in (("mail-ca.pem", True), ("games/mail-ca.pem", False)):
        (tmp_path / place).parent.mkdir(exist_ok=True)
        (tmp_path / place).write_bytes(certificate.read_bytes())
        imap = f"imap: {{host: h, username: gm@example.org, password_file: pw, ca_file: {place}}}"
        smtp = "smtp: {host: h, username: gm@example.org, password_file: pw}"
        said = left_out(path, f"games_dir: games\ntransport: imap\n{imap}\n{smtp}\n")
        line = (
            f"imap.ca_file {tmp_path / place}: the server's certificate is not in the backup; "
            "put it back (a copy of it: it is no secret)"
        )
        assert (line in said) is named, place
