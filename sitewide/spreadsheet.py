"""A cell of a download that a spreadsheet opens safely: no control characters (an XLSX cannot
store them), no text that starts a formula (CSV or formula injection: an apostrophe in front,
as OWASP advises; numbers stay numbers)."""

import re
from typing import Any

#: What a spreadsheet reads as the start of a formula (tab and CR: some strip them first).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
#: Control characters (C0, DEL, C1) but tab, line feed and carriage return.
CONTROL_CHARACTERS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
#: German Excel guesses a CSV's encoding from a byte-order mark.
BOM = "\ufeff"


def safe_cell(value: Any) -> Any:
    """A text cleaned of control characters, an apostrophe in front where it would start a
    formula; anything else as it is.

    >>> safe_cell('=HYPERLINK("http://x")'), safe_cell("An\\x00na"), safe_cell(-12)
    ('\\'=HYPERLINK("http://x")', 'Anna', -12)
    """
    if not isinstance(value, str):
        return value
    value = CONTROL_CHARACTERS.sub("", value)
    return "'" + value if value.startswith(FORMULA_STARTS) else value
