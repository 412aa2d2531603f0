"""Django's model backend, reading a user's roles with the user.

Every request loads its user from the session, and nearly every one then asks for the user's roles
(``games.roles.roles_of``): one query for both instead of two.  Roles are read fresh on every
request, as before: a role taken away counts at the user's next request.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import PermissionDenied
from django.db.models import Exists, OuterRef

from games import roles

# The backend Django used before this one: sessions signed in through it stay valid (it is listed
# after this one, so every new sign-in goes through this one).
LEGACY = "django.contrib.auth.backends.ModelBackend"
NAMES = (*roles.ROLES, roles.ADMINISTRATOR)


class RolesModelBackend(ModelBackend):
    def authenticate(self, request, username=None, password=None, **kwargs):
        user = super().authenticate(request, username=username, password=password, **kwargs)
        if user is None and password is not None:
            # A refused sign-in stops here: the legacy backend after this one would only check the
            # same password again.  Django reports the failure as for any refused sign-in.
            raise PermissionDenied
        return user

    def get_user(self, user_id):
        model = get_user_model()
        memberships = model.groups.through.objects
        held = {f"holds_{index}": Exists(memberships.filter(user=OuterRef("pk"), group__name=name))
                for index, name in enumerate(NAMES)}
        user = model._default_manager.annotate(**held).filter(pk=user_id).first()
        if user is None:
            return None
        roles.remember(user, {name for index, name in enumerate(NAMES) if getattr(user, f"holds_{index}")})
        return user if self.user_can_authenticate(user) else None
