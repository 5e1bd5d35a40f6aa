"""Tippen's pages: the captain enters who passed and the tricks of who tapped, sees the pot
and the chips, corrects the last deal; the organiser's standings, corrections, the board; and
scoring's pages hand over to them."""

import pytest
from django.test import Client
from django.urls import reverse

from games.tippen.models import PotDeal
from tests.tippen.helpers import deals_entered, tippen_night, tippen_table
from tournaments import services as tournament_services
from tournaments.models import Table

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]


def post(
    client: Client, table: Table, choices: dict[str, str], *, every: bool = True, **fields: object
) -> str:
    """The captain's form posted: ``choices`` by seat, each seat not named on "passed" as the
    page's radio buttons send it (``every=False``: only those named)."""
    passed = {str(seat): "-" for seat in range(table.seats.count())} if every else {}
    data: dict[str, object] = {
        "action": "save",
        "sequence": PotDeal.objects.filter(table=table).count() + 1,
        **{f"seat-{seat}": value for seat, value in (passed | choices).items()},
        **fields,
    }
    response = client.post(reverse("pots:entry", args=[table.token]), data, follow=True)
    assert response.status_code in (200, 422)
    return response.content.decode()


def test_the_table_s_link_opens_the_tippen_page(client: Client) -> None:
    table = tippen_table()
    page = client.get(reverse("scoring:table_entry", args=[table.token])).content.decode()
    assert "Spiel 1: Spieler 00 gibt" in page
    assert "Im Pott: 0; mit dem Einsatz von Spieler 00 (3): 3." in page
    assert page.count('class="tile-input" type="radio"') == 4 * 5


def test_a_deal_is_saved_and_the_chips_shown(client: Client) -> None:
    table = tippen_table()
    page = post(client, table, {"0": "2", "1": "1", "3": "0"})
    assert [deal.taps for deal in PotDeal.objects.all()] == [[2, 1, None, 0]]
    assert "Eingetragen: Spiel 1 (Spieler 00 gibt, Pott 3)" in page
    assert "Spieler 03 zahlt 3 Bête" in page
    assert "Spiel 2: Spieler 01 gibt" in page
    assert '<span class="total-points">−3</span>' in page


def test_all_passed_is_one_button(client: Client) -> None:
    table = tippen_table()
    page = post(client, table, {"0": "2"}, action="all_passed")
    assert [deal.taps for deal in PotDeal.objects.all()] == [[None] * 4]
    assert "alle gepasst" in page
    assert "Im Pott: 3; mit dem Einsatz von Spieler 01 (3): 6." in page


def test_a_refused_deal_keeps_every_choice_and_names_the_reason(client: Client) -> None:
    table = tippen_table()
    page = post(client, table, {"0": "2", "1": "2", "2": "0"})
    assert not PotDeal.objects.exists()
    assert "müssen zusammen 3 Stiche machen; eingegeben sind 4" in page
    assert 'id="seat-1-3" name="seat-1" value="2" checked' in page
    lone = post(client, table, {"2": "3"})
    assert "Spieler 02 hat allein getippt" in lone
    assert not PotDeal.objects.exists()


def test_the_same_form_posted_twice_is_saved_once(client: Client) -> None:
    table = tippen_table()
    fields = {"submission": "2b1f1c9e-6c1a-4a43-9f55-0d6f1d2a0a11"}
    post(client, table, {"0": "3", "1": "0"}, **fields)
    post(client, table, {"0": "3", "1": "0"}, sequence=1, **fields)
    assert PotDeal.objects.count() == 1


def test_the_captain_corrects_the_last_deal(client: Client) -> None:
    table = tippen_table(3)
    deals_entered(table, "- - -", "1 1 1")
    fix = {"fix-seat-0": "-", "fix-seat-1": "-", "fix-seat-2": "0"}
    page = post(client, table, {}, action="correct", sequence=2, **fix)
    assert [deal.taps for deal in PotDeal.objects.order_by("sequence")] == [
        [None] * 3,
        [None, None, 0],
    ]
    assert "Korrigiert: Spiel 2" in page
    early = post(client, table, {}, action="correct", sequence=1, **{**fix, "fix-seat-0": "0"})
    assert "nur das letzte Spiel" in early


def test_a_link_that_is_not_a_tippen_table_s_opens_nothing(client: Client) -> None:
    from tests.scoring.helpers import playing_table

    table = playing_table()
    assert client.get(reverse("pots:entry", args=[table.token])).status_code == 404


def test_a_finished_night_s_link_shows_the_chips_read_only(client: Client) -> None:
    table = tippen_table(3)
    deals_entered(table, "- t -")
    tournament_services.tournament_finish(tournament=table.tournament)
    response = client.get(reverse("scoring:table_entry", args=[table.token]))
    assert response.status_code == 410
    page = response.content.decode()
    assert "Das Turnier ist beendet." in page
    assert 'name="action"' not in page
    post_after = client.post(reverse("pots:entry", args=[table.token]), {"action": "all_passed"})
    assert post_after.status_code == 200
    assert PotDeal.objects.count() == 1


