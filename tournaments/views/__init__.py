"""The app's pages, one module per part of the night: account (start page, login),
players (the directory), night (tournament, registration and check-in),
tables (the draw, the start, the tables), files (PDF jobs)."""
