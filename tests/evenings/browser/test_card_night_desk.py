"""The organiser runs a card night in the browser (issue 28 item 5): makes it, takes in the
evening's Preisskat and Preisfipsen, registers an arrival once for both, taps a second one in
for the Skat only, and reads the evening's cash box."""

from collections.abc import Callable
from decimal import Decimal

from django.contrib.auth.models import AbstractBaseUser
from django.utils import timezone
from playwright.sync_api import Page, expect

from evenings import services
from tests.browser.conftest import PHONE, NewPage
from tournaments import services as tournament_services
from tournaments.models import Registration


def test_one_desk_for_the_evening(
    page: Page, organiser: AbstractBaseUser, log_in: Callable[[Page, AbstractBaseUser], None]
) -> None:
    today = timezone.localdate()
    for name, rules, fee in (
        ("Preisskat", "preisskat", "10.00"),
        ("Preisfipsen", "prisdorf", "5.00"),
    ):
        tournament_services.tournament_create(name=name, date=today, rule_set=rules,
                                              entry_fee=Decimal(fee))  # fmt: skip
    log_in(page, organiser)
    page.goto("/")
    page.get_by_role("link", name="Kartenabende").click()
    page.get_by_role("link", name="Neuer Kartenabend").click()
    page.get_by_label("Name").fill("Kartenabend im Dorfkrug")
    page.get_by_role("button", name="Kartenabend anlegen").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Die Anmeldung des Abends")
    for _ in range(2):
        page.get_by_role("button", name="Zum Kartenabend nehmen").first.click()
    expect(page.locator(".card-night-tournaments li a")).to_have_text(["Preisskat", "Preisfipsen"])

    page.get_by_label("Name").fill("Anna Sievers")
    page.get_by_role("button", name="Anmelden: er spielt, was angekreuzt ist").click()
    expect(page.locator(".message")).to_contain_text("Anna Sievers")
    page.get_by_label("Name").fill("Bernd Kröger")
    page.get_by_label("Preisfipsen").uncheck()
    page.get_by_role("button", name="Anmelden: er spielt, was angekreuzt ist").click()
    row = page.get_by_role("row", name="Bernd Kröger")
    expect(row.get_by_role("button")).to_have_text(["spielt · bezahlt", "spielt nicht"])
    row.get_by_role("button", name="spielt nicht").click()  # one tap: he plays it too
    expect(page.get_by_role("row", name="Bernd Kröger").get_by_role("button")).to_have_text(
        ["spielt · bezahlt", "spielt · bezahlt"]
    )
    assert Registration.objects.filter(checked_in_at__isnull=False).count() == 4

    page.get_by_role("link", name="Die Kasse des Abends").click()
    expect(page.locator(".cash-sums").first).to_contain_text("30,00 €")  # 2 × 10 € + 2 × 5 €


def test_the_desk_and_the_cash_box_fit_a_small_phone(
    new_page: NewPage, organiser: AbstractBaseUser, log_in: Callable[[Page, AbstractBaseUser], None]
) -> None:
    """At 320 px (the walk's finding: the desk's buttons broke "spielt" inside the word, and
    both pages scrolled sideways)."""
    today = timezone.localdate()
    card_night = services.card_night_create(name="Kartenabend", date=today)
    tournaments = [
        tournament_services.tournament_create(
            name=name, date=today, rule_set=rules, entry_fee=Decimal("10.00")
        )
        for name, rules in (("Preisskat im Dorfkrug", "preisskat"), ("Preisfipsen", "prisdorf"))
    ]
    for tournament in tournaments:
        services.card_night_take_in(card_night=card_night, tournament=tournament)
    services.arrival_register(name="Karl-Heinz Wichmann-Behrens", club="SC Prisdorf",
                              plays=tournaments)  # fmt: skip
    services.arrival_register(name="Anna Sievers", club="", plays=tournaments[:1])
    page = new_page(**{**PHONE, "viewport": {"width": 320, "height": 568}})
    log_in(page, organiser)
    for url in (f"/card-nights/{card_night.pk}/", f"/card-nights/{card_night.pk}/cash/"):
        page.goto(url)
        assert page.evaluate("document.documentElement.scrollWidth") <= 320, url
    page.goto(f"/card-nights/{card_night.pk}/")
    labels = page.locator("table.card-night-desk button")
    expect(labels).to_have_count(4)
    # Each label wraps between its words only: no word is wider than its button.
    assert page.evaluate(
        """[...document.querySelectorAll('table.card-night-desk button')].every(
            b => b.scrollWidth <= b.clientWidth)"""
    )
