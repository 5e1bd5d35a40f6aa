"""Großenaspe Fipsen: the web side of the game (its rules: fipsen_rules; its deals: scoring)."""
