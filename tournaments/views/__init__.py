"""The app's pages, one module per part of the night: account (start page, login),
players (the directory), night (tournament, registration, draw, tables), files (PDF jobs)."""
