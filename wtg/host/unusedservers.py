"""A config whose mail servers are written but not used: `transport: maildir` left as
`wtg init` wrote it, under the `imap:` and `smtp:` sections the GM filled in. Every check
passed (`check-config` logged in to both), the poll read the empty folder of the maildir
transport while the players' mail waited on the IMAP server, and the send put each report
into a folder of the machine, marked sent: no player got one, nobody was told.

The sections are read only with `transport: imap`; a config on the maildir transport that
has them is said as a slip, with the line to write. A config with no `transport:` line is on
the maildir transport when it has no `imap:` section: its `smtp:` section is said the same
way, as the line it lacks, not one it does not have."""

from __future__ import annotations

from wtg.host.config import GmConfig


def servers_unused(gm: GmConfig) -> str | None:
    """Why ``gm``'s servers go unused: it sends and reads by the maildir transport, and
    writes an ``imap:`` or ``smtp:`` section; None otherwise."""
    if gm.transport != "maildir" or (gm.imap is None and gm.smtp is None):
        return None
    where = f" in {gm.file}" if gm.file is not None else ""
    sections = " and ".join(
        f"{key}: ({server.host}:{server.port})"
        for key, server in (("imap", gm.imap), ("smtp", gm.smtp))
        if server is not None
    )
    inbox = (
        f"the poll reads the folder {gm.maildir_in}, not the IMAP mailbox where the players' "
        "mail arrives, and "
        if gm.imap is not None
        else ""
    )
    written = (
        f"transport: maildir{where}"
        if gm.transport_written
        else f"no transport: line{where}, so the transport is maildir (the default without an "
        "imap: section)"
    )
    imap_too = (
        ""
        if gm.imap is not None
        else ", and an imap: section for the mailbox the players' mail comes to,"
    )
    return (
        f"{written}, under its {sections} "
        f"{'sections, which are' if ' and ' in sections else 'section, which is'} read only "
        f"with transport: imap: {inbox}the send puts each mail into the folder "
        f"{gm.maildir_out}, where no player gets it. Write transport: imap in it{imap_too} to "
        "play by the servers (`wtg check-config` tries them); transport: maildir is for trying "
        f"wtg with files alone, {'the sections' if ' and ' in sections else 'the section'} "
        "commented out"
    )
