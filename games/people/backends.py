"""Django's model backend, reading a user's roles with the user.

Every request loads its user from the session, and nearly every one then asks for the user's roles
(``games.people.roles.roles_of``): one query for both instead of two.  Roles are read fresh on every
request, as before: a role taken away counts at the user's next request.
"""

from __future__ import annotations

import functools

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import PermissionDenied
from django.db import connection

from games.common import rows
from games.people import roles

NAMES = (*roles.ROLES, roles.ADMINISTRATOR)


@functools.cache
def _roles_sql() -> str:
    """A column of the user's row: the sum of one bit per role (``NAMES``) the user holds.  Plain
    SQL: the ORM's EXISTS per role cost more to build than the query it saves."""
    model = get_user_model()
    field = model._meta.get_field("groups")
    through, group = field.remote_field.through._meta, field.related_model._meta
    q = connection.ops.quote_name
    member, grp = q(through.db_table), q(group.db_table)
    user_column = q(through.get_field(field.m2m_field_name()).column)
    group_column = q(through.get_field(field.m2m_reverse_field_name()).column)
    cases = " ".join(f"WHEN %s THEN {1 << index}" for index in range(len(NAMES)))
    return (f"SELECT COALESCE(SUM(CASE {grp}.{q('name')} {cases} ELSE 0 END), 0) FROM {member} "  # noqa: S608 (the models' names)
            f"INNER JOIN {grp} ON {grp}.{q(group.pk.column)} = {member}.{group_column} "
            f"WHERE {member}.{user_column} = {q(model._meta.db_table)}.{q(model._meta.pk.column)}")


class RolesModelBackend(ModelBackend):
    def authenticate(self, request, username=None, password=None, **kwargs):
        user = super().authenticate(request, username=username, password=password, **kwargs)
        if user is None and password is not None:
            # A refused sign-in stops here: the legacy backend after this one would only check the
            # same password again.  Django reports the failure as for any refused sign-in.
            raise PermissionDenied
        return user

    def get_user(self, user_id):
        # A statement written once (games.common.rows): through the QuerySet API, building this query cost
        # several times the CPU of running it, on every request.
        user = rows.by_pk(get_user_model(), user_id, {"role_bits": _roles_sql()}, NAMES)
        if user is None:
            return None
        roles.remember(user, {name for index, name in enumerate(NAMES) if user.role_bits & (1 << index)})
        return user if self.user_can_authenticate(user) else None
