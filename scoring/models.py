"""Deals, corrections, standings: filled by the scoring issues."""
