"""The night as one journey: the tournament's home, its navigation, the start page."""

from html.parser import HTMLParser
from urllib.parse import urlsplit

import pytest
from django.test import Client
from django.urls import Resolver404, resolve, reverse

from fipsen_rules import Game
from printing.models import GeneratedFile
from scoring import services as scoring_services
from scoring.models import Deal
from scoring.night.journey import NightFigures, StepKey, current_step
from tests.factories import UserFactory
from tests.scoring.helpers import enter, playing_table
from tests.tournaments.night_helpers import night
from tournaments import services
from tournaments.desk.services import registration_check_in
from tournaments.draw.services import tournament_draw
from tournaments.models import Tournament
from tournaments.printing_kinds import TABLE_CARDS, owner_of_tournament

pytestmark = pytest.mark.django_db

#: Every organiser page of a tournament, in the navigation's order.
NAV_PAGES = [
    "night:home",
    "tournaments:night",
    "tournaments:tables",
    "scoring:dashboard",
    "scoring:standings",
    "scoring:prizes",
    "scoring:cash",
    "scoring:board",
    "night:print",
    "tournaments:tournament_rules",
    "night:history",
]


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []
        self.current: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "a" and found.get("href"):
            self.hrefs.append(str(found["href"]))
            if found.get("aria-current") == "page":
                self.current.append(str(found["href"]))


def links(html: str) -> _Links:
    parser = _Links()
    parser.feed(html)
    return parser


def organiser(client: Client) -> Client:
    client.force_login(UserFactory(is_staff=True))
    return client


def tournament_page(href: str, tournament: Tournament) -> str | None:
    """The view name of a link to a page of this tournament, else None."""
    parts = urlsplit(href)
    if parts.netloc or not parts.path.startswith("/"):
        return None
    try:
        match = resolve(parts.path)
    except Resolver404:
        return None
    ours = match.kwargs.get("pk") == tournament.pk
    board = match.kwargs.get("token") == tournament.board_token  # the board's secret address
    return match.view_name if ours or board else None


def page_url(name: str, tournament: Tournament) -> str:
    """The address of the tournament's page ``name``; the board's is its secret token."""
    key = tournament.board_token if name == "scoring:board" else tournament.pk
    return reverse(name, args=[key])


def test_the_organiser_reaches_every_page_of_the_tournament_within_two_links(
    client: Client,
) -> None:
    tournament = playing_table(deals=10).tournament
    organiser(client)
    start = links(client.get(reverse("tournaments:home")).content.decode()).hrefs
    home = reverse("night:home", args=[tournament.pk])
    assert home in start

    reached: dict[str, int] = {}
    frontier = [home]
    for depth in (1, 2):
        following = []
        for url in frontier:
            response = client.get(url)
            assert response.status_code == 200, url
            for href in links(response.content.decode()).hrefs:
                name = tournament_page(href, tournament)
                if name is not None and name not in reached:
                    reached[name] = depth
                    following.append(href)
        frontier = following

    one_link = sorted(name for name, depth in reached.items() if depth == 1)
    two_links = sorted(name for name, depth in reached.items() if depth == 2)
    # The home's finish step is a button from the start of play (its GET only asks); the
    # Generalprobe is linked from the home's list of the tables' phones (and the progress page).
    assert one_link == sorted([*NAV_PAGES, "scoring:finish", "scoring:rehearsal"])
    # A table's sheet, the confirmation pages of the steps of play (their GET only asks), and the
    # night as one file from the print page.
    assert two_links == sorted(
        [
            "night:export",
            "scoring:organiser_sheet",
            "scoring:table_end",
            "tournaments:leave",
            "tournaments:reissue_link",
            "tournaments:teams",  # from the standings and the prizes
            "tournaments:tournament_edit",  # the rules page's "Ändern"
        ]
    )


@pytest.mark.parametrize("page", [name for name in NAV_PAGES if name != "scoring:board"])
def test_every_page_links_to_every_other_and_marks_itself(client: Client, page: str) -> None:
    tournament = playing_table(deals=10).tournament
    url = reverse(page, args=[tournament.pk])
    found = links(organiser(client).get(url).content.decode())
    for other in NAV_PAGES:
        assert page_url(other, tournament) in found.hrefs, other
    assert found.current == [url]


def test_the_board_is_left_out_of_the_navigation_when_switched_off(client: Client) -> None:
    tournament = playing_table(deals=10, board_enabled=False).tournament
    html = organiser(client).get(reverse("night:home", args=[tournament.pk])).content.decode()
    assert page_url("scoring:board", tournament) not in links(html).hrefs


# The home's next step


def home_page(client: Client, tournament: Tournament) -> str:
    return organiser(client).get(reverse("night:home", args=[tournament.pk])).content.decode()


def current_label(html: str) -> str:
    """The text of the highlighted step."""
    start = html.index('aria-current="step">') + len('aria-current="step">')
    return " ".join(html[start : html.index("</li>", start)].split())


