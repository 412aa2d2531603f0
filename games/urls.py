from django.urls import path

from games.people import views as audit_views
from games.reports import views as report_views
from games.table import views

urlpatterns = [
    path("", views.home, name="home"),
    path("tables/<int:table_id>/", views.table_page, name="table"),
    path("tables/<int:table_id>/state/", views.table_fragment, name="table-state"),
    path("tables/<int:table_id>/configure/", views.table_configure, name="table-configure"),
    path("tables/<int:table_id>/start/", views.round_start, name="round-start"),
    path("tables/<int:table_id>/deal/", views.dealer_sign_in, name="dealer-sign-in"),
    path("dealers/", views.dealer_assignments, name="dealer-assignments"),
    path("rounds/<int:round_id>/act/", views.round_act, name="round-act"),
    path("pit/", views.pit_page, name="pit"),
    path("pit/state/", views.pit_fragment, name="pit-state"),
    path("pit/waiting/", views.pit_waiting, name="pit-waiting"),
    path("approvals/<int:approval_id>/decide/", views.approval_decide, name="approval-decide"),
    path("progressives/", views.progressives_page, name="progressives"),
    path("progressives/meters/<int:meter_id>/", views.meter_ledger, name="meter-ledger"),
    path("logins/locked/", views.locked_logins, name="locked-logins"),
    path("history/", views.history, name="history"),
    path("history.csv", views.history_csv, name="history-csv"),
    path("reports/", report_views.reports_page, name="reports"),
    path("reports.csv", report_views.reports_csv, name="reports-csv"),
    path("reports.pdf", report_views.reports_pdf, name="reports-pdf"),
    path("audit/", audit_views.audit_page, name="audit"),
    path("audit.csv", audit_views.audit_csv, name="audit-csv"),
    path("rounds/<int:round_id>/", views.round_detail, name="round-detail"),
    path("rounds/<int:round_id>/sheet.json", views.round_sheet, name="round-sheet"),
    path("rounds/<int:round_id>/recompute/", views.round_recompute, name="round-recompute"),
    path("rounds/<int:round_id>/hand.phh", views.round_hand_history, name="round-hand-history"),
]
