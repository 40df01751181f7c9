"""Every mail the host sends: composed (``compose.py``), queued in the outbox
(``outbox.py``), signed (``dkimsign.py``) and delivered by `wtg send` (``sender.py``); the
reports' pictures, the GM's notices to players and the GM's daily digest."""
