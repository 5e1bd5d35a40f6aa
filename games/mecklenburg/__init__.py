"""Mecklenburg's Fipsen (Ansegger Fips, Duttfips): the web side of the games (their rules:
fipsen_rules; their deals: scoring)."""
