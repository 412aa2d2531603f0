"""Who may open a page or take an action: the role a view requires, and the refusal of an action
the user's role does not allow (logged as a security event when a page is refused it).
"""

from __future__ import annotations

from functools import wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest

from games.engine.core import Refused
from games.people import access, roles
from games.people.security import LOGGED_MARK, request_address, security_event


class NotAllowed(Refused):
    """The user's role does not allow this action."""


def role_required(*allowed: str):
    """Only users holding one of these roles may open the page (everyone else gets 403)."""

    def decorator(view):
        @wraps(view)
        @login_required
        def wrapper(request: HttpRequest, *args, **kwargs):
            if not roles.roles_of(request.user) & set(allowed):
                security_event("role_refused", user=request.user, address=request_address(request),
                               path=request.path, needs=list(allowed))
                setattr(request, LOGGED_MARK, True)  # Django's own 403 line would repeat it
                raise PermissionDenied(f"This page is for: {', '.join(allowed)}")
            return view(request, *args, **kwargs)

        return wrapper

    return decorator


ANY_ROLE = roles.ROLES


def log_if_not_allowed(request: HttpRequest, refusal: Refused) -> None:
    if isinstance(refusal, access.NotAllowed):
        security_event("role_refused", user=request.user, address=request_address(request), path=request.path,
                       reason=str(refusal))
