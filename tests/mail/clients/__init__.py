"""Replies written by real mail clients, and by hand after the ones that cannot run here.

A GM's table (``table``) makes a WoK IV game with `wtg new-game` and mails the turn 0 report
with `wtg send` on the maildir transport. A real client (``drivers``) opens that report and
replies to it the way a player does; the player's typing is done by an editor script
(``editor``, following ``player``) and the client hands the finished mail to a
sendmail-compatible script that keeps its bytes. The tests drop the reply into the game's
inbox, run `wtg poll` and compare the order file with the orders the player typed.

``python -m tests.mail.clients.record`` runs every client installed and writes its replies
to ``fixtures/<client>-<shape>.eml``; the other fixtures there are written by hand after what
Thunderbird, Outlook, Gmail, Apple Mail, a phone and an autoresponder really send.
"""
