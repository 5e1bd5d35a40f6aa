"""The tournament's rules in the browser (issue 12): the organiser picks the rule set and its
options on the create form; at a private evening with Kontra the captain taps Kontra and Re on
the phone, in the first screen, and the score doubles."""

from collections.abc import Callable

from django.contrib.auth.models import AbstractBaseUser
from playwright.sync_api import Page, expect

from scoring.models import Deal
from tests.browser.test_one_screen_entry import RESULT, WHAT, WHO, Taps
from tests.scoring.helpers import playing_table
from tournaments.models import Tournament

CALLS = "Kontra und Re (wenn angesagt)"


def test_the_organiser_chooses_the_rules_and_kontra_only_at_a_private_evening(
    page: Page, organiser: AbstractBaseUser, log_in: Callable[[Page, AbstractBaseUser], None]
) -> None:
    log_in(page, organiser)
    page.goto("/tournaments/new/")
    rules = page.get_by_role("radio", name="Prisdorf Fipsen")
    expect(rules).to_be_checked()  # the only rule set the app plays today, chosen already
    page.get_by_label("Name").fill("Hausabend bei Heinz")
    page.get_by_role("radio", name="3", exact=True).check()
    page.get_by_label("Kontra und Rekontra").check()
    page.get_by_role("button", name="Turnier anlegen").click()

    expect(page.locator(".field-invalid")).to_contain_text(
        "Ein Preisfipsen wird ohne Kontra und Rekontra gespielt."
    )
    assert not Tournament.objects.exists()

    page.get_by_label("Preisturnier (mit Preisen)").uncheck()
    page.get_by_role("button", name="Turnier anlegen").click()
    expect(page.get_by_role("heading", level=1)).not_to_have_text("Neues Turnier")
    tournament = Tournament.objects.get()
    assert (tournament.rule_options["min_bid"], tournament.rule_options["kontra"]) == (3, True)
    assert not tournament.prize_tournament

    page.goto(f"/tournaments/{tournament.pk}/edit/")
    expect(page.locator(".rules-summary")).to_contain_text("Kontra und Rekontra: ja")


def test_the_captain_taps_kontra_on_the_phone_and_the_score_doubles(phone_page: Page) -> None:
    table = playing_table(rule_options={"kontra": True}, prize_tournament=False)
    phone_page.goto(f"/t/{table.token}/")
    taps = Taps(phone_page)
    for group, text in [(WHO, "Spieler 01"), (WHAT, "3"), (CALLS, "Kontra"), (RESULT, "verloren")]:
        taps.tile(group, text)
    expect(phone_page.locator("#deal-preview")).to_contain_text("−12")
    taps.save("Spiel 1 eintragen", says="Eingetragen")
    deal = Deal.objects.get(table=table)
    assert (deal.game, deal.score) == ("3 Kontra verloren", -12)
