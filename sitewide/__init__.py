"""What every app of the site shares, below them all: who may see the organiser's pages and
where a page may send him back to (``access``), how an app names its pages' URLs
(``url_helpers``), a consistent copy of the whole database and putting one back (``backup``,
with its JSON to the microsecond, ``exact_json``).

It imports no app of ours and not the project (``preisfipsen``): the apps build on it, the
project wires them together (tests/project/test_layering.py).
"""
