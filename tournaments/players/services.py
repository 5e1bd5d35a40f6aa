"""The player directory: adding and changing players, importing them from a CSV file."""

from collections.abc import Collection
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from tournaments.models import Player
from tournaments.players.csv_import import CsvContent, CsvRow, players_csv_read
from tournaments.players.names import player_name_key
from tournaments.players.selectors import player_likely_duplicates
from tournaments.services.common import directory_lock, one_line


def player_create(
    *,
    name: str,
    club: str = "",
    contact: str = "",
    lady: bool = False,
    birth_year: int | None = None,
    senior: bool = False,
    youth: bool = False,
    guest: bool = False,
    categories: str = "",
    known_duplicates: Collection[int] | None = None,
) -> Player:
    """Add a player to the directory, with his categories for the prize list.

    With ``known_duplicates`` (the players with a like name the form saw, and the organiser
    confirmed as other people), the name is checked again while the directory is held: a like
    name added meanwhile (the same walk-in typed at two desks, a tap sent twice) is refused.

    :raises ValidationError: on a missing or too long field; code ``likely_duplicate``.
    """
    player = Player(name=one_line(name), club=one_line(club), contact=one_line(contact))
    _categories_set(player, lady, birth_year, senior, youth, guest, categories)
    player.name_key = player_name_key(player.name)
    player.full_clean()
    with transaction.atomic():
        _require_no_new_duplicate(player, known_duplicates)
        player.save()
    return player


def _require_no_new_duplicate(player: Player, known: Collection[int] | None) -> None:
    """Hold the directory; refuse a name like one added since the form checked it."""
    directory_lock()
    if known is None:
        return
    added = [
        other
        for other in player_likely_duplicates(name=player.name, exclude_pk=player.pk)
        if other.pk not in known
    ]
    if added:
        raise ValidationError(
            _("A player with a name like this is in the directory already: see below."),
            code="likely_duplicate",
        )


def player_update(
    *,
    player: Player,
    name: str,
    club: str,
    contact: str,
    lady: bool | None = None,
    birth_year: int | None = None,
    senior: bool | None = None,
    youth: bool | None = None,
    guest: bool | None = None,
    categories: str | None = None,
    known_duplicates: Collection[int] | None = None,
) -> Player:
    """Change a player of the directory; a category given as None stays as it is (a year
    of birth given as None stays too: clear it with 0). A new name is checked again as in
    :func:`player_create`."""
    renamed = player_name_key(one_line(name)) != player.name_key
    player.name = one_line(name)
    player.club = one_line(club)
    player.contact = one_line(contact)
    _categories_set(player, lady, birth_year, senior, youth, guest, categories)
    player.name_key = player_name_key(player.name)
    player.full_clean()
    with transaction.atomic():
        _require_no_new_duplicate(player, known_duplicates if renamed else None)
        player.save()
    return player


def _categories_set(
    player: Player,
    lady: bool | None,
    birth_year: int | None,
    senior: bool | None,
    youth: bool | None,
    guest: bool | None,
    categories: str | None,
) -> None:
    given = {"lady": lady, "senior": senior, "youth": youth, "guest": guest}
    for field, value in given.items():
        if value is not None:
            setattr(player, field, value)
    if birth_year is not None:
        player.birth_year = birth_year or None
    if categories is not None:
        player.categories = ", ".join(
            " ".join(name.split()) for name in categories.split(",") if name.strip()
        )


@dataclass(frozen=True)
class PlayersImported:
    players: list[Player]
    #: Rows whose player (same name and club, folded) is in the directory already: left out.
    skipped: list[CsvRow]

    @property
    def count(self) -> int:
        return len(self.players)


def players_import_csv(*, data: bytes) -> PlayersImported:
    """Add the players of a CSV file to the directory: all the new ones, or none.

    The file: UTF-8 (with or without BOM) or Windows-1252, fields separated by ";", "," or tab,
    a header naming the columns (Name, Verein/Club, Kontakt/Contact; any order and case).
    A player already in the directory (the same name and club, folded) is skipped: a list
    exported last year and imported again adds the new players only. A row is bad when its
    name is missing, a field is too long, or the same name with the same club is on an earlier
    line of the file.

    :raises ValidationError: the file cannot be read (one error), or it has bad rows: then one
        error per problem, each with ``params["line"]``, in the order of the lines.
    """
    content = players_csv_read(data)
    # Every row is checked before the write starts: on SQLite a write transaction holds the
    # lock of the whole database, and the captains' saves wait for it (issue 18: 50,000 rows
    # checked inside it held it for 48 s). Inside, only a fresh look at the directory and one
    # insert in batches.
    candidates, skipped = _rows_checked(content, known=_directory_keys())
    with transaction.atomic():
        directory_lock()
        known = _directory_keys()  # another import may have added some meanwhile
        players = []
        for same, row, player in candidates:
            if same in known:
                skipped.append(row)
            else:
                players.append(player)
        skipped.sort(key=lambda row: row.line)
        return PlayersImported(
            players=Player.objects.bulk_create(players, batch_size=IMPORT_BATCH), skipped=skipped
        )


_Candidate = tuple[tuple[str, str], CsvRow, Player]


def _rows_checked(
    content: CsvContent, *, known: set[tuple[str, str]]
) -> tuple[list[_Candidate], list[CsvRow]]:
    """The new players of the file (each with its folded name and club, and its row) and the
    rows of players ``known`` already.

    :raises ValidationError: the file's bad rows, one error each, in the order of the lines.
    """
    errors = list(content.errors)
    first_lines: dict[tuple[str, str], int] = {}
    candidates: list[_Candidate] = []
    skipped: list[CsvRow] = []
    for row in content.rows:
        same = (player_name_key(row.name), player_name_key(row.club))
        if same in known:
            skipped.append(row)
        elif same in first_lines:
            errors.append(
                ValidationError(
                    _("Line %(line)s: %(name)s is on line %(first)s already."),
                    code="repeated",
                    params={
                        "line": row.line,
                        "name": row.name,
                        "club": row.club,
                        "first": first_lines[same],
                    },
                )
            )
        else:
            first_lines[same] = row.line
            candidates.append((same, row, _player_of_row(row, errors)))
    if errors:
        errors.sort(key=lambda error: error.params["line"] if error.params else 0)
        raise ValidationError(errors)
    return candidates, skipped


#: Rows inserted per statement (SQLite takes at most 32,766 parameters in one).
IMPORT_BATCH = 1000


def _directory_keys() -> set[tuple[str, str]]:
    """Each player of the directory as (name, club), both folded: what counts as the same."""
    return {
        (name_key, player_name_key(club))
        for name_key, club in Player.objects.values_list("name_key", "club")
    }


def _player_of_row(row: CsvRow, errors: list[ValidationError]) -> Player:
    """The (unsaved) player of a row; its problems, each with the row's line, go to ``errors``."""
    player = Player(
        name=row.name,
        club=row.club,
        contact=row.contact,
        lady=row.lady,
        birth_year=row.birth_year,
        senior=row.senior,
        youth=row.youth,
        guest=row.guest,
        categories=row.categories,
    )
    player.name_key = player_name_key(row.name)
    try:
        # The fields' validators say what the table's check constraints say (their lengths),
        # without a query per row for each constraint; the database still holds them.
        player.full_clean(validate_constraints=False)
    except ValidationError as error:
        errors.extend(
            ValidationError(
                _("Line %(line)s: %(problem)s"),
                code="invalid",
                params={"line": row.line, "problem": problem},
            )
            for problem in error.messages
        )
    return player