def test_the_organiser_s_pages_hand_over_to_tippen_s(organiser: Client) -> None:
    table = tippen_table()
    pk = table.tournament_id
    for name, args, target in [
        ("scoring:standings", [pk], reverse("pots:standings", args=[pk])),
        ("scoring:dashboard", [pk], reverse("pots:standings", args=[pk])),
        (
            "scoring:organiser_sheet",
            [pk, table.pk],
            reverse("pots:table_deals", args=[pk, table.pk]),
        ),
    ]:
        response = organiser.get(reverse(name, args=args))
        assert response.status_code == 302
        assert response["Location"] == target


def test_the_organiser_sees_the_standings_and_corrects_a_deal(organiser: Client) -> None:
    tournament = tippen_night(3)
    table = Table.objects.get(tournament=tournament)
    deals_entered(table, "- - -", "0 3 -")
    page = organiser.get(reverse("pots:standings", args=[tournament.pk])).content.decode()
    assert page.index("Spieler 01") < page.index("Spieler 00")
    assert "2 Spiele eingetragen" in page
    deal = PotDeal.objects.get(sequence=2)
    url = reverse("pots:table_deals", args=[tournament.pk, table.pk])
    refused = organiser.post(url, {"deal": deal.pk, "seat-0": "3", "seat-1": "3", "seat-2": "-"})
    assert refused.status_code == 422
    assert "eingegeben sind 6" in refused.content.decode()
    response = organiser.post(
        url, {"deal": deal.pk, "seat-0": "1", "seat-1": "2", "seat-2": "-"}, follow=True
    )
    assert "Spiel 2 korrigiert." in response.content.decode()
    deal.refresh_from_db()
    assert deal.taps == [1, 2, None]


def test_the_board_ranks_by_chips() -> None:
    tournament = tippen_night(3)
    deals_entered(Table.objects.get(tournament=tournament), "- - -", "- t -")
    page = Client().get(reverse("scoring:board", args=[tournament.board_token])).content.decode()
    assert "Marken" in page
    assert page.index("Spieler 01") < page.index("Spieler 02") < page.index("Spieler 00")


def test_scoring_s_pdfs_say_where_tippen_prints(organiser: Client) -> None:
    from printing import kinds
    from printing.kinds import FileJob
    from printing.models import GeneratedFile
    from tournaments.printing_kinds import owner_of_tournament

    tournament = tippen_night(4)
    job = FileJob(GeneratedFile(owner=owner_of_tournament(tournament), kind="scoresheets"))
    with pytest.raises(Exception, match="Abrechnungen auf der Rangliste"):
        kinds.kind_named("scoresheets").renderer()(job)


def test_a_paper_sheet_is_refused_with_the_reason(organiser: Client) -> None:
    table = tippen_table()
    url = reverse("scoring:organiser_paper", args=[table.tournament_id, table.pk])
    page = organiser.get(url).content.decode()
    refusal = "Papierzettel lassen sich nur für diese Spiele abtippen: Prisdorf Fipsen, "
    assert f"{refusal}Großenaspe Fipsen, Ansegger Fips (Mecklenburg)" in page
    assert 'name="text"' not in page
    assert Client().get(reverse("scoring:table_paper", args=[table.token])).status_code == 404


def test_the_hint_says_plainly_how_a_lone_tapper_is_entered_and_doing_so_gives_him_the_pot(
    client: Client,
) -> None:
    """Issue 29.7: "Wer allein tippt, bekommt den Pott: bei ihm 0 wählen" read as if a 0
    (no tricks) won. The hint now says when it applies (only one tapped), why 0 (nothing is
    played), and what the others get (passed), in the tiles' own words; done so, he takes the
    pot."""
    table = tippen_table()
    page = client.get(reverse("pots:entry", args=[table.token])).content.decode()
    hint = " ".join(page.split('<p class="hint">')[1].split("</p>")[0].split())
    assert "Hat nur einer getippt, wird nicht gespielt und er bekommt den Pott" in hint
    assert "bei ihm „0“ antippen" in hint
    assert "bei allen anderen „passt“" in hint
    assert "Wer allein tippt" not in hint
    assert '">passt</label>' in page  # the tiles the hint names
    assert '">0</label>' in page

    done = post(client, table, {"2": "0"})  # as the hint says: 0 for him, passed for the rest

    assert [deal.taps for deal in PotDeal.objects.all()] == [[None, None, 0, None]]
    assert "Spieler 02 tippt allein und bekommt den Pott" in done
    assert '<span class="total-points">3</span>' in done  # the pot of 3: the dealer's stake
