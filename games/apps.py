from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"
    verbose_name = "Table games"

    def ready(self) -> None:
        # Signal receivers: sockets follow logouts and changes to their user's rights.
        from games.people import audit, live_rights, logins  # noqa: F401 - logins' receivers connect on import

        live_rights.connect_signals()
        audit.connect_signals()  # users' roles, wherever they change, go to the audit trail
