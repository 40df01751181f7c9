"""`wtg poll` and `wtg poll --idle`: the inbox's mails taken oldest first, each handled
(``poller.py``) within its time limit, shared out to helper processes when there are many
(``processes.py``, ``workers.py``, ``sharing.py``), and what the poll did summed up."""
