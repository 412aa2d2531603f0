"""The people's pages: locked logins and the audit trail."""

from django.urls import path

from games.people import views

urlpatterns = [
    path("logins/locked/", views.locked_logins, name="locked-logins"),
    path("audit/", views.audit_page, name="audit"),
    path("audit.csv", views.audit_csv, name="audit-csv"),
]
