"""Issue 27, item 4: the config a backup keeps has its passwords left out, however the GM
wrote them (quoted, escaped, a block, a flow mapping over lines), and keeps the rest of
his text as he wrote it."""

from __future__ import annotations

from pathlib import Path

import pytest

from wtg.host.config import load_config
from wtg.upkeep import configcopy
from wtg.upkeep.archive import PASSWORD_MARKER
from wtg.upkeep.configcopy import config_copy

TOP = "# the GM's comment\ngames_dir: games\ntransport: maildir\n"
WRITTEN = {
    "plain": ("imap: {host: h, username: u, password: plain-secret-1}\n", "plain-secret-1"),
    "escaped": (
        'imap: {host: h, username: u, password: "pa\\"ss\\u0041-secret"}\n',
        'pa"ssA-secret',
    ),
    "single quotes": (
        "imap:\n  host: h\n  username: u\n  password: 'it''s-secret'\n",
        "it's-secret",
    ),
    "folded block": (
        "imap:\n  host: h\n  username: u\n  password: >-\n    folded-secret\n  ssl: true\n",
        "folded-secret",
    ),
    "flow over lines": (
        "imap: {host: h, username: u,\n  password: multi-secret,\n  ssl: true}\n",
        "multi-secret",
    ),
    "tagged": ("imap: {host: h, username: u, password: !!str tagged-secret}\n", "tagged-secret"),
    "byte order mark": ("imap: {host: h, username: u, password: bom-secret}\n", "bom-secret"),
}


@pytest.mark.parametrize("case", sorted(WRITTEN))
def test_a_password_written_any_way_is_left_out(case: str, tmp_path: Path) -> None:
    section, secret = WRITTEN[case]
    path = tmp_path / "wtg.yaml"
    bom = "\ufeff" if case == "byte order mark" else ""
    path.write_text(bom + TOP + section, encoding="utf-8")
    gm = load_config(path)
    assert gm.imap is not None and gm.imap.password == secret
    copy = config_copy(path, gm, "2026-12-02T03:30:00Z")
    assert secret not in copy.text and secret.split("-")[0] not in copy.text
    assert copy.text.count(PASSWORD_MARKER) == 2  # the header's word, and the value
    assert TOP in copy.text  # the GM's own lines as he wrote them
    again = tmp_path / "again.yaml"
    again.write_text(copy.text, encoding="utf-8")
    read = load_config(again)
    assert read.imap is not None and read.imap.password == PASSWORD_MARKER
    assert copy.left_out == (
        "imap.password: it was written in the config; the copy has LEFT-OUT-OF-BACKUP in its "
        "place: write it back (better: in a password_file, mode 0600)",
    )


def test_a_copy_that_cannot_be_edited_in_place_is_written_afresh(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Should the marker not stand where the password stood (a way of writing YAML the edit
    did not foresee), the config's data is written out again with the markers in place."""
    path = tmp_path / "wtg.yaml"
    path.write_text(TOP + WRITTEN["plain"][0], encoding="utf-8")
    monkeypatch.setattr(configcopy, "_markers_in_place", lambda _text, _written: False)
    copy = config_copy(path, load_config(path), "2026-12-02T03:30:00Z")
    assert "plain-secret-1" not in copy.text
    assert "(written out afresh by the backup: the original's comments are not here)" in copy.text
    again = tmp_path / "again.yaml"
    again.write_text(copy.text, encoding="utf-8")
    read = load_config(again)
    assert read.imap is not None and read.imap.password == PASSWORD_MARKER
    assert read.games_dir == tmp_path / "games"


def test_a_relative_password_file_is_put_back_beside_the_config(tmp_path: Path) -> None:
    """newgm45: a host moved to another folder (or machine) was told to put each password
    file back at the old host's path (`/srv/wtg/imap-password`), where the config put in
    its new place does not read it: a relative password_file is read from the config's own
    folder, and the line says so. One given by its full path is put back there."""
    path = tmp_path / "wtg.yaml"
    path.write_text(
        TOP
        + "imap: {host: h, username: u, password_file: imap-password}\n"
        + f"smtp: {{host: h, username: u, password_file: {tmp_path / 'smtp-password'}}}\n",
        encoding="utf-8",
    )
    for name in ("imap-password", "smtp-password"):
        (tmp_path / name).write_text("secret\n", encoding="utf-8")
        (tmp_path / name).chmod(0o600)
    copy = config_copy(path, load_config(path), "2026-12-02T03:30:00Z")
    assert copy.left_out == (
        f"imap.password_file {tmp_path / 'imap-password'}: the file is not in the backup; put "
        "it back (mode 0600) beside the config, wherever it is put now: the config names it "
        "imap-password, read from the config's own folder",
        f"smtp.password_file {tmp_path / 'smtp-password'}: the file is not in the backup; put "
        "it back (mode 0600)",
    )
