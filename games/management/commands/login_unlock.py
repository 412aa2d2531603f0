"""Lift a login lock-out: ``manage.py login_unlock USERNAME`` or ``manage.py login_unlock --address IP``."""

from django.core.management.base import BaseCommand, CommandError

from games.engine.core import Refused
from games.people.logins import locked_logins, login_unlock


class Command(BaseCommand):
    help = "Reset the failed logins of a username or an address, lifting its lock-out (logged)."

    def add_arguments(self, parser):
        parser.add_argument("username", nargs="?", default="")
        parser.add_argument("--address", default="", help="an IP address instead of a username")
        parser.add_argument("--list", action="store_true", help="only list what is locked")

    def handle(self, *args, username: str, address: str, list: bool, **options):
        if list:
            for lock in locked_logins():
                self.stdout.write(f"{lock.kind} {lock.value}: {lock.failures} failures, last at {lock.last_attempt}")
            return
        try:
            cleared = login_unlock(by=None, username=username, address=address)
        except Refused as refusal:
            raise CommandError(str(refusal)) from None
        self.stdout.write(f"Unlocked {username or address}: {cleared} attempt records cleared")
