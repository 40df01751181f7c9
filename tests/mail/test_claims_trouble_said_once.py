"""A poll on a mailbox whose claims (``wtg.mail.servers.claims``) cannot be read or
written says so once, on stderr, which cron mails; then nothing while it stays so, and
once more when it changes or ends. Before, every poll said it: a mail from cron every few
minutes."""

from __future__ import annotations

from pathlib import Path

from tests.mail.test_host_moved import maildir_host, wtg


def test_a_maildir_whose_claims_folder_is_a_file_is_said_once(tmp_path: Path) -> None:
    maildir = tmp_path / "Maildir"
    for sub in ("cur", "new", "tmp"):
        (maildir / sub).mkdir(parents=True)
    (maildir / ".wtg-host").write_text("a file where the folder goes\n", encoding="utf-8")
    config, _ = maildir_host(tmp_path / "host", maildir)
    first = wtg(config, "poll", "-q")
    assert first.exit_code == 0, first.output
    head = f"wtg: poll: the claims on the mailbox {maildir} (its folder wtg-host) could not be"
    assert first.stderr.startswith(head)
    assert "said once, and again when it changes" in " ".join(first.stderr.split())
    for _ in range(2):
        again = wtg(config, "poll", "-q")
        assert again.exit_code == 0 and again.stderr == "", again.output
    (maildir / ".wtg-host").unlink()
    ended = wtg(config, "poll", "-q")
    assert ended.exit_code == 0
    assert " ".join(ended.stderr.split()) == (
        f"wtg: poll: the claims on the mailbox {maildir} (its folder wtg-host) are read "
        "again: this host knows again whether a copy of it serves the mailbox"
    )
    assert len(list((maildir / ".wtg-host" / "new").iterdir())) == 1  # its claim, now made
    quiet = wtg(config, "poll", "-q")
    assert quiet.exit_code == 0 and quiet.stderr == ""
