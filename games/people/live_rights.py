"""An open websocket keeps only the rights its user still has.

A socket is authenticated once, at connect; without more, it would keep dealing after its user
logged out, was deactivated or lost the dealer role.  So:

* every action that arrives over a socket first re-reads the session from the session store and
  the user (with their roles) from the database (``LiveRightsMixin.rights_user``);
* each socket joins its user's group ``user.<id>`` and its session's group; logging out closes
  the session's sockets, and a change to the user (deactivation, password, groups) or to a role's
  group (renamed, deleted) makes every socket of the users concerned re-check at once and close
  if its rights are gone;
* a role can also go with no signal at all (a membership row deleted directly): the pit's
  sockets, which show every table's requests, re-check before forwarding each push.  The signals send after
  the transaction that made the change commits, so the re-check reads the new state.

A socket closed for this reason gets code 4401 and a ``socket_closed`` security event.
"""

from __future__ import annotations

import hashlib
import logging
from importlib import import_module

from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model, load_backend
from django.contrib.auth.models import Group
from django.contrib.auth.signals import user_logged_out
from django.db import transaction
from django.db.models.signals import m2m_changed, post_delete, post_save, pre_delete
from django.dispatch import receiver
from django.utils.crypto import constant_time_compare

from games.people import roles
from games.people.access import NotAllowed
from games.people.security import scope_address, security_event

logger = logging.getLogger(__name__)

CLOSE_REVOKED = 4401


def user_group(user_id: int) -> str:
    return f"user.{user_id}"


def session_group(session_key: str) -> str:
    # A digest: the session key is a credential and must not appear in Redis.
    return "session." + hashlib.sha256(session_key.encode()).hexdigest()[:40]


def session_user(session_key: str | None):
    """The active user this session still authenticates, fresh from the database, or None.

    Django's ``get_user`` without its side effects (it would flush or cycle the session): the
    session must still exist, name a backend still configured, and carry the hash of the user's
    current password (or of a fallback secret's); the backend refuses an inactive user.
    """
    if not session_key:
        return None
    session = import_module(settings.SESSION_ENGINE).SessionStore(session_key=session_key)
    try:
        user_id = get_user_model()._meta.pk.to_python(session[SESSION_KEY])
        backend_path = session[BACKEND_SESSION_KEY]
    except KeyError:
        return None
    if backend_path not in settings.AUTHENTICATION_BACKENDS:
        return None
    user = load_backend(backend_path).get_user(user_id)
    if user is None:
        return None
    session_hash = session.get(HASH_SESSION_KEY) or ""
    hashes = [user.get_session_auth_hash(), *user.get_session_auth_fallback_hash()]
    if not session_hash or not any(constant_time_compare(session_hash, known) for known in hashes):
        return None
    return user


class LiveRightsMixin:
    """For a consumer: join the user's groups at connect, re-check rights before every action.

    ``socket_roles`` are the roles that may hold the socket open; a user left with none of them
    is disconnected.  A user who keeps the socket but lost the role an action needs is refused
    by the services, which see the fresh user.
    """

    socket_roles: frozenset[str] = frozenset(roles.ROLES)

    def _session_key(self) -> str | None:
        session = self.scope.get("session")
        return getattr(session, "session_key", None) if session is not None else None

    async def rights_join(self) -> None:
        groups = [user_group(self.scope["user"].pk)]
        if key := self._session_key():
            groups.append(session_group(key))
        for group in groups:
            await self.channel_layer.group_add(group, self.channel_name)
        self._rights_groups = groups

    async def rights_leave(self) -> None:
        for group in getattr(self, "_rights_groups", ()):
            await self.channel_layer.group_discard(group, self.channel_name)

    def _rights_check(self) -> tuple[object | None, str]:
        user = session_user(self._session_key())
        if user is None:
            return None, "the session ended (logout, expiry, password change) or the account was deactivated"
        if user.pk != self.scope["user"].pk:
            return None, "the session now belongs to another user"
        if not roles.roles_of(user) & self.socket_roles:
            return None, "the user no longer holds a role for this page"
        return user, ""

    async def rights_user(self):
        """The socket's user as the database has them now, or None after closing the socket."""
        user, why = await database_sync_to_async(self._rights_check)()
        if user is None:
            await self._rights_close(why)
            return None
        self.scope["user"] = user  # pages rendered for this socket follow the current roles
        return user

    async def rights_refuse_connect(self) -> None:
        """Refuse a socket whose user holds no role for this page (logged)."""
        security_event("role_refused", user=self.scope.get("user"), address=scope_address(self.scope),
                       path=self.scope.get("path", ""), needs=sorted(self.socket_roles))
        await self.close(code=4403)

    def rights_log_refusal(self, refusal: Exception) -> None:
        """Log a refusal of the services that a role check made (NotAllowed)."""
        if isinstance(refusal, NotAllowed):
            security_event("role_refused", user=self.scope.get("user"), address=scope_address(self.scope),
                           path=self.scope.get("path", ""), reason=str(refusal))

    async def rights_recheck(self, event: dict) -> None:
        await self.rights_user()

    async def rights_revoked(self, event: dict) -> None:
        await self._rights_close(event.get("reason", "rights revoked"))

    async def _rights_close(self, why: str) -> None:
        if getattr(self, "_rights_closed", False):
            return
        self._rights_closed = True
        user = self.scope.get("user")
        security_event("socket_closed", username=user.get_username() if user else "",
                       address=scope_address(self.scope), path=self.scope.get("path", ""), reason=why)
        await self.close(code=CLOSE_REVOKED)


