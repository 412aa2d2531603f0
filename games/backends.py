"""The authentication backend under the dotted path that signed-in sessions store.

Django keeps the backend's path in each session (``BACKEND_SESSION_KEY``) and signs out a session
whose path is no longer in ``AUTHENTICATION_BACKENDS``: the path stays, and the backend itself
lives with the rest of the people's code (``games.people.backends``).
"""

from games.people.backends import RolesModelBackend

__all__ = ["RolesModelBackend"]
