"""Helpers of the night file's tests (scoring.night_transfer and every app's rows in it)."""

from typing import Any


def without_accounts(data: Any) -> Any:
    """The exported night as it reads after an import: a history line of a file is never given
    to an account here (tournaments.night_rows.history_read), so who made it is gone."""
    if isinstance(data, list):
        return [without_accounts(item) for item in data]
    if not isinstance(data, dict):
        return data
    return {key: None if key == "user" else without_accounts(value) for key, value in data.items()}
