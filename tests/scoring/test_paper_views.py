"""Typing in a paper sheet: the service that saves it (all or nothing) and its pages."""

import re
import uuid

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from fipsen_rules import Game, next_dealer
from scoring import selectors, services
from scoring.models import Deal, DealChange
from scoring.paper import SheetError
from scoring.services import sheets
from tests.factories import UserFactory
from tests.scoring.helpers import enter, playing_table
from tests.scoring.paper_sheets import NAMES, transcript
from tests.tournaments.night_helpers import night
from tournaments import services as tournament_services
from tournaments.draw.seats import seat_leave, table_token_reissue
from tournaments.draw.services import tournament_draw
from tournaments.draw.tables import seats_of
from tournaments.models import Player, Table
from tournaments.players.names import player_name_key
from tournaments.rule_choice import rules_of

pytestmark = pytest.mark.django_db


def named_table(**options: object) -> Table:
    """A table in play whose players are, by seat, Anna Möller, Bernd Schulz, Jürgen Groß and
    Dora Weiß (a table of three: the first three)."""
    table = playing_table(**options)  # type: ignore[arg-type]
    for seat in seats_of(table=table):
        name = NAMES[seat.position]
        Player.objects.filter(pk=seat.registration.player_id).update(
            name=name, name_key=player_name_key(name)
        )
    return table


def assert_saved_soundly(table: Table) -> None:
    """The table's deals as any entry saves them: numbered in order, each scored again by the
    rules to its stored game and value, the dealer moving on after each deal (all passed: he
    deals again), and one "entered" in the history for each."""
    deals = list(Deal.objects.filter(table=table).order_by("sequence"))
    numbers = [d.number for d in deals if d.number is not None]
    assert numbers == list(range(1, len(numbers) + 1))
    rules = rules_of(table.tournament)
    dealer = table.first_dealer
    for deal in deals:
        assert deal.dealer == dealer, deal
        dealer = next_dealer(dealer, 4, completed=deal.number is not None)
        if deal.number is not None and deal.game:
            assert rules.score(Game.parse(deal.game)) == deal.score, deal
        elif deal.number is not None:  # only the value is known
            assert deal.score in rules.possible_scores(), deal
    entered = DealChange.objects.filter(deal__table=table, action=DealChange.Action.ENTERED)
    assert sorted(entered.values_list("deal_id", flat=True)) == sorted(d.pk for d in deals)


def words(response: object) -> str:
    return " ".join(response.content.decode().split())  # type: ignore[attr-defined]


@pytest.fixture
def organiser() -> object:
    return UserFactory(is_staff=True, is_superuser=True)


# The service: checked whole, saved whole


def test_a_whole_sheet_of_100_deals_is_saved_with_its_totals(organiser: object) -> None:
    table = named_table()
    written = transcript(100)

    deals = services.sheet_import(table=table, text=written.text, user=organiser)  # type: ignore[arg-type]

    assert [deal.number for deal in deals] == list(range(1, 101))
    assert_saved_soundly(table)
    sheet = selectors.table_sheet(table=table)
    assert [row.totals for row in sheet.rows] == written.totals
    assert [(d.declarer, d.game, d.score) for d in deals] == [
        (seat, str(game), score) for seat, game, score in written.deals
    ]
    entered = DealChange.objects.filter(deal__table=table, action=DealChange.Action.ENTERED)
    assert entered.count() == 100
    assert set(entered.values_list("user", flat=True)) == {organiser.pk}  # type: ignore[attr-defined]


@pytest.mark.parametrize("wrong", [2, 57, 100])
def test_a_sheet_with_one_wrong_total_stops_at_that_line_and_saves_nothing(wrong: int) -> None:
    table = named_table()
    written = transcript(100, wrong_total_at=wrong)

    with pytest.raises(SheetError) as caught:
        services.sheet_import(table=table, text=written.text, user=None)

    assert (caught.value.line, caught.value.number) == (wrong, wrong)
    assert caught.value.problems[0].code == "paper_wrong_total"
    assert not Deal.objects.filter(table=table).exists()
    assert not DealChange.objects.filter(deal__table=table).exists()


def test_the_sheet_goes_on_after_the_deals_already_entered() -> None:
    table = named_table()
    for declarer, game in ((0, "3 Hand verloren"), (None, "alle gepasst"), (2, "4 gewonnen")):
        enter(table, declarer, game)
    written = transcript(5, first=3, start=(-12, 0, 4, 0))

    deals = services.sheet_import(table=table, text=written.text, user=None)

    assert [deal.number for deal in deals] == [3, 4, 5, 6, 7]
    assert [deal.sequence for deal in deals] == [4, 5, 6, 7, 8]
    assert_saved_soundly(table)
    assert selectors.table_sheet(table=table).totals == written.totals[-1]


