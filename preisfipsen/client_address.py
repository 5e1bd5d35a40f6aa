"""Who is asking: the phone's address, also behind the reverse proxy of ``PREISFIPSEN_HTTPS=proxy``.

Behind a proxy every request comes from the proxy's address, so django-axes, which throttles
wrong passwords per address, locked everyone out after five wrong passwords from any one phone
(issue 18). The proxy, which listens on the laptop (docs/running.md), appends the address it
was reached from to ``X-Forwarded-For``: the last entry is the phone's. What a phone wrote into
that header itself stands to its left and is never read; a request that did not come from the
laptop itself is not the proxy's, and its header is not believed.
"""

import ipaddress

from django.conf import settings
from django.http import HttpRequest


def client_address(request: HttpRequest) -> str | None:
    """The address of the device that sent ``request`` (``AXES_CLIENT_IP_CALLABLE``)."""
    remote = request.META.get("REMOTE_ADDR") or None
    if settings.HTTPS != "proxy" or not _is_loopback(remote):
        return remote
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    last = forwarded.rsplit(",", 1)[-1].strip()
    return last if _is_address(last) else remote


def _is_loopback(address: str | None) -> bool:
    return _is_address(address) and ipaddress.ip_address(str(address)).is_loopback


def _is_address(text: str | None) -> bool:
    try:
        ipaddress.ip_address(str(text))
    except ValueError:
        return False
    return True