def next_button(html: str) -> str:
    start = html.index('class="button button-large journey-next" href="')
    return html[start:].split('"')[3]


def drawn(present: int = 8, absent: int = 0) -> Tournament:
    tournament = night(present=present, absent=absent)
    return tournament_draw(tournament=tournament, seed=11)


def cards_printed(tournament: Tournament) -> None:
    GeneratedFile.objects.create(
        owner=owner_of_tournament(tournament),
        kind=TABLE_CARDS,
        filename="tischkarten.pdf",
        expires_at=tournament.drawn_at,
    )


def test_setup_with_players_missing_shows_the_count_and_sends_to_check_in(client: Client) -> None:
    tournament = night(present=3, absent=10)
    html = home_page(client, tournament)
    assert current_label(html) == "3 von 13 da"
    assert next_button(html) == reverse("tournaments:night", args=[tournament.pk])
    assert "Spieler anmelden" in html
    for later in ("Tische auslosen", "Tischkarten drucken", "Spielbeginn"):
        assert later in html


def test_setup_with_everyone_present_offers_the_draw(client: Client) -> None:
    tournament = night(present=8)
    html = home_page(client, tournament)
    assert current_label(html) == "Tische auslosen"
    # Straight to the draw's confirmation, not to the desk (one click less).
    assert next_button(html) == reverse("tournaments:draw", args=[tournament.pk])


def test_drawn_without_table_cards_offers_to_print_them(client: Client) -> None:
    tournament = drawn()
    html = home_page(client, tournament)
    assert current_label(html) == "Tischkarten drucken"
    assert next_button(html) == reverse("night:print", args=[tournament.pk])
    assert html.count('class="journey-mark"') == 2  # check-in and draw are done


def test_drawn_with_table_cards_printed_offers_the_start(client: Client) -> None:
    tournament = drawn()
    cards_printed(tournament)
    html = home_page(client, tournament)
    assert current_label(html) == "Spielbeginn"
    assert next_button(html) == reverse("tournaments:start", args=[tournament.pk])


def test_drawn_but_check_ins_changed_asks_for_the_draw_again(client: Client) -> None:
    tournament = drawn(present=8, absent=1)
    cards_printed(tournament)
    late = tournament.registrations.get(checked_in_at__isnull=True)
    registration_check_in(registration=late, present=True)
    html = home_page(client, tournament)
    assert current_label(html) == "Tische auslosen"
    assert next_button(html) == reverse("tournaments:draw", args=[tournament.pk])


def test_playing_shows_the_deals_played_and_the_progress(client: Client) -> None:
    table = playing_table(deals=3)
    enter(table, 0, "2 gewonnen")
    enter(table, None, "alle gepasst")  # a passed deal does not count
    html = home_page(client, table.tournament)
    assert current_label(html) == "1 von 3 Spielen gespielt"
    assert next_button(html) == reverse("scoring:dashboard", args=[table.tournament_id])


def test_playing_with_every_deal_played_offers_to_finish(client: Client) -> None:
    table = playing_table(deals=2)
    enter(table, 0, "2 gewonnen")
    enter(table, 1, "3 verloren")
    assert Deal.objects.filter(table=table).count() == 2
    html = home_page(client, table.tournament)
    assert current_label(html) == "Turnier beenden"
    assert next_button(html) == reverse("scoring:finish", args=[table.tournament_id])


def test_playing_with_a_table_unfinished_still_offers_the_finish_as_a_button(
    client: Client,
) -> None:
    """The finish step is never plain grey text once play has started: its confirmation page
    names the tables still playing."""
    table = playing_table(deals=3)
    enter(table, 0, "2 gewonnen")
    html = home_page(client, table.tournament)
    finish = reverse("scoring:finish", args=[table.tournament_id])
    assert f'class="button button-secondary journey-finish" href="{finish}"' in html
    assert next_button(html) == reverse("scoring:dashboard", args=[table.tournament_id])


def test_before_play_the_finish_step_is_no_button(client: Client) -> None:
    html = home_page(client, drawn())
    assert "journey-finish" not in html


def test_tables_ended_early_show_the_deals_played_of_those_planned(client: Client) -> None:
    table = playing_table(deals=3)
    enter(table, 0, "2 gewonnen")
    scoring_services.table_end_early(table=table, reason="Zeit", user=None)
    html = home_page(client, table.tournament)
    assert "1 von 3 Spielen gespielt · 1 Tisch vorzeitig beendet" in html
    assert current_label(html) == "Turnier beenden"


