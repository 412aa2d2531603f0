"""The supervisor's reports, as a page, a CSV and a PDF."""


from django.urls import path

from games.reports import views

urlpatterns = [
    path("reports/", views.reports_page, name="reports"),
    path("reports.csv", views.reports_csv, name="reports-csv"),
    path("reports.pdf", views.reports_pdf, name="reports-pdf"),
]
