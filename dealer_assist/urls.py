from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    # login, logout, password change and reset, under the names Django gives them ("login", ...).
    path("accounts/", include("django.contrib.auth.urls")),
    path("", include("games.urls")),
]