def test_finishing_lands_on_the_standings(client: Client) -> None:
    table = playing_table(deals=1)
    enter(table, 0, "2 gewonnen")
    response = organiser(client).post(
        reverse("scoring:finish", args=[table.tournament_id]), {"confirm": "yes"}
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("scoring:standings", args=[table.tournament_id])


def test_finished_leads_to_the_ranking_and_prizes(client: Client) -> None:
    table = playing_table(deals=2)
    tournament = services.tournament_finish(tournament=table.tournament)
    html = home_page(client, tournament)
    assert current_label(html) == "Rangliste und Preise"
    assert next_button(html) == reverse("scoring:standings", args=[tournament.pk])
    assert html.count('class="journey-mark"') == 6
    assert f'href="{reverse("scoring:reopen", args=[tournament.pk])}"' in html


@pytest.mark.parametrize(
    ("figures", "step"),
    [
        (NightFigures("registration", registered=13, present=3, seatable=True), StepKey.CHECK_IN),
        (NightFigures("registration", registered=2, present=2, seatable=False), StepKey.CHECK_IN),
        (NightFigures("registration", registered=9, present=9, seatable=True), StepKey.DRAW),
        (NightFigures("drawn", draw_stale=True, cards_printed=True), StepKey.DRAW),
        (NightFigures("drawn"), StepKey.PRINT_CARDS),
        (NightFigures("drawn", cards_printed=True), StepKey.START),
        (NightFigures("playing", deals_played=99, deals_total=100), StepKey.PLAY),
        (NightFigures("playing", deals_played=100, deals_total=100), StepKey.FINISH),
        (NightFigures("finished"), StepKey.RESULTS),
    ],
)
def test_the_current_step(figures: NightFigures, step: StepKey) -> None:
    assert current_step(figures) == step


# The start page


def homes_listed(client: Client) -> list[str]:
    """The tournaments' homes the start page links to, in its order."""
    html = organiser(client).get(reverse("tournaments:home")).content.decode()
    return [href for href in links(html).hrefs if href.endswith("/home/")]


def test_the_start_page_lists_the_tournament_in_play_first(client: Client) -> None:
    playing = playing_table(deals=2).tournament
    later = night(present=0)
    Tournament.objects.filter(pk=later.pk).update(date=playing.date.replace(year=2027))
    assert homes_listed(client) == [
        reverse("night:home", args=[playing.pk]),
        reverse("night:home", args=[later.pk]),
    ]
    assert client.get(reverse("tournaments:home")).content.decode().count("badge-current") == 1


def test_without_play_the_latest_tournament_not_finished_comes_first(client: Client) -> None:
    open_one = night(present=0)
    finished = playing_table(deals=2).tournament
    services.tournament_finish(tournament=finished)
    Tournament.objects.filter(pk=finished.pk).update(date=open_one.date.replace(year=2027))
    assert homes_listed(client) == [
        reverse("night:home", args=[open_one.pk]),
        reverse("night:home", args=[finished.pk]),
    ]


def test_a_player_on_the_start_page_is_told_to_scan_the_qr_code(client: Client) -> None:
    html = client.get(reverse("tournaments:home")).content.decode()
    assert "Scannen Sie mit dem Handy den QR-Code auf Ihrer Tischkarte" in html
    assert 'class="scan-hint"' in html


def test_the_organiser_is_not_told_to_scan(client: Client) -> None:
    html = organiser(client).get(reverse("tournaments:home")).content.decode()
    assert 'class="scan-hint"' not in html  # the inlined stylesheet names the class anyway


# The history


def correct(deal: Deal, game: str, reason: str) -> None:
    """The organiser corrects a deal (any deal, with a reason)."""
    scoring_services.deal_correct(
        deal=deal,
        declarer=deal.declarer,
        game=Game.parse(game),
        written_value=None,
        user=UserFactory(username=f"leitung{deal.pk}", is_staff=True),
        reason=reason,
    )


def test_the_history_shows_corrections_with_their_reason_and_author(client: Client) -> None:
    table = playing_table(deals=10)
    deal = enter(table, 0, "2 gewonnen")
    enter(table, 1, "3 verloren")
    correct(deal, "3 gewonnen", "Falsch angesagt")
    url = reverse("night:history", args=[table.tournament_id])
    html = organiser(client).get(url).content.decode()
    assert "Falsch angesagt" in html
    assert html.count("<time ") == 1  # the correction; the two entries only with ?all=1
    assert organiser(client).get(url + "?all=1").content.decode().count("<time ") == 3


@pytest.mark.parametrize("corrections", [1, 6])
def test_the_history_costs_the_same_queries_however_long(
    client: Client, django_assert_num_queries: object, corrections: int
) -> None:
    table = playing_table(deals=10)
    for number in range(corrections):
        deal = enter(table, number % 4, "2 gewonnen")
        correct(deal, "3 gewonnen", f"Grund {number}")
    organiser(client)
    url = reverse("night:history", args=[table.tournament_id]) + "?all=1"
    # session, user, password check, tournament, tournament events, changes, swaps
    with django_assert_num_queries(7):  # type: ignore[operator]
        assert client.get(url).status_code == 200
