"""What a mail that came in gets: orders filed and confirmed (``answers.py``), commands
handed to the lobby (``commands.py``), a bounce read (``bounce.py``), or no answer at all
(``noreply.py``: auto-replies, lists, limits; ``setaside.py``: orders kept for the GM)."""
