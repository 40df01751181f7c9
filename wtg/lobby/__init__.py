"""The lobby: what players ask of the host by mail (commands), the waiting lists and the
games made from them, seats taken over, and the people across games (``database.py``: one
SQLite file in ``games_dir/.people/``). The mail loop reads and answers the mails
(``wtg.mail.incoming.commands``); the GM's commands are `wtg open-list`, `wtg lists` and `wtg
offer-seat`."""
