"""Demo tables and one user per role, for a first run on the embedded default."""

from django.contrib.auth.models import Group, User
from django.core.management.base import BaseCommand

from games.floor import services
from games.models import DealerAssignment, Table
from games.people.roles import ROLES, grant_administrator

DEMO_PASSWORD = "demo-pass-2026"  # noqa: S105 - demo accounts of the embedded default only
DEMO_USERS = {"dealer": ["dealer"], "dealer2": ["dealer"], "floor": ["floorperson"], "super": ["supervisor"]}
DEMO_ADMIN = "admin"  # the demo administrator: users, roles and tables in the Django admin (/admin/)
DEMO_TABLES = [
    ("TH-1", "texas-holdem-bonus", {"bonus_paytable": "A", "ante_returned_below": "straight",
                                    "dealing_method": "manual_shoe", "approval_threshold": "500.00"}, False),
    ("TH-2", "texas-holdem-bonus", {"bonus_paytable": "B", "ante_returned_below": "flush",
                                    "dealing_method": "hand", "counting_shuffler": True}, False),
    ("TH-T", "texas-holdem-bonus", {"bonus_paytable": "A", "approval_threshold": "100.00"}, True),
    ("WPT-1", "wpt-heads-up", {"pocket_bonus_paytable": "A", "trips_plus_paytable": "B",
                               "approval_threshold": "500.00"}, False),
    ("LIR-1", "let-it-ride", {"let_it_ride_paytable": "A", "five_card_bonus_paytable": "C",
                              "three_card_bonus_paytable": "D", "six_card_bonus_paytable": "A",
                              "approval_threshold": "500.00"}, False),
    ("MS-1", "mississippi-stud", {"dealing_method": "manual_shoe", "approval_threshold": "500.00"}, False),
    ("UTH-1", "ultimate-texas-holdem", {"blind_paytable": "A", "trips_paytable": "B", "preflop_play": "4_or_3",
                                        "approval_threshold": "500.00"}, False),
    ("CSP-1", "caribbean-stud", {"bonus_paytable": "A", "payout_limit": "50000.00", "approval_threshold": "500.00"},
     False),
    ("FCP-1", "four-card-poker", {"aces_up_paytable": "A", "bad_beat_paytable": "A", "approval_threshold": "500.00"},
     False),
    ("S21-1", "spanish-21", {"decks": "6", "match_the_dealer": True, "even_money": True,
                             "settlement_order": "collect_then_pay", "approval_threshold": "500.00"}, False),
    ("S21-T", "spanish-21", {"decks": "8", "match_the_dealer": True, "settlement_order": "right_to_left"}, True),
    ("C4-1", "crazy-4-poker", {"queens_up_paytable": "A", "approval_threshold": "500.00"}, False),
    ("POKER-1", "poker", {"variant": "holdem", "structure": "no_limit", "small_blind": "1.00", "big_blind": "2.00",
                          "straddle": True, "rake_method": "percent", "rake_percent": "10", "rake_cap": "5.00",
                          "bad_beat_drop": "1.00", "drop_minimum_pot": "20.00"}, False),
]
# Where each demo dealer starts (a dealer acts only at their table; "I'm dealing this table" on
# another table's page moves them there).
DEMO_ASSIGNMENTS = {"dealer": "TH-1", "dealer2": "TH-2"}


class Command(BaseCommand):
    help = "Create the demo tables and one demo user per role (idempotent), and print the logins."

    def handle(self, *args, **options):
        groups = {name: Group.objects.get_or_create(name=name)[0] for name in ROLES}
        for username, user_roles in DEMO_USERS.items():
            user, created = User.objects.get_or_create(username=username)
            if created:
                user.set_password(DEMO_PASSWORD)
                user.save()
            user.groups.set([groups[role] for role in user_roles])
        admin, created = User.objects.get_or_create(username=DEMO_ADMIN, defaults={"is_staff": True,
                                                                                   "is_superuser": True})
        if created:
            admin.set_password(DEMO_PASSWORD)
            admin.save()
        admin.groups.add(grant_administrator())
        for name, game, rules, training in DEMO_TABLES:
            Table.objects.get_or_create(name=name, defaults={"game": game, "rules": rules, "training": training})
        for username, table_name in DEMO_ASSIGNMENTS.items():
            dealer = User.objects.get(username=username)
            if not DealerAssignment.objects.filter(dealer=dealer, ended_at__isnull=True).exists():
                services.dealer_sign_in(table_id=Table.objects.get(name=table_name).id, user=dealer)
        self.stdout.write(f"Demo logins (password for all: {DEMO_PASSWORD}):")
        for username, user_roles in DEMO_USERS.items():
            self.stdout.write(f"  {username:<8} {', '.join(user_roles)}")
        self.stdout.write(f"  {DEMO_ADMIN:<8} administrator (users, roles and tables in the Django admin, /admin/; "
                          "dealers at tables, /dealers/)")
        training = [name for name, *_, in_training in DEMO_TABLES if in_training]
        self.stdout.write("Tables: " + ", ".join(name for name, *_ in DEMO_TABLES)
                          + f" ({' and '.join(training)} in training mode)")
        where = ", ".join(f"{username} at {table}" for username, table in DEMO_ASSIGNMENTS.items())
        self.stdout.write(f"Each dealer acts at one table ({where}); \"I'm dealing this table\" on another table's "
                          "page moves them there.")
