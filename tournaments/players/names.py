"""Names as the directory compares them: folded for search, sorting and duplicates."""

import unicodedata

#: Player.name_key's max_length.
NAME_KEY_LENGTH = 200

_FOLDS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})


def player_name_key(name: str) -> str:
    """The name folded for search and duplicates: "Müller,  Hans" → "mueller hans".

    Umlauts fold the way Germans spell them without (ü = ue); other accents are dropped.
    """
    folded = " ".join(name.replace(",", " ").split()).casefold().translate(_FOLDS)
    decomposed = unicodedata.normalize("NFKD", folded)
    key = "".join(c for c in decomposed if not unicodedata.combining(c))
    # Compatibility forms can grow a lot ("ﷺ" alone unfolds to 18 letters): the column's size.
    return key[:NAME_KEY_LENGTH]


def family_name_key(name: str) -> tuple[str, str]:
    """The name folded for a printed list, read by family name: the family name first (the
    last word, or what stands before a comma), then the rest.

    >>> family_name_key("Hans Müller")
    ('mueller', 'hans')
    >>> family_name_key("Müller, Hans")
    ('mueller', 'hans')
    >>> family_name_key("Karl-Heinz von der Heide")
    ('heide', 'karl-heinz von der')
    """
    if "," in name:
        family, _, given = name.partition(",")
    else:
        given, _, family = name.strip().rpartition(" ")
    return player_name_key(family), player_name_key(given)
