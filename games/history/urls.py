"""The history's pages: the search and its CSV, each round's page, sheet, recompute and hand history."""

from django.urls import path

from games.history import views

urlpatterns = [
    path("history/", views.history, name="history"),
    path("history.csv", views.history_csv, name="history-csv"),
    path("rounds/<int:round_id>/", views.round_detail, name="round-detail"),
    path("rounds/<int:round_id>/sheet.json", views.round_sheet, name="round-sheet"),
    path("rounds/<int:round_id>/recompute/", views.round_recompute, name="round-recompute"),
    path("rounds/<int:round_id>/hand.phh", views.round_hand_history, name="round-hand-history"),
]
