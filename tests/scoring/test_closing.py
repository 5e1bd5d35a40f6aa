"""The end of the night (issue 9): finishing names the tables still playing, a finished
tournament can be reopened, and a table can be ended early with a reason; the standings, the
sheets, the captain's page and the ranking PDF say so."""

import re
from unittest import mock

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries, DjangoCaptureOnCommitCallbacks

from fipsen_rules import Game
from printing import tasks
from printing.kinds import FileJob
from printing.models import GeneratedFile
from scoring import renderers, selectors, services
from scoring.standings import selectors as standings_selectors
from tests.factories import UserFactory
from tests.printing.pdf_reading import pdf_pages, pdf_text
from tests.scoring.helpers import enter, playing_table
from tests.tournaments.night_helpers import night
from tests.tournaments.pdf_helpers import BASE_URL
from tournaments import services as tournament_services
from tournaments.draw.seats import seat_leave
from tournaments.draw.services import tournament_draw
from tournaments.models import Seat, Table, Tournament, TournamentEvent
from tournaments.printing_kinds import TABLE_CARDS, owner_of_tournament
from tournaments.renderers import render_table_cards

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german", "media_root")]

CONFIRMED = {"confirm": "yes"}


@pytest.fixture
def user() -> object:
    return UserFactory(is_staff=True, is_superuser=True, username="leitung")


@pytest.fixture
def organiser(client: Client, user: object) -> Client:
    client.force_login(user)  # type: ignore[arg-type]
    return client


def play(table: Table, deals: int) -> None:
    """Enter ``deals`` games at the table, each won by the next playing seat."""
    for _ in range(deals):
        upcoming = selectors.next_deal(table=table)
        enter(table, upcoming.vorhand, "2 gewonnen")


def playing_night() -> Tournament:
    """Tables 1 (four players, 4 deals) and 2, 3 (three players, 5 deals each), in play."""
    tournament = night(present=10, deals_at_four=4, deals_at_three=5)
    tournament_draw(tournament=tournament, seed=5)
    return tournament_services.tournament_start(tournament=tournament)


def table(tournament: Tournament, number: int) -> Table:
    return Table.objects.select_related("tournament").get(tournament=tournament, number=number)


# Ending a table early: the service


def test_ending_a_table_early_keeps_its_deals_and_records_who_when_why(user: object) -> None:
    at_three = playing_table(players=3, deals=10)
    play(at_three, 4)

    ended = services.table_end_early(table=at_three, reason="  Heinz   musste gehen ", user=user)  # type: ignore[arg-type]

    assert ended.ended_early
    assert ended.ended_early_after == 4
    assert ended.ended_early_reason == "Heinz musste gehen"
    assert selectors.deals_played(table=ended) == 4  # the deals stand
    event = TournamentEvent.objects.get(kind=TournamentEvent.Kind.TABLE_ENDED_EARLY)
    assert (event.table_number, event.deals_played, event.deals) == (1, 4, 10)
    assert (event.reason, event.user) == ("Heinz musste gehen", user)
    assert (
        ended.ended_early_note
        == "Tisch 1 vorzeitig beendet nach 4 von 10 Spielen: Heinz musste gehen"
    )


def test_an_ended_table_takes_no_more_deals() -> None:
    at_three = playing_table(players=3, deals=10)
    play(at_three, 2)
    ended = services.table_end_early(table=at_three, reason="Zeit um", user=None)

    assert selectors.next_deal(table=ended).number is None
    with pytest.raises(ValidationError) as refused:
        enter(Table.objects.get(pk=at_three.pk), 0, "2 gewonnen")
    assert refused.value.code == "table_ended"
    with pytest.raises(ValidationError):
        services.sheet_check(table=Table.objects.get(pk=at_three.pk), text="1 A 2 gewonnen")
    assert selectors.deals_played(table=at_three) == 2


@pytest.mark.parametrize("reason", ["", "   "])
def test_ending_a_table_needs_a_reason(reason: str) -> None:
    at_three = playing_table(players=3)
    with pytest.raises(ValidationError) as refused:
        services.table_end_early(table=at_three, reason=reason, user=None)
    assert refused.value.code == "reason_missing"
    assert not Table.objects.get(pk=at_three.pk).ended_early
    assert not TournamentEvent.objects.exists()


