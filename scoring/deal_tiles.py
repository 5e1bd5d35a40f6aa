"""The deal form's tiles as HTML (scoring/forms.py builds them): big radio buttons and
checkboxes in groups, and a rule set's numbers (a bid) as a large number box between a minus
and a plus, made here rather than through each widget's template, since the captain's screen
renders them on every save."""

from dataclasses import dataclass

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext


@dataclass(frozen=True)
class Tile:
    """One tap target of the deal form: a radio button or a checkbox with its label."""

    name: str
    id: str
    value: str
    label: str
    checked: bool
    invalid: bool = False
    #: Tapped on the captain's new deal, it saves the deal at once (static/js/tile-toggle.js).
    saves: bool = False


@dataclass(frozen=True)
class TileGroup:
    """A row of tiles under its legend: who, what, doubles, result."""

    key: str
    legend: str
    input_type: str
    tiles: tuple[Tile, ...]
    invalid: bool


@dataclass(frozen=True)
class NumberBox:
    """A number of the rule set's vocabulary (a bid): typed on the phone's digit pad, or
    stepped by one with the buttons beside it (static/js/tile-toggle.js)."""

    name: str
    id: str
    legend: str
    value: str
    minimum: int
    maximum: int
    invalid: bool
    #: The values a step goes through, space-separated (Skat's bids); "": every number.
    steps: str = ""


#: The tile groups whose legend is not shown (see tiles_html).
_QUIET = ("doubles", "calls", "result")


def tiles_html(groups: tuple[TileGroup | NumberBox, ...]) -> SafeString:
    return format_html_join(
        "\n",
        "{}",
        ((_number_html(g) if isinstance(g, NumberBox) else _group_html(g),) for g in groups),
    )


def _number_html(box: NumberBox) -> SafeString:
    return format_html(
        '<fieldset class="tiles tiles-number{}"><legend><label for="{}">{}</label></legend>'
        '<button type="button" class="step" data-step-for="{}" data-step="-1" aria-label="{}">'
        "−</button>"
        '<input class="number-input" type="number" inputmode="numeric" name="{}" id="{}" '
        'value="{}" min="{}" max="{}"{}>'
        '<button type="button" class="step" data-step-for="{}" data-step="1" aria-label="{}">'
        "+</button></fieldset>",
        " field-invalid" if box.invalid else "",
        box.id,
        box.legend,
        box.id,
        gettext("One less"),
        box.name,
        box.id,
        box.value,
        box.minimum,
        box.maximum,
        format_html(' data-steps="{}"', box.steps) if box.steps else "",
        box.id,
        gettext("One more"),
    )


def _group_html(group: TileGroup) -> SafeString:
    return format_html(
        '<fieldset class="tiles tiles-{}{}"><legend{}>{}</legend>{}</fieldset>',
        group.key,
        " field-invalid" if group.invalid else "",
        # Hand, Ruten, Durch and won, lost, surrendered name themselves: their legends are
        # read out but not shown, which keeps the whole deal on the first screen.
        format_html(' class="{}"', "visually-hidden") if group.key in _QUIET else "",
        group.legend,
        format_html_join(
            "",
            '<input class="tile-input" type="{}" name="{}" id="{}"{}{}{}>'
            '<label class="tile tile-{}{}" for="{}">{}</label>',
            (
                (
                    group.input_type,
                    tile.name,
                    tile.id,
                    format_html(' value="{}"', tile.value) if group.input_type == "radio" else "",
                    " checked" if tile.checked else "",
                    " data-saves" if tile.saves else "",
                    tile.value,
                    " tile-invalid" if tile.invalid else "",
                    tile.id,
                    tile.label,
                )
                for tile in group.tiles
            ),
        ),
    )
