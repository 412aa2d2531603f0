"""The floor's pages: the home page, the pit and its approvals, the dealers at tables."""

from django.urls import path

from games.floor import views

urlpatterns = [
    path("", views.home, name="home"),
    path("dealers/", views.dealer_assignments, name="dealer-assignments"),
    path("pit/", views.pit_page, name="pit"),
    path("pit/state/", views.pit_fragment, name="pit-state"),
    path("pit/waiting/", views.pit_waiting, name="pit-waiting"),
    path("approvals/<int:approval_id>/decide/", views.approval_decide, name="approval-decide"),
]
