"""The season: a club's nights ranked together by its own rules (issue 20)."""
