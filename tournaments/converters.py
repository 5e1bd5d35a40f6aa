"""Path converters of the app's URLs."""


class IdConverter:
    """A row's id in a path (``<id:pk>``): like ``<int:…>``, but at most 18 digits, so that it
    fits the database's integers (SQLite raised OverflowError on a longer one: a 500); a
    longer number matches no URL, a 404."""

    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


class TokenConverter:
    """A link's secret in a path (``<token:token>``): ``secrets.token_urlsafe``'s alphabet,
    within the column's 64 characters. Anything else (a NUL, which PostgreSQL cannot even
    compare, a space, a letter with an accent) matches no URL: a 404."""

    regex = "[A-Za-z0-9_-]{1,64}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value