def test_a_sheet_that_starts_again_at_deal_one_is_refused() -> None:
    table = named_table()
    enter(table, 0, "2 gewonnen")
    with pytest.raises(SheetError) as caught:
        services.sheet_import(table=table, text="1. Anna 2 +\n2. Bernd 2 +", user=None)
    assert caught.value.problems[0].code == "paper_number_entered"
    assert Deal.objects.filter(table=table).count() == 1


def test_a_player_who_left_is_not_counted_from_the_next_deal() -> None:
    table = named_table()
    dora = table.seats.get(position=3)
    played = services.sheet_import(table=table, text="Dora 2 +\n4 -6 | 0 0 0 -4", user=None)
    seat_leave(seat=dora, after_deal=2)  # after a deal played

    with pytest.raises(SheetError) as caught:
        services.sheet_import(table=table, text="Anna 2 +\nDora 2 +", user=None)
    assert (caught.value.line, caught.value.problems[0].code) == (2, "paper_not_playing")

    text = "Anna 3 H - | -12 0 0\nJürgen 2 + | -12 0 2 -4"
    deals = [*played, *services.sheet_import(table=table, text=text, user=None)]
    assert [(d.number, d.declarer, d.score) for d in deals] == [
        (1, 3, 2),
        (2, 3, -6),
        (3, 0, -12),
        (4, 2, 2),
    ]
    assert selectors.table_sheet(table=table).totals == (-12, 0, 2, -4)
    # From deal 3 on the dealer passes Dora's seat by.
    assert all(deal.dealer != 3 for deal in deals[2:])


def test_seat_numbers_at_a_table_of_three() -> None:
    table = named_table(players=3)
    deals = services.sheet_import(table=table, text="3 -6 | 0 0 -6\n1 2 + | 2 0 -6", user=None)
    assert [(d.declarer, d.game) for d in deals] == [(2, "3 verloren"), (0, "2 gewonnen")]
    with pytest.raises(SheetError) as caught:
        services.sheet_import(table=table, text="4 2 +", user=None)
    assert caught.value.problems[0].code == "paper_seat_range"


def test_a_game_is_checked_under_the_tournament_s_rules() -> None:
    table = named_table(rule_options={"min_bid": 3})
    with pytest.raises(SheetError) as caught:
        services.sheet_import(table=table, text="Anna 3 +\nBernd 2 +", user=None)
    assert (caught.value.line, caught.value.problems[0].code) == (2, "bid_tricks")
    assert not Deal.objects.filter(table=table).exists()


def test_a_finished_tournament_takes_no_sheet() -> None:
    table = named_table()
    tournament_services.tournament_finish(tournament=table.tournament)
    with pytest.raises(ValidationError) as caught:
        services.sheet_import(table=table, text="Anna 2 +", user=None)
    assert caught.value.code == "locked"
    assert not Deal.objects.filter(table=table).exists()


def test_a_tournament_not_started_takes_no_sheet() -> None:
    tournament = night(present=4)
    tournament_draw(tournament=tournament, seed=11)
    table = Table.objects.select_related("tournament").get(tournament=tournament)
    with pytest.raises(ValidationError) as caught:
        services.sheet_import(table=table, text="1 2 +", user=None)
    assert caught.value.code == "not_playing"


def test_a_full_table_takes_no_more() -> None:
    table = named_table(deals=2)
    with pytest.raises(SheetError) as caught:
        services.sheet_import(table=table, text="Anna 2 +\nBernd 2 +\nDora 2 +", user=None)
    assert (caught.value.line, caught.value.problems[0].code) == (3, "paper_table_full")

    services.sheet_import(table=table, text="Anna 2 +\nBernd 2 +", user=None)
    with pytest.raises(ValidationError) as refused:
        services.sheet_import(table=table, text="Dora 2 +", user=None)
    assert refused.value.code == "table_complete"


def test_with_confirmation_the_sheet_s_last_deal_awaits_it() -> None:
    table = named_table(confirmation_required=True)
    deals = services.sheet_import(table=table, text="Anna 2 +\nBernd 2 +\nDora 2 +", user=None)
    assert len(deals) == 3
    with pytest.raises(ValidationError) as refused:
        services.sheet_import(table=table, text="Anna 2 +", user=None)
    assert refused.value.code == "confirm_first"
    with pytest.raises(ValidationError):
        enter(table, 0, "2 gewonnen")
    services.deal_confirm(deal=deals[-1], seat=0)
    assert len(services.sheet_import(table=table, text="Anna 2 +", user=None)) == 1


