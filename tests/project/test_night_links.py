"""The links of tournaments' night pages to scoring's pages, registered by scoring at start
(tournaments/night_links.py): every one is there, and opens the page it did by URL name."""

import pytest
from django.template import Context, Template
from django.urls import NoReverseMatch, reverse

from tournaments import night_links


def test_scoring_registers_every_link_the_night_pages_show() -> None:
    assert night_links._url_names == {
        "board": "scoring:board",
        "finish": "scoring:finish",
        "reopen": "scoring:reopen",
        "table_sheet": "scoring:organiser_sheet",
        "table_end": "scoring:table_end",
        "table_resume": "scoring:table_resume",
        "series_end": "scoring:series_end",
    }
    assert set(night_links._url_names) == set(night_links.NIGHT_LINKS)


def test_a_link_is_the_url_of_its_page() -> None:
    assert night_links.night_link("finish", 7) == reverse("scoring:finish", args=[7])
    assert night_links.night_link("table_end", 7, 3) == reverse("scoring:table_end", args=[7, 3])
    page = Template("{% load night_links %}{% night_link 'table_sheet' 7 3 %}")
    assert page.render(Context()) == reverse("scoring:organiser_sheet", args=[7, 3])


def test_a_link_no_page_shows_cannot_be_registered() -> None:
    with pytest.raises(ValueError, match="deals"):
        night_links.register(deals="scoring:dashboard")
    assert "deals" not in night_links._url_names


def test_a_link_no_app_registered_fails_like_an_unknown_url_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(night_links, "_url_names", {})
    with pytest.raises(NoReverseMatch, match="finish"):
        night_links.night_link("finish", 7)
