"""Helpers of the night file's tests (scoring.night_file.transfer and every app's rows in it)."""

from typing import Any


def without_accounts(data: Any) -> Any:
    """The exported night as it reads after an import: a history line of a file is never given
    to an account here (tournaments.night_rows.history_read), so who made it is gone."""
    if isinstance(data, list):
        return [without_accounts(item) for item in data]
    if not isinstance(data, dict):
        return data
    return {key: None if key == "user" else without_accounts(value) for key, value in data.items()}


def night_scaled(data: dict[str, Any], copies: int) -> dict[str, Any]:
    """An exported night (``data``) made ``copies`` times as large: every table again with its
    own number and its own players (named "… 2", "… 3"), their deals and history as they
    were. A valid night's file, for the tests and the bench of a large night."""
    players, registrations, tables = [], [], []
    people, seats = len(data["players"]), len(data["registrations"])
    numbers = max((table["number"] for table in data["tables"]), default=0)
    for copy in range(copies):
        suffix = f" {copy + 1}" if copy else ""
        players += [
            {**p, "key": p["key"] + copy * people, "name": p["name"] + suffix}
            for p in data["players"]
        ]
        registrations += [
            {**r, "key": r["key"] + copy * seats, "player": r["player"] + copy * people}
            for r in data["registrations"]
        ]
        tables += [
            {
                **table,
                "number": table["number"] + copy * numbers,
                "seats": [
                    {**seat, "registration": seat["registration"] + copy * seats}
                    for seat in table["seats"]
                ],
            }
            for table in data["tables"]
        ]
    return {**data, "players": players, "registrations": registrations, "tables": tables}
