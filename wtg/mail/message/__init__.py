"""One mail read: its text and the AOF in it whatever the client made of it
(``extract.py``, HTML as text ``htmltext.py``), the name its From shows, our pictures'
names, and the mark that knows it again as a copy (``mailcopy.py``)."""