def test_a_table_that_played_all_its_deals_or_ended_already_cannot_be_ended() -> None:
    complete = playing_table(players=3, deals=2)
    play(complete, 2)
    with pytest.raises(ValidationError) as refused:
        services.table_end_early(table=complete, reason="x", user=None)
    assert refused.value.code == "table_complete"

    other = playing_table(players=3, deals=5)
    services.table_end_early(table=other, reason="x", user=None)
    with pytest.raises(ValidationError) as refused:
        services.table_end_early(table=other, reason="y", user=None)
    assert refused.value.code == "table_ended"
    assert TournamentEvent.objects.count() == 1


def test_a_table_is_ended_only_during_play() -> None:
    tournament = tournament_draw(tournament=night(present=3), seed=1)
    with pytest.raises(ValidationError):
        services.table_end_early(table=table(tournament, 1), reason="x", user=None)


def test_a_table_of_three_cannot_lose_a_player_and_is_told_to_end_early() -> None:
    at_three = playing_table(players=3)
    seat = Seat.objects.filter(table=at_three).first()
    with pytest.raises(ValidationError) as refused:
        seat_leave(seat=seat, after_deal=0)  # type: ignore[arg-type]
    assert "vorzeitig" in refused.value.messages[0]


def test_a_table_of_four_still_plays_on_with_three() -> None:
    at_four = playing_table(players=4, deals=10)
    play(at_four, 2)
    seat = Seat.objects.get(table=at_four, position=1)
    seat_leave(seat=seat, after_deal=2)
    assert 1 not in selectors.next_deal(table=at_four).seats


# Finishing and reopening


def test_unfinished_tables_leave_out_the_complete_and_the_ended_ones() -> None:
    tournament = playing_night()
    play(table(tournament, 1), 4)  # complete
    play(table(tournament, 2), 2)
    services.table_end_early(table=table(tournament, 2), reason="Zeit", user=None)
    play(table(tournament, 3), 3)

    unfinished = selectors.unfinished_tables(tournament=tournament)

    assert [(t.number, t.played) for t in unfinished] == [(3, 3)]


def test_finish_and_reopen_are_kept_in_the_history(user: object) -> None:
    tournament = playing_night()
    tournament_services.tournament_finish(tournament=tournament, user=user)  # type: ignore[arg-type]
    tournament_services.tournament_reopen(tournament=tournament, user=user)  # type: ignore[arg-type]

    assert tournament.state == Tournament.State.PLAYING
    kinds = list(TournamentEvent.objects.values_list("kind", "user__username"))
    assert kinds == [("finished", "leitung"), ("reopened", "leitung")]
    enter(table(tournament, 1), 0, "2 gewonnen")  # play goes on
    with pytest.raises(ValidationError):
        tournament_services.tournament_reopen(tournament=tournament)


def test_the_finish_page_names_every_unfinished_table_with_its_count(organiser: Client) -> None:
    tournament = playing_night()
    play(table(tournament, 1), 4)
    play(table(tournament, 2), 2)
    url = reverse("scoring:finish", args=[tournament.pk])

    page = organiser.get(url).content.decode()

    assert "Tisch 2: 2 von 5 Spielen" in page
    assert "Tisch 3: 0 von 5 Spielen" in page
    assert "Tisch 1:" not in page
    assert "noch nicht alle Spiele gespielt" in page
    tournament.refresh_from_db()
    assert tournament.state == Tournament.State.PLAYING


def test_the_finish_page_warns_of_nothing_when_every_table_is_done(organiser: Client) -> None:
    tournament = playing_night()
    play(table(tournament, 1), 4)
    play(table(tournament, 2), 5)
    services.table_end_early(table=table(tournament, 3), reason="Zeit", user=None)
    page = organiser.get(reverse("scoring:finish", args=[tournament.pk])).content.decode()
    assert "noch nicht alle Spiele gespielt" not in page


def test_the_history_page_keeps_finish_reopen_and_the_table_ended(organiser: Client) -> None:
    tournament = playing_night()
    services.table_end_early(table=table(tournament, 2), reason="Zeit war um", user=None)
    organiser.post(reverse("scoring:finish", args=[tournament.pk]), CONFIRMED)
    organiser.post(reverse("scoring:reopen", args=[tournament.pk]), CONFIRMED)
    page = organiser.get(reverse("night:history", args=[tournament.pk])).content.decode()
    history = page[page.index("tournament-history") : page.index("history-deals")]
    assert "Turnier wieder geöffnet" in history
    assert "Turnier beendet" in history
    assert "Tisch vorzeitig beendet" in history
    assert "Zeit war um" in history
    assert "leitung" in history


# Ending a table early: the pages