def test_the_same_sheet_posted_twice_is_saved_once() -> None:
    table = named_table()
    batch = uuid.uuid4()
    first = services.sheet_import(table=table, text="Anna 2 +\nBernd 2 +", user=None, batch=batch)
    again = services.sheet_import(table=table, text="Anna 2 +\nBernd 2 +", user=None, batch=batch)
    assert [d.pk for d in again] == [d.pk for d in first]
    assert Deal.objects.filter(table=table).count() == 2


def test_all_or_nothing_when_a_deal_fails_on_the_way(monkeypatch: pytest.MonkeyPatch) -> None:
    table = named_table()
    record = services.deal_record
    calls = []

    def failing_third(**arguments: object) -> Deal:
        calls.append(arguments)
        if len(calls) == 3:
            raise ValidationError("the connection broke", code="broken")
        return record(**arguments)  # type: ignore[arg-type]

    monkeypatch.setattr(sheets, "deal_record", failing_third)  # where sheet_import finds it
    with pytest.raises(ValidationError):
        services.sheet_import(table=table, text="Anna 2 +\nBernd 2 +\nDora 2 +", user=None)
    assert len(calls) == 3
    assert not Deal.objects.filter(table=table).exists()


@pytest.mark.parametrize("entered", [0, 1, 60])
def test_the_queries_of_an_import_do_not_grow_with_the_deals_entered(
    entered: int, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    fresh, table = named_table(), named_table()
    for _ in range(entered):
        enter(table, 1, "2 gewonnen")
    text = "1 2 +\n2 -6\nAnna 3 Hand verloren\n4 Siebener Fips"
    with CaptureQueriesContext(connection) as baseline:
        services.sheet_import(table=fresh, text=text, user=None)
    # A fixed cost, then the same per row (deal_record's): never a query per deal entered.
    with django_assert_num_queries(len(baseline.captured_queries)):
        services.sheet_import(table=table, text=text, user=None)
    with CaptureQueriesContext(connection) as check:
        services.sheet_check(table=table, text=text)
    assert len(check.captured_queries) == 3  # seats, the latest entries, the totals


# The pages


def check(client: Client, url: str, text: str) -> str:
    return words(client.post(url, {"text": text, "check": ""}))


def test_the_captain_page_and_the_organiser_sheet_link_to_it(client: Client) -> None:
    table = named_table()
    page = client.get(reverse("scoring:table_entry", args=[table.token])).content.decode()
    assert reverse("scoring:table_paper", args=[table.token]) in page
    client.force_login(UserFactory(is_staff=True))
    sheet = reverse("scoring:organiser_sheet", args=[table.tournament_id, table.pk])
    organiser_paper = reverse("scoring:organiser_paper", args=[table.tournament_id, table.pk])
    assert organiser_paper in client.get(sheet).content.decode()


def test_the_captain_types_in_checks_and_saves(client: Client) -> None:
    table = named_table()
    url = reverse("scoring:table_paper", args=[table.token])
    assert "Der Zettel geht weiter mit Spiel 1 von 100." in words(client.get(url))

    text = "1. Anna 3 Hand verloren | -12 0 0 0\n2. 2 -6 | −12 −6 0 0\n"
    page = check(client, url, text)
    assert "Alle Zeilen stimmen. Das wird gespeichert:" in page
    assert "2 Spiele: Spiel 1 bis 2. Noch ist nichts gespeichert." in page
    assert "3 verloren <small>(aus dem Wert)</small>" in page
    assert not Deal.objects.filter(table=table).exists()

    raw = client.post(url, {"text": text, "check": ""}).content.decode()
    hidden = re.search(r'<textarea name="text" hidden>\n(.*?)</textarea>', raw, re.DOTALL)
    batch = re.search(r'name="batch" value="([^"]+)"', raw)
    assert hidden
    assert batch
    response = client.post(url, {"text": hidden[1], "batch": batch[1], "save": ""}, follow=True)

    assert response.redirect_chain[-1][0] == reverse("scoring:table_entry", args=[table.token])
    assert "2 Spiele eingetragen, bis Spiel 2." in words(response)
    assert [(d.number, d.game) for d in Deal.objects.filter(table=table)] == [
        (1, "3 Hand verloren"),
        (2, "3 verloren"),
    ]
    assert set(DealChange.objects.values_list("user", flat=True)) == {None}


def test_every_wrong_line_is_shown_in_german_and_nothing_is_saved(client: Client) -> None:
    table = named_table()
    url = reverse("scoring:table_paper", args=[table.token])
    text = "Anna 2 +\nAnna 3 Hand verloren | -21 0 0 0\nZacharias 2 +\nBernd 2 +"
    page = check(client, url, text)
    assert (
        "2 Zeilen sind falsch, darum wird nichts gespeichert. Bitte oben korrigieren und noch "
        "einmal prüfen." in page
    )
    assert (
        "<li>Zeile 2 (Spiel 2): Die Summe von Anna Möller müsste −10 sein, auf dem Zettel steht "
        '−21.<code class="paper-wrong-line">Anna 3 Hand verloren | -21 0 0 0</code></li>' in page
    )
    assert "<li>Zeile 3 (Spiel 3): „Zacharias“ spielt nicht an diesem Tisch." in page
    assert '<code class="paper-wrong-line">Zacharias 2 +</code></li>' in page
    assert page.count('class="paper-wrong-line"') == 2
    assert "Anna 2 + Anna 3 Hand verloren" in page  # the text is kept for correcting
    assert "speichern</button>" not in page
    assert not Deal.objects.filter(table=table).exists()


def test_saving_a_sheet_with_wrong_lines_saves_nothing_and_names_them(client: Client) -> None:
    table = named_table()
    url = reverse("scoring:table_paper", args=[table.token])
    text = "Anna 2 +\nZacharias 2 +\nBernd 2 +\nAnna 9 +"
    page = words(client.post(url, {"text": text, "batch": str(uuid.uuid4()), "save": ""}))
    assert page.count('class="paper-wrong-line"') == 2
    assert "Zeile 2 (Spiel 2)" in page
    assert "Zeile 4 (Spiel 4)" in page
    assert not Deal.objects.filter(table=table).exists()


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("Zacharias 2 +", "„Zacharias“ spielt nicht an diesem Tisch."),
        ("Anna 7", "7 kann kein Fipsen-Spiel zählen."),
        ("Anna 3 X -", "„X“ gehört nicht zur Spielschreibweise."),
        ("Anna 3 H - | 1 2 3 4 5", "Da stehen 5 Summen, aber es gibt nur 4 Spieler"),
        ("5. Anna 2 +", "Diese Zeile ist Spiel 1, aber dort steht 5"),
        ("Anna alle gepasst", "Ein Spiel, bei dem alle gepasst haben, steht nicht auf dem"),
    ],
)
def test_each_kind_of_bad_line_reads_in_plain_german(
    client: Client, line: str, message: str
) -> None:
    table = named_table()
    page = check(client, reverse("scoring:table_paper", args=[table.token]), line)
    assert f"Zeile 1 (Spiel 1): {message}" in page


