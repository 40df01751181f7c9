"""What the mail loop keeps in its spool: the journal (``journal.py``: mails handled, replies
sent, mails set aside, with what the poll did with each, ``outcome.py``), one poll and one
send at a time (``runlock.py``), the copies a flood leaves, the spool's size, and the games
a poll files for, found by name or address (``hostgames.py``)."""