def test_the_end_page_starts_from_the_player_who_left(organiser: Client) -> None:
    tournament = playing_night()
    seat = Seat.objects.select_related("registration__player").get(
        table__tournament=tournament, table__number=2, position=1
    )
    url = reverse("scoring:table_end", args=[tournament.pk, seat.table_id])
    page = organiser.get(f"{url}?player={seat.pk}").content.decode()
    assert f"{seat.registration.player.name} musste aufhören." in page
    assert "Tisch 2 endet nach 0 von 5 Spielen." in page


def test_ending_without_a_reason_says_so_and_changes_nothing(organiser: Client) -> None:
    tournament = playing_night()
    at_two = table(tournament, 2)
    url = reverse("scoring:table_end", args=[tournament.pk, at_two.pk])
    response = organiser.post(url, {"reason": "", **CONFIRMED})
    assert response.status_code == 200
    assert "Bitte sagen Sie, warum der Tisch vorzeitig endet." in response.content.decode()
    assert not Table.objects.get(pk=at_two.pk).ended_early


def test_the_tables_page_offers_ending_when_a_table_of_three_loses_a_player(
    organiser: Client,
) -> None:
    tournament = playing_night()
    page = organiser.get(reverse("tournaments:tables", args=[tournament.pk])).content.decode()
    at_two = page[page.index('id="table-2"') : page.index('id="table-3"')]
    assert "/leave/" not in at_two
    assert reverse("scoring:table_end", args=[tournament.pk, table(tournament, 2).pk]) in at_two
    at_one = page[page.index('id="table-1"') : page.index('id="table-2"')]
    assert at_one.count("/leave/") == 4  # each player of the table of four


@pytest.fixture
def ended_night() -> Tournament:
    """Table 2 ended early after 2 of its 5 deals."""
    tournament = playing_night()
    play(table(tournament, 2), 2)
    services.table_end_early(table=table(tournament, 2), reason="Die Zeit war um", user=None)
    return tournament


NOTE = "Tisch 2 vorzeitig beendet nach 2 von 5 Spielen: Die Zeit war um"


def test_the_captains_page_of_an_ended_table_says_so_and_offers_no_entry(
    client: Client, ended_night: Tournament
) -> None:
    at_two = table(ended_night, 2)
    url = reverse("scoring:table_entry", args=[at_two.token])
    page = client.get(url).content.decode()
    assert NOTE in page
    assert "Dieser Tisch nimmt keine Spiele mehr an." in page
    assert "Spiel 3 eintragen" not in page
    sheet = client.get(reverse("scoring:table_sheet", args=[at_two.token])).content.decode()
    assert NOTE in sheet


def test_the_organisers_pages_say_the_table_ended_early(
    organiser: Client, ended_night: Tournament
) -> None:
    pk = ended_night.pk
    at_two = table(ended_night, 2)
    sheet = organiser.get(reverse("scoring:organiser_sheet", args=[pk, at_two.pk]))
    assert NOTE in sheet.content.decode()
    assert NOTE in organiser.get(reverse("scoring:standings", args=[pk])).content.decode()
    progress = organiser.get(reverse("scoring:dashboard", args=[pk])).content.decode()
    assert "vorzeitig beendet" in progress
    assert NOTE in organiser.get(reverse("tournaments:tables", args=[pk])).content.decode()


def test_the_ranking_pdf_says_the_table_ended_early(ended_night: Tournament) -> None:
    standings = standings_selectors.standings(tournament=ended_night)
    text = " ".join(
        pdf_text(renderers.ranking_pdf(tournament=ended_night, standings=standings)).split()
    )
    assert NOTE in text
    assert "Tisch 1 vorzeitig" not in text


# The table links on screen, and one table's card


def test_the_tables_page_shows_every_tables_link_and_qr_code(organiser: Client) -> None:
    tournament = playing_night()
    page = organiser.get(reverse("tournaments:tables", args=[tournament.pk])).content.decode()
    assert page.count('class="qr"') == 3
    for number in (1, 2, 3):
        token = table(tournament, number).token
        assert f"http://testserver/t/{token}/" in page
        assert f"Karte von Tisch {number} drucken" in page


def test_one_tables_card_alone(ended_night: Tournament) -> None:
    file = GeneratedFile(owner=owner_of_tournament(ended_night), kind=TABLE_CARDS)
    pdf = render_table_cards(FileJob(file, {"base_url": BASE_URL, "tables": "3"}))
    text = pdf_text(pdf)
    assert "Tisch 3" in text
    assert "Tisch 1" not in text
    assert "Tisch 2" not in text
    assert table(ended_night, 3).token in text.replace("\n", "")


