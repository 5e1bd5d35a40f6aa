"""The deal form's tiles as HTML (scoring/forms.py builds them): big radio buttons and
checkboxes in groups, made here rather than through each widget's template, since the captain's
screen renders them on every save."""

from dataclasses import dataclass

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString


@dataclass(frozen=True)
class Tile:
    """One tap target of the deal form: a radio button or a checkbox with its label."""

    name: str
    id: str
    value: str
    label: str
    checked: bool
    invalid: bool = False


@dataclass(frozen=True)
class TileGroup:
    """A row of tiles under its legend: who, what, doubles, result."""

    key: str
    legend: str
    input_type: str
    tiles: tuple[Tile, ...]
    invalid: bool


#: The tile groups whose legend is not shown (see tiles_html).
_QUIET = ("doubles", "calls", "result")


def tiles_html(groups: tuple[TileGroup, ...]) -> SafeString:
    return format_html_join(
        "\n",
        '<fieldset class="tiles tiles-{}{}"><legend{}>{}</legend>{}</fieldset>',
        (
            (
                group.key,
                " field-invalid" if group.invalid else "",
                # Hand, Ruten, Durch and won, lost, surrendered name themselves: their legends
                # are read out but not shown, which keeps the whole deal on the first screen.
                format_html(' class="{}"', "visually-hidden") if group.key in _QUIET else "",
                group.legend,
                format_html_join(
                    "",
                    '<input class="tile-input" type="{}" name="{}" id="{}"{}{}>'
                    '<label class="tile tile-{}{}" for="{}">{}</label>',
                    (
                        (
                            group.input_type,
                            tile.name,
                            tile.id,
                            format_html(' value="{}"', tile.value)
                            if group.input_type == "radio"
                            else "",
                            " checked" if tile.checked else "",
                            tile.value,
                            " tile-invalid" if tile.invalid else "",
                            tile.id,
                            tile.label,
                        )
                        for tile in group.tiles
                    ),
                ),
            )
            for group in groups
        ),
    )
