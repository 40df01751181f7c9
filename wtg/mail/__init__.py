"""The mail loop, in six rooms, each importing only from those below it: ``poll`` (`wtg
poll`: the inbox emptied, each mail handled, helper processes for many), ``incoming`` (what
a mail gets: an answer to its orders or commands, or none), ``outgoing`` (every mail we
send: composed, queued in the outbox, signed and delivered by `wtg send`; notices, the
digest), ``servers`` (the IMAP and SMTP connections, their logins and checks),
``message`` (a mail read: its text, its From, whether it is a copy) and ``spool`` (what the
loop keeps on disk: the journal, the run lock, the games it files for)."""
