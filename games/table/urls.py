"""The table's pages: its screen and fragment, its rules, a round's start and taps."""

from django.urls import path

from games.table import views

urlpatterns = [
    path("tables/<int:table_id>/", views.table_page, name="table"),
    path("tables/<int:table_id>/state/", views.table_fragment, name="table-state"),
    path("tables/<int:table_id>/configure/", views.table_configure, name="table-configure"),
    path("tables/<int:table_id>/start/", views.round_start, name="round-start"),
    path("tables/<int:table_id>/deal/", views.dealer_sign_in, name="dealer-sign-in"),
    path("rounds/<int:round_id>/act/", views.round_act, name="round-act"),
]