def test_the_page_speaks_english_too(client: Client) -> None:
    table = named_table()
    client.cookies["django_language"] = "en"
    page = check(client, reverse("scoring:table_paper", args=[table.token]), "Anna 3 H - | 0 0 0 0")
    assert "Line 1 (deal 1): The total of Anna Möller should be −12; the sheet says 0." in page


def test_the_organiser_saves_a_sheet_in_his_name(client: Client, organiser: object) -> None:
    table = named_table()
    client.force_login(organiser)  # type: ignore[arg-type]
    url = reverse("scoring:organiser_paper", args=[table.tournament_id, table.pk])
    response = client.post(url, {"text": "Anna 2 +", "batch": str(uuid.uuid4()), "save": ""})
    assert response["Location"] == reverse(
        "scoring:organiser_sheet", args=[table.tournament_id, table.pk]
    )
    change = DealChange.objects.get(deal__table=table)
    assert change.user == organiser


def test_the_organiser_page_needs_the_organiser(client: Client) -> None:
    table = named_table()
    url = reverse("scoring:organiser_paper", args=[table.tournament_id, table.pk])
    assert client.get(url).status_code == 302
    client.force_login(UserFactory())  # a player's account: refused (how is access.py's say)
    assert client.post(url, {"text": "Anna 2 +", "save": ""}).status_code in (302, 403)
    assert not Deal.objects.exists()


def test_the_organiser_page_of_another_tournament_s_table_is_not_found(client: Client) -> None:
    table, other = named_table(), named_table()
    client.force_login(UserFactory(is_staff=True))
    url = reverse("scoring:organiser_paper", args=[other.tournament_id, table.pk])
    assert client.get(url).status_code == 404


