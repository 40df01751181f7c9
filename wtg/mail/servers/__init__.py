"""The mail servers: the inbox (IMAP or a maildir, ``inbox.py``), the SMTP transport
(``transport.py``), their logins (OAuth2 and its first tokens) and TLS, and what `wtg
check-config` finds when it tries them (``probe.py``)."""
