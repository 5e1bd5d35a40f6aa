"""What the season prints, told to the printing app."""


def register() -> None:
    """Register the season's kinds of file."""