def test_an_unknown_or_revoked_link_opens_nothing(client: Client) -> None:
    table = named_table()
    old = table.token
    table_token_reissue(table=table)
    assert client.get(reverse("scoring:table_paper", args=[old])).status_code == 404
    response = client.post(reverse("scoring:table_paper", args=[old]), {"text": "1 2 +"})
    assert response.status_code == 404
    assert not Deal.objects.exists()


def test_a_finished_tournament_shows_no_form_and_saves_nothing(client: Client) -> None:
    table = named_table()
    tournament_services.tournament_finish(tournament=table.tournament)
    # Finishing retires the table's link: it shows the final totals, and no form.
    url = reverse("scoring:table_paper", args=[table.token])
    response = client.get(url)
    assert response.status_code == 410
    assert "<textarea" not in words(response)
    client.post(url, {"text": "Anna 2 +", "batch": str(uuid.uuid4()), "save": ""})
    assert not Deal.objects.exists()


def test_a_deal_entered_between_check_and_save_stops_the_save(client: Client) -> None:
    table = named_table()
    url = reverse("scoring:table_paper", args=[table.token])
    text = "1. Anna 2 + | 2 0 0 0\n2. Bernd 2 + | 2 2 0 0"
    assert "Alle Zeilen stimmen." in check(client, url, text)
    enter(table, 2, "2 gewonnen")  # another phone, meanwhile

    page = words(client.post(url, {"text": text, "batch": str(uuid.uuid4()), "save": ""}))

    assert "Zeile 1 (Spiel 2): Spiel 1 ist schon eingetragen; der Text muss mit Spiel 2" in page
    assert Deal.objects.filter(table=table).count() == 1


def test_the_form_needs_its_csrf_token() -> None:
    table = named_table()
    client = Client(enforce_csrf_checks=True)
    url = reverse("scoring:table_paper", args=[table.token])
    assert client.post(url, {"text": "Anna 2 +", "save": ""}).status_code == 403
    assert not Deal.objects.exists()


def test_a_value_several_games_share_is_saved_as_the_value_alone() -> None:
    table = named_table()
    deals = services.sheet_import(table=table, text="Anna -12 | -12 0 0 0\nBernd -6", user=None)
    assert [(d.game, d.score) for d in deals] == [("", -12), ("3 verloren", -6)]
    assert selectors.table_sheet(table=table).totals == (-12, -6, 0, 0)
    assert_saved_soundly(table)


def test_the_example_names_this_tables_players_with_a_total_for_each_seat(client: Client) -> None:
    table = named_table(players=3)
    page = words(client.get(reverse("scoring:table_paper", args=[table.token])))
    assert "57. Anna 3 Hand verloren | -12 0 0" in page
    assert "57. Anna 3 Hand verloren | -12 0 0 0" not in page
    assert "59. Bernd -6 | -12 4 0" in page
    # The example is right for this table: checked as typed (numbered from 1), all is well.
    example = "1. Anna 3 Hand verloren | -12 0 0\n2. 2 5 + | -12 10 0\n3. Bernd -6 | -12 4 0"
    page = check(client, reverse("scoring:table_paper", args=[table.token]), example)
    assert "3 Spiele: Spiel 1 bis 3." in page


def test_a_sheet_saved_twice_goes_to_the_table_both_times_without_the_form_anchor(
    client: Client,
) -> None:
    """Back to the preview after the save, and its button tapped again: the same deals, no
    refusal, though the last deal now waits for its confirmation."""
    table = named_table(confirmation_required=True)
    url = reverse("scoring:table_paper", args=[table.token])
    raw = client.post(url, {"text": "Anna 2 +\nBernd 2 +", "check": ""}).content.decode()
    assert f'<form method="post" action="{url}">' in raw
    batch = re.search(r'name="batch" value="([^"]+)"', raw)
    assert batch
    entry = reverse("scoring:table_entry", args=[table.token])
    for _time in range(2):
        response = client.post(
            url, {"text": "Anna 2 +\nBernd 2 +", "batch": batch[1], "save": ""}, follow=True
        )
        assert response.redirect_chain[-1][0] == entry
        assert "2 Spiele eingetragen, bis Spiel 2." in words(response)
    assert Deal.objects.filter(table=table).count() == 2


def test_the_page_names_the_lines_whose_totals_wait_for_wrong_lines(client: Client) -> None:
    table = named_table(players=3)
    text = "1. Anna 2 + | 2 0 0\n2. Zacharias -6\n3. Anna 2 + | 4 0 99"
    page = check(client, reverse("scoring:table_paper", args=[table.token]), text)
    assert "1 Zeile ist falsch" in page
    assert "Die Summen in Zeile 3 werden geprüft, sobald die falschen Zeilen davor stimmen." in page
