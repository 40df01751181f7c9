"""`wtg oauth2-login` (the device flow, against the local authorization server of
``tests/mail/tokenserver.py``) killed (SIGKILL) just before each of its writes, then given
again as a GM would, the first time and over a refresh token written before (its cached
access token beside it).

As killed, the refresh token file holds a whole token the server issued (the one before,
or the new one) or is not there, and nothing the command wrote is readable by others
(0600). Given again, it signs in, the file holds the new token, and the poll's tokens come
from it.
"""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from tests import killpoints
from tests.mail.test_oauth2_login import write_config
from tests.mail.tokenserver import TokenServer
from wtg.host.config import load_config
from wtg.mail.servers.oauth2 import Tokens


@pytest.mark.parametrize("before", [False, True], ids=["first login", "over a token"])
def test_a_login_killed_leaves_a_whole_token_or_none_and_given_again_signs_in(
    tmp_path: Path, before: bool
) -> None:
    with TokenServer() as server:
        config = write_config(tmp_path, server)
        folder = tmp_path / "tokens"
        refresh = folder / "refresh-token"
        args = [
            "--config", str(config), "oauth2-login",
            "--provider", "custom", "--device-url", server.device_url,
        ]  # fmt: skip
        section = load_config(config).oauth2
        assert section is not None

        def restore() -> None:
            for path in folder.iterdir():
                path.unlink()
            if before:  # signed in before, the poll's access token cached
                refresh.write_text(server.new_refresh_token("gm@example.org") + "\n")
                refresh.chmod(0o600)
                Tokens(section).access_token()
            server.device_answers = ["ok"]

        whole = killpoints.whole(args, tmp_path, restore)
        chosen = range(1, whole.writes + 1)
        for at, cut in killpoints.cuts(args, tmp_path, chosen, restore):
            for path in folder.iterdir():
                assert stat.S_IMODE(path.stat().st_mode) == 0o600, (at, path, cut.before)
            if refresh.exists():
                written = refresh.read_text(encoding="utf-8").strip()
                assert server.refresh_tokens.get(written) == "gm@example.org", (at, written)
            else:
                assert not before, at
            server.device_answers = ["ok"]
            again = killpoints.wtg(args)
            assert again.returncode == 0, (at, again.stderr)
            written = refresh.read_text(encoding="utf-8").strip()
            assert server.refresh_tokens.get(written) == "gm@example.org", at
            assert Tokens(section).access_token() in server.access_tokens, at
        print(f"\n{whole.writes} writes, killed before each")
