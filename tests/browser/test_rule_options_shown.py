"""With JavaScript the new-tournament form shows only the chosen rule set's options."""

from collections.abc import Callable

from django.contrib.auth.models import AbstractBaseUser
from playwright.sync_api import Page, expect


def test_only_the_chosen_rule_sets_options_are_shown(
    page: Page, organiser: AbstractBaseUser, log_in: Callable[..., None]
) -> None:
    log_in(page, organiser)
    page.goto("/tournaments/new/")
    groups = page.locator("fieldset.rule-options")
    expect(groups.locator("visible=true")).to_have_count(1)
    expect(page.locator('fieldset[data-rules="prisdorf"]')).to_be_visible()
    expect(page.get_by_label("Kloppen")).to_be_hidden()

    page.locator('input[name="rule_set"][value="grossenaspe"]').check()

    expect(page.get_by_label("Kloppen")).to_be_visible()
    expect(page.locator('fieldset[data-rules="prisdorf"]')).to_be_hidden()
    expect(groups.locator("visible=true")).to_have_count(1)


def test_only_the_chosen_rule_sets_deal_counts_are_shown(
    page: Page, organiser: AbstractBaseUser, log_in: Callable[..., None]
) -> None:
    log_in(page, organiser)
    page.goto("/tournaments/new/")
    three, four = page.locator("#id_deals_at_three"), page.locator("#id_deals_at_four")
    expect(three).to_be_visible()
    expect(four).to_be_visible()

    page.locator('input[name="rule_set"][value="ansegger"]').check()
    expect(three).to_be_hidden()
    expect(four).to_be_visible()

    page.locator('input[name="rule_set"][value="tippen"]').check()
    expect(three).to_be_hidden()
    expect(four).to_be_hidden()

    page.locator('input[name="rule_set"][value="prisdorf"]').check()
    expect(three).to_be_visible()


def test_a_race_or_tippen_night_is_not_shown_prisdorfs_fields(
    page: Page, organiser: AbstractBaseUser, log_in: Callable[..., None]
) -> None:
    """Issue 21: "Bei Punktgleichheit" and the Preisfipsen tick (Kontra) stood for a race."""
    log_in(page, organiser)
    page.goto("/tournaments/new/")
    tie_break, prize = page.locator("#id_tie_break"), page.locator("#id_prize_tournament")
    expect(tie_break).to_be_visible()
    expect(prize).to_be_visible()

    for rules in ("thedinghausen", "tippen"):
        page.locator(f'input[name="rule_set"][value="{rules}"]').check()
        expect(tie_break).to_be_hidden()
        expect(prize).to_be_hidden()

    page.locator('input[name="rule_set"][value="grossenaspe"]').check()
    expect(tie_break).to_be_visible()
    expect(prize).to_be_hidden()  # no Kontra to agree at Großenaspe
