"""The progressives page and each meter's ledger."""

from django.urls import path

from games.progressives import views

urlpatterns = [
    path("progressives/", views.progressives_page, name="progressives"),
    path("progressives/meters/<int:meter_id>/", views.meter_ledger, name="meter-ledger"),
]
