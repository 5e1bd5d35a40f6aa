"""The directory's housekeeping: two entries of one player merged into one, a player retired
and taken back. Nothing a player played is deleted by either: a merge moves his registrations
(and with them his seats, deals and points) and writes the merge in the directory's history
(``PlayerMerge``, shown on the player's page); retiring only hides him from the desk."""

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext_lazy as _

from tournaments.models import Player, PlayerMerge, Registration

#: The fields of a player a merge keeps in its history (the name and club have their own).
MERGED_FIELDS = ("contact", "lady", "birth_year", "senior", "youth", "guest", "categories")


def player_merge_check(*, keep: Player, merge: Player) -> None:
    """Whether ``merge`` can be merged into ``keep``.

    :raises ValidationError: the same entry twice (code ``same``), or both were entered for
        the same night (code ``same_night``, the nights named): one person cannot have played
        twice in one night, so they are two people, or one of the entries is wrong there.
    """
    if keep.pk == merge.pk:
        raise ValidationError(_("A player cannot be merged with himself."), code="same")
    shared = (
        Registration.objects.filter(player=keep, tournament__registrations__player=merge)
        .select_related("tournament")
        .order_by("tournament__date", "tournament__pk")
    )
    nights = [
        f"{r.tournament.name} ({date_format(r.tournament.date, 'SHORT_DATE_FORMAT')})"
        for r in shared
    ]
    if nights:
        raise ValidationError(
            _(
                "%(keep)s and %(merge)s are both entered for the same night: %(nights)s. "
                "One person cannot play twice in one night: these are two people, or one of "
                "the entries there is wrong. Nothing is merged."
            ),
            code="same_night",
            params={"keep": keep.name, "merge": merge.name, "nights": ", ".join(nights)},
        )


def player_merge(*, keep: Player, merge: Player, user: Any = None) -> PlayerMerge:
    """Merge the entry ``merge`` into ``keep``: every registration of ``merge`` (his seats,
    deals, points and places follow it) and his earlier merges go to ``keep``; what ``keep``
    lacks (club, contact, year of birth, categories) is taken from ``merge``; the merge is
    written in the directory's history with everything ``merge`` said of himself; then the
    entry ``merge`` is deleted. It cannot be undone.

    The same merge asked again (a second tap, at once or later) answers with the merge done.

    :raises ValidationError: as :func:`player_merge_check`; nothing is changed then.
    """
    with transaction.atomic():
        locked = {
            p.pk: p for p in Player.objects.select_for_update().filter(pk__in=[keep.pk, merge.pk])
        }
        if keep.pk not in locked or merge.pk not in locked:
            return _merge_done(keep, merge, locked)
        kept, merged = locked[keep.pk], locked[merge.pk]
        player_merge_check(keep=kept, merge=merged)
        moved = list(
            Registration.objects.filter(player=merged)
            .select_related("tournament")
            .order_by("tournament__date", "tournament__pk")
        )
        record = PlayerMerge(
            player=kept,
            merged_id=merged.pk,
            merged_name=merged.name,
            merged_club=merged.club,
            merged_fields={field: getattr(merged, field) for field in MERGED_FIELDS},
            nights=[
                {
                    "pk": r.tournament.pk,
                    "name": r.tournament.name,
                    "date": r.tournament.date.isoformat(),
                }
                for r in moved
            ],
            user=user if user is not None and user.is_authenticated else None,
        )
        record.full_clean()
        Registration.objects.filter(player=merged).update(player=kept)
        PlayerMerge.objects.filter(player=merged).update(player=kept)
        _fields_completed(kept, merged)
        merged.delete()
        kept.full_clean()
        kept.save()
        record.save()
    keep.refresh_from_db()
    return record


def _merge_done(keep: Player, merge: Player, locked: dict[int, Player]) -> PlayerMerge:
    """The same merge asked again (tapped twice): the merge done. Anything else is gone.

    :raises ValidationError: either entry is gone, and not by this merge.
    """
    done = PlayerMerge.objects.filter(player=keep, merged_id=merge.pk).first()
    if keep.pk not in locked or done is None:
        raise ValidationError(_("This player is no longer in the directory."), code="gone")
    return done


def _fields_completed(kept: Player, merged: Player) -> None:
    """What the kept entry lacks, taken from the other: his club, contact and year of birth
    where blank, a category either has, the club's own categories of both (as far as they fit);
    still in the directory when either was."""
    for field in ("club", "contact", "birth_year"):
        if not getattr(kept, field) and getattr(merged, field):
            setattr(kept, field, getattr(merged, field))
    for field in ("lady", "senior", "youth", "guest"):
        setattr(kept, field, getattr(kept, field) or getattr(merged, field))
    own = [name.strip() for name in kept.categories.split(",") if name.strip()]
    for name in merged.categories.split(","):
        if name.strip() and name.strip().casefold() not in {n.casefold() for n in own}:
            own.append(name.strip())
    both = ", ".join(own)
    if len(both) <= Player._meta.get_field("categories").max_length:  # type: ignore[operator]
        kept.categories = both
    if merged.retired_at is None:
        kept.retired_at = None


def player_retire(*, player: Player) -> Player:
    """Retire a player: hidden from the desk, the lists to tick and the import's matches, shown
    apart in the directory. Nothing he played changes; :func:`player_reinstate` takes him back."""
    with transaction.atomic():
        Player.objects.filter(pk=player.pk, retired_at__isnull=True).update(
            retired_at=timezone.now()
        )
    player.refresh_from_db()
    return player


def player_reinstate(*, player: Player) -> Player:
    """Take a retired player back into the directory ("Wieder aufnehmen")."""
    Player.objects.filter(pk=player.pk).update(retired_at=None)
    player.refresh_from_db()
    return player
