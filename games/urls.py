"""Every page of the app, each domain's own (names unchanged: the templates reverse them)."""

from django.urls import include, path

urlpatterns = [
    path("", include("games.floor.urls")),
    path("", include("games.table.urls")),
    path("", include("games.progressives.urls")),
    path("", include("games.people.urls")),
    path("", include("games.history.urls")),
    path("", include("games.reports.urls")),
]