def test_a_card_of_a_table_that_does_not_exist_says_so(ended_night: Tournament) -> None:
    file = GeneratedFile(owner=owner_of_tournament(ended_night), kind=TABLE_CARDS)
    with pytest.raises(ValidationError) as refused:
        render_table_cards(FileJob(file, {"base_url": BASE_URL, "tables": "9"}))
    assert refused.value.code == "no_such_table"


def test_the_print_button_of_one_card_makes_that_card_alone(
    organiser: Client,
    ended_night: Tournament,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    with (
        mock.patch.object(tasks.generate_file, "apply_async") as sent,
        django_capture_on_commit_callbacks(execute=True),
    ):
        organiser.post(
            reverse("tournaments:file_request", args=[ended_night.pk, "table_cards"]),
            {"tables_chosen": "1", "table": "2"},
        )
    file = GeneratedFile.objects.get()
    assert sent.call_args.kwargs["kwargs"]["options"]["tables"] == "2"

    tasks.generate_file.apply(args=(str(file.pk),), kwargs=sent.call_args.kwargs["kwargs"])

    file.refresh_from_db()
    assert pdf_pages(file.file.read()) == 1


def test_a_table_ended_early_counts_as_done_for_the_nights_progress() -> None:
    tournament = playing_night()
    play(table(tournament, 1), 4)
    play(table(tournament, 2), 5)
    play(table(tournament, 3), 1)
    services.table_end_early(table=table(tournament, 3), reason="Zeit", user=None)
    progress = selectors.deals_progress(tournament=tournament)
    assert (progress.played, progress.total) == (10, 10)


def test_the_reopen_page_says_the_printed_cards_stay_valid(organiser: Client) -> None:
    tournament = tournament_services.tournament_finish(tournament=playing_night())
    page = organiser.get(reverse("scoring:reopen", args=[tournament.pk])).content.decode()
    assert "Die gedruckten Tischkarten bleiben gültig" in page
    assert "neu gedruckt" in page


def test_the_finish_page_says_what_happens_to_the_phones(organiser: Client) -> None:
    tournament = playing_night()
    page = organiser.get(reverse("scoring:finish", args=[tournament.pk])).content.decode()
    assert "Die Links der Tischkarten zeigen stattdessen den Endstand des Tisches." in page
    assert "die gedruckten Tischkarten gelten dann wieder" in page


def test_a_deal_posted_from_a_phone_after_the_table_ended_is_refused_and_says_why(
    client: Client,
) -> None:
    """The captain's page was open with its form when the organiser ended the table."""
    at_three = playing_table(players=3, deals=10)
    url = reverse("scoring:table_entry", args=[at_three.token])
    page = client.get(url).content.decode()
    hidden = {
        name: re.search(rf'name="{name}" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]
        for name in ("sequence", "submission")
    }
    services.table_end_early(table=at_three, reason="Zeit", user=None)

    response = client.post(url, {**hidden, "declarer": 1, "contract": "3", "result": "won"})

    page = response.content.decode()
    assert "Tisch 1 vorzeitig beendet nach 0 von 10 Spielen: Zeit" in page
    assert "Dieser Tisch nimmt keine Spiele mehr an." in page
    assert selectors.deals_played(table=at_three) == 0


def test_the_captain_cannot_correct_at_an_ended_table_but_the_organiser_can(user: object) -> None:
    at_three = playing_table(players=3, deals=10)
    last = enter(at_three, 0, "2 gewonnen")
    services.table_end_early(table=at_three, reason="Zeit", user=None)
    with pytest.raises(ValidationError) as refused:
        services.deal_correct(deal=last, declarer=0, game=Game.parse("3 gewonnen"))
    assert refused.value.code == "table_ended"

    corrected = services.deal_correct(
        deal=last,
        declarer=0,
        game=Game.parse("3 gewonnen"),
        user=user,  # type: ignore[arg-type]
        reason="falsch angesagt",
    )
    assert corrected.game == "3 gewonnen"


#: session, user, the password check, the tournament, the tables with their deals played,
#: the tables whose phones keep deals.
_FINISH_PAGE_QUERIES = 6


@pytest.mark.parametrize("present", [7, 40])
def test_the_finish_page_costs_the_same_queries_for_2_and_10_tables(
    organiser: Client, django_assert_num_queries: DjangoAssertNumQueries, present: int
) -> None:
    tournament = night(present=present)
    tournament_draw(tournament=tournament, seed=1)
    tournament_services.tournament_start(tournament=tournament)
    url = reverse("scoring:finish", args=[tournament.pk])
    organiser.get(url)  # sessions and caches warm
    with django_assert_num_queries(_FINISH_PAGE_QUERIES):
        assert organiser.get(url).status_code == 200
