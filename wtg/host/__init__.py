"""Everything across the games of a host: the GM's config (and its schema), the scan of the
games folder, the games due and their run (``run-turn --due``, held back when the mail
poll has been failing: ``pollhealth``), a new host's folders, the GM's announcement to
many games, how finished games came out and the ratings they make, and the cores a
command may use."""
