"""The games the app plays, a package each: its choice on the new-tournament form, its pages,
words, demo, statistics and paper help (``game.py`` declares them: ``GAMES``), and, for a game
played on pages of its own, its models, views and templates. Its rules stay in the rules
library (``fipsen_rules``). Nothing outside a game's package names a game
(tests/project/test_rule_names.py)."""