# -- signals: tell the user's sockets ------------------------------------------------------------

def _send_after_commit(group: str, message: dict) -> None:
    def send() -> None:
        layer = get_channel_layer()
        if layer is None:
            return
        try:
            async_to_sync(layer.group_send)(group, message)
        except Exception:  # a messenger outage must not fail the logout or the admin's save
            logger.exception("Could not tell %s's sockets to %s", group, message["type"])

    transaction.on_commit(send)


def _recheck(user_id: int) -> None:
    _send_after_commit(user_group(user_id), {"type": "rights.recheck"})


@receiver(user_logged_out)
def _close_on_logout(sender, request, user, **kwargs) -> None:
    key = getattr(getattr(request, "session", None), "session_key", None)
    if key:
        _send_after_commit(session_group(key), {"type": "rights.revoked", "reason": "logged out"})


@receiver(post_save, sender=settings.AUTH_USER_MODEL)
def _recheck_on_user_change(sender, instance, created, update_fields=None, **kwargs) -> None:
    # Logging in only stamps last_login: nothing about the user's rights changed.
    if not created and set(update_fields or ()) != {"last_login"}:
        _recheck(instance.pk)


@receiver(post_delete, sender=settings.AUTH_USER_MODEL)
def _close_on_user_delete(sender, instance, **kwargs) -> None:
    _send_after_commit(user_group(instance.pk), {"type": "rights.revoked", "reason": "account deleted"})


def _on_groups_changed(sender, instance, action, reverse, pk_set, **kwargs) -> None:
    if not reverse:  # user.groups.add/remove/clear(...)
        if action in ("post_add", "post_remove", "post_clear"):
            _recheck(instance.pk)
        return
    # group.user_set.add/remove/clear(...): the users are in pk_set, or (clear) read beforehand.
    if action == "pre_clear":
        instance._clearing_user_ids = list(instance.user_set.values_list("pk", flat=True))
    elif action in ("post_add", "post_remove"):
        for user_id in pk_set or ():
            _recheck(user_id)
    elif action == "post_clear":
        for user_id in getattr(instance, "_clearing_user_ids", ()):
            _recheck(user_id)


# Roles are group names: a group renamed or deleted takes the role from every member at once,
# with no signal about the users themselves.
@receiver(post_save, sender=Group)
def _recheck_on_group_change(sender, instance, created, **kwargs) -> None:
    if not created:
        for user_id in instance.user_set.values_list("pk", flat=True):
            _recheck(user_id)


@receiver(pre_delete, sender=Group)
def _remember_group_members(sender, instance, **kwargs) -> None:
    instance._member_ids = list(instance.user_set.values_list("pk", flat=True))


@receiver(post_delete, sender=Group)
def _recheck_on_group_delete(sender, instance, **kwargs) -> None:
    for user_id in getattr(instance, "_member_ids", ()):
        _recheck(user_id)


def connect_signals() -> None:
    m2m_changed.connect(_on_groups_changed, sender=get_user_model().groups.through,
                        dispatch_uid="games.people.live_rights.groups")
