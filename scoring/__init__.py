"""Deals, corrections and their history, standings, prizes, scoresheets, PDFs and their jobs."""
