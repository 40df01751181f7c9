"""Where the site may be written: never into the games folder, nor a folder holding it.

The site is public (its files readable by all, a web server serving the folder whole); the
games folder is secret (codes, addresses, 0700). A GM who gives ``wtg site`` the games
folder (as ``wtg ratings GAMES_DIR`` takes it), a game's folder, or the host's folder that
holds the games folder, would put public pages among the secrets, or the secrets under
what a web server serves: refused before anything is written."""

from __future__ import annotations

from pathlib import Path

from wtg.core.errors import UsageError


class SitePlaceError(UsageError):
    """The site's folder is, is in, or holds the games folder."""


def check_site_dir(games_dir: Path, out_dir: Path) -> None:
    """SitePlaceError when ``out_dir`` is ``games_dir``, inside it, or holds it."""
    games = games_dir.resolve()
    out = out_dir.resolve()
    beside = games.parent / "site"
    outside = f"write the site into a folder of its own outside it (as `wtg site {beside}`)"
    if out == games:
        why = f"is the games folder {games_dir}: its files are the games' secrets; {outside}"
    elif out.is_relative_to(games):
        why = f"is in the games folder {games_dir}: its files are the games' secrets; {outside}"
    elif games.is_relative_to(out):
        why = (
            f"holds the games folder {games_dir}: a web server serving the site would serve "
            f"the games' secrets with it; {outside}"
        )
    else:
        return
    raise SitePlaceError(f"the site's folder {out_dir} {why}")
