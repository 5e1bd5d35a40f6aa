"""The organiser picks Preisskat on the new-tournament form (issue 28): the deal counts turn to
a Skat list's 48 and 36 and the tie-break to "more games won, then fewer lost"; a count he
typed himself stays; the tournament is created with them."""

from collections.abc import Callable

from django.contrib.auth.models import AbstractBaseUser
from playwright.sync_api import Page, expect

from tournaments.models import Tournament


def test_picking_preisskat_shows_its_own_counts_and_tie_break(
    page: Page, organiser: AbstractBaseUser, log_in: Callable[[Page, AbstractBaseUser], None]
) -> None:
    log_in(page, organiser)
    page.goto("/tournaments/new/")
    four, three = page.locator("#id_deals_at_four"), page.locator("#id_deals_at_three")
    tie_break, name = page.locator("#id_tie_break"), page.locator("#id_name")
    expect(name).to_have_value("Preisfipsen")
    expect(four).to_have_value("100")
    expect(three).to_have_value("120")
    three.fill("110")  # the organiser's own count
    page.get_by_role("radio", name="Preisskat (Turnierskat)").check()
    expect(four).to_have_value("48")
    expect(three).to_have_value("110")  # his own stays
    expect(tie_break).to_have_value("more_won,fewer_lost")
    expect(name).to_have_value("Preisskat")  # the walk's finding: it stayed "Preisfipsen"
    page.get_by_role("radio", name="Prisdorf").check()
    expect(name).to_have_value("Preisfipsen")
    page.get_by_role("radio", name="Preisskat (Turnierskat)").check()
    page.get_by_label("Name").fill("Preisskat im Dorfkrug")
    page.get_by_role("button", name="Turnier anlegen").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Preisskat im Dorfkrug")
    tournament = Tournament.objects.get(name="Preisskat im Dorfkrug")
    assert (tournament.deals_at_four, tournament.deals_at_three) == (None, 110)
    assert tournament.tie_break == "more_won,fewer_lost"
