"""The laptop's server gone, as the offline tests make it: every request to it refused."""

import re

from playwright.sync_api import BrowserContext


class Outage:
    """The laptop's server unreachable for one context: every request to it refused."""

    def __init__(self, context: BrowserContext, url: str) -> None:
        self.context = context
        self.pattern = re.compile("^" + re.escape(url))

    def __enter__(self) -> "Outage":
        self.context.route(self.pattern, lambda route: route.abort("connectionrefused"))
        return self

    def __exit__(self, *_exc: object) -> None:
        self.context.unroute(self.pattern)
