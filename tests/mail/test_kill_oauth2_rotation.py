"""A token server that rotates the refresh token (each grant spends the one given and
answers a new one), and `wtg poll` killed (SIGKILL) around the write of the new one: just
before it (the server's answer in hand), before its rename into place, and before the
access token it cached for the one before is dropped. The token spent and the new one
never written is lost with the process: nothing of wtg's can keep it. What the kill must
not cost is the GM's word and the mail: the next poll either logs in with the token
written, or says in one line that the refresh token was refused and what to run (`wtg
oauth2-login`), exits 1 and leaves the player's mail in the inbox; once the GM has logged
in again, the poll answers it, once. (It passes as it is.)"""

from __future__ import annotations

from pathlib import Path

from tests import killpoints
from tests.mail.servers import GM_ADDRESS, Dovecot, SmtpSink
from tests.mail.test_oauth2_real_servers import (
    oauth_imap,
    oauth_smtp,
    player_mail,
    tokens,
    write_config,
)
from tests.mail.tokenserver import TokenServer

__all__ = ["oauth_imap", "oauth_smtp", "tokens"]  # the fixtures this test takes


def test_a_poll_killed_around_a_rotated_refresh_token_leaves_the_gm_told_and_the_mail(
    tmp_path: Path, oauth_imap: Dovecot, oauth_smtp: SmtpSink, tokens: TokenServer
) -> None:
    tokens.rotate = True
    first = tmp_path / "whole"
    first.mkdir()
    player_mail(oauth_imap, 1)
    log = tmp_path / "poll.log"
    config = write_config(first, oauth_imap, oauth_smtp, tokens)
    whole = killpoints.count(["--config", str(config), "poll"], first, log=log)
    assert whole.returncode == 0, whole.stderr
    lines = killpoints.written(log)
    touching = [n for n, line in enumerate(lines, 1) if "refresh-token" in line]
    assert touching, lines  # the new token's temporary file, its rename, the cache dropped
    outcomes = {"lost, said": 0, "kept": 0}
    for at in sorted({*touching, touching[-1] + 1}):
        root = tmp_path / f"killed-{at}"
        root.mkdir()
        player_mail(oauth_imap, 1)
        config = write_config(root, oauth_imap, oauth_smtp, tokens)
        args = ["--config", str(config), "poll"]
        cut = killpoints.run(args, at, root)
        assert cut.killed, (at, cut)
        again = killpoints.wtg(args)
        outcomes["lost, said" if again.returncode else "kept"] += 1
        if again.returncode:  # the new token lost with the process: said, the mail kept
            assert "refused the refresh token" in again.stderr, (at, cut.before, again)
            assert "oauth2-login" in again.stderr, (at, again.stderr)
            assert len(oauth_imap.fetch_all(GM_ADDRESS)) == 1, at
            refresh = root / "refresh-token"
            refresh.write_text(tokens.new_refresh_token(GM_ADDRESS) + "\n", encoding="utf-8")
            again = killpoints.wtg(args)  # the GM logged in again
        assert again.returncode == 0, (at, cut.before, again.stderr)
        assert "answered 1" in again.stdout, (at, again.stdout)
        assert oauth_imap.fetch_all(GM_ADDRESS) == [], at
        assert (root / "refresh-token").read_text().strip() in tokens.refresh_tokens, at
    print(f"\nkilled at {touching} and after: {outcomes}")
    assert outcomes["lost, said"] and outcomes["kept"]  # both sides of the rename reached
