"""Players, tournaments, registration, check-in, tables, seats, the draw; organiser accounts."""
