"""The class service: rooms and the class record behind one JupyterHub service.

On a school's JupyterHub every student has their own server (on Kubernetes, their own
container), so the class store must be a networked PostgreSQL, and a student's server
must not hold its password. The class service (``deploy/classservice.py``, started by
the hub) is the only process that talks to the database; a student's server calls it
over HTTP with the hub's API token it already has, and the service answers only what that
student may see: their own seat's view, their own progress; teachers (the hub group
``teachers``) get the console and the class's progress.

The rooms' and the class record's code reads the same interface either way, chosen by
configuration: ``CARDMATH_ROOMS=service`` (set by the hub for every student's server)
makes :func:`cardmath.rooms.open_store` return a :class:`~cardmath.service.client.ServiceStore`
talking to ``CARDMATH_CLASS_SERVICE`` with ``JUPYTERHUB_API_TOKEN``; a ``sqlite:///`` or
``postgresql://`` address opens the database in process, as on a laptop.

Refusals cross the wire as their own class and sentence (see :func:`error_payload`), so a
page shows the same sentence on a hub as on a laptop.

>>> payload = error_payload(NotPermitted("seat 2 of room K7QX2 is not yours"))
>>> payload["status"], payload["error"]
(403, 'NotPermitted')
>>> raise error_from(payload)
Traceback (most recent call last):
  ...
cardmath.service.NotPermitted: seat 2 of room K7QX2 is not yours
"""

from __future__ import annotations

import os
from typing import Any

from cardmath.errors import ActionSyntaxError, CardMathError, IllegalMove
from cardmath.rooms.errors import BadToken, RoomError, RoomNotFound

__all__ = [
    "SERVICE_NAME",
    "SERVICE_URL_SCHEME",
    "TEACHERS_GROUP",
    "NotPermitted",
    "ServiceUnavailable",
    "error_from",
    "error_payload",
    "is_service_url",
    "service_address",
]

SERVICE_NAME = "cardmath-class"
"""The service's name on the hub (its URL prefix is ``/services/cardmath-class/``)."""

TEACHERS_GROUP = "teachers"
"""The hub group whose members get the console and the class's progress."""

SERVICE_URL_SCHEME = "service"
"""``CARDMATH_ROOMS=service``: the class service at ``CARDMATH_CLASS_SERVICE``; or
``service+http://host:port/services/cardmath-class/`` to name it in one address."""


class NotPermitted(BadToken):
    """A call the hub user may not make: another seat's view or move, another student's
    progress, or a teacher's call from a student."""


class ServiceUnavailable(RoomError):
    """The class service did not answer (restarting, or unreachable)."""


def is_service_url(url: str) -> bool:
    """Whether a store address names the class service, not a database.

    >>> is_service_url("service"), is_service_url("service+http://hub:10101/")
    (True, True)
    >>> is_service_url("sqlite:///rooms.sqlite")
    False
    """
    return url == SERVICE_URL_SCHEME or url.startswith(f"{SERVICE_URL_SCHEME}+http")


def service_address(url: str) -> tuple[str, str]:
    """The service's base URL and the API token to call it with, for a service address.

    ``service`` reads the URL from ``CARDMATH_CLASS_SERVICE``; the token is
    ``CARDMATH_CLASS_TOKEN`` if set, else the hub's ``JUPYTERHUB_API_TOKEN`` (which
    every student's server and its kernels have).
    """
    from cardmath.rooms.errors import StoreError

    if url == SERVICE_URL_SCHEME:
        base = os.environ.get("CARDMATH_CLASS_SERVICE", "")
    else:
        base = url.split("+", 1)[1]
    if not base.startswith(("http://", "https://")):
        raise StoreError(
            "the class service's address is not set: CARDMATH_CLASS_SERVICE must be its "
            "URL (the hub's configuration sets it for every student's server)"
        )
    token = os.environ.get("CARDMATH_CLASS_TOKEN") or os.environ.get("JUPYTERHUB_API_TOKEN", "")
    if not token:
        raise StoreError(
            "no hub token to call the class service with (JUPYTERHUB_API_TOKEN is not set: "
            "is this a JupyterHub server?)"
        )
    return base.rstrip("/") + "/", token


def _status(error: BaseException) -> int:
    if isinstance(error, BadToken):
        return 403
    if isinstance(error, RoomNotFound):
        return 404
    return 400


def error_payload(error: CardMathError) -> dict[str, Any]:
    """A refusal as the JSON the service answers with: HTTP status, class, sentence, rule."""
    return {
        "status": _status(error),
        "error": type(error).__name__,
        "message": str(error),
        "rule": getattr(error, "rule", None),
    }


def _error_classes() -> dict[str, type[CardMathError]]:
    import cardmath.errors as base
    import cardmath.rooms.errors as rooms

    found: dict[str, type[CardMathError]] = {}
    for module in (base, rooms):
        for name in dir(module):
            value = getattr(module, name)
            if isinstance(value, type) and issubclass(value, CardMathError):
                found[name] = value
    found.update(NotPermitted=NotPermitted, ServiceUnavailable=ServiceUnavailable)
    return found


def error_from(payload: dict[str, Any]) -> CardMathError:
    """The refusal a service answer carries, as the same class with the same sentence
    (a class this side does not know becomes a :class:`RoomError`)."""
    message = str(payload.get("message") or "the class service refused this")
    cls = _error_classes().get(str(payload.get("error")), RoomError)
    rule = payload.get("rule")
    if rule is not None and issubclass(cls, (IllegalMove, ActionSyntaxError)):
        try:
            return cls(message, rule)
        except TypeError:  # a refusal whose rule is fixed by its class
            pass
    return cls(message)
