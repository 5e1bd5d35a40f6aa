"""htmx makes a swapped-in form an htmx form at once (settle delay 0) on every page: on a
busy laptop a key typed in the default 20 ms would send the form without htmx and reload the
whole page, losing the focus (the desk's flake, f48d4cd)."""

import json
import re

import pytest
from django.test import Client


@pytest.mark.django_db
def test_every_page_settles_htmx_swaps_at_once(client: Client) -> None:
    page = client.get("/login/").content.decode()
    config = re.search(r"<meta name=\"htmx-config\" content='([^']+)'>", page)
    assert config, "no htmx-config on the page"
    assert json.loads(config.group(1))["defaultSettleDelay"] == 0
    assert "A form swapped in" not in page  # the template's comment stays in the template
    assert page.index("htmx-config") < page.index("django_htmx/htmx")
