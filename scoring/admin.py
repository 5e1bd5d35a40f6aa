"""Admin pages for scoring: filled when it has models."""
