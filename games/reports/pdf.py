"""A page rendered as PDF on the server, with WeasyPrint, through the print stylesheet.

WeasyPrint lays the page out for print media, so the PDF is what the browser prints: no
navigation, forms or export links, A4, page breaks between the tables (static/css).  It reads
the page's own static files from disk and fetches nothing else: no request leaves the server
(an address in a page, such as a table's name, could otherwise point it anywhere).

WeasyPrint loads Pango when it is imported, so it is imported only here, when a PDF is asked
for: a server without Pango serves every other page.
"""

from __future__ import annotations

import mimetypes
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage

ORIGIN = "http://dealer-assist.invalid"  # the base of the page's addresses; never fetched


class NoPango(RuntimeError):
    """WeasyPrint cannot find Pango: the Debian packages scripts/bootstrap installs are missing."""


def static_file(url: str) -> Path | None:
    """The file a static address is served from: collected (hashed names, in production) or the
    source; None for any other address."""
    prefix = ORIGIN + settings.STATIC_URL
    if not url.startswith(prefix):
        return None
    name = url.split("?")[0].removeprefix(prefix)
    if not name or ".." in name.split("/"):
        return None
    if staticfiles_storage.exists(name):
        return Path(staticfiles_storage.path(name))
    found = finders.find(name)
    return Path(found) if found else None


def pdf_of(html: str) -> bytes:
    try:
        from weasyprint import HTML
        from weasyprint.urls import URLFetcher, URLFetcherResponse
    except OSError as error:
        raise NoPango(str(error)) from error

    class StaticFilesOnly(URLFetcher):
        def fetch(self, url: str, headers=None) -> URLFetcherResponse:
            path = static_file(url)
            if path is None:
                raise ValueError(f"Not one of the project's static files: {url}")
            kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
            return URLFetcherResponse(url, path.read_bytes(), headers={"Content-Type": kind})

    return HTML(string=html, base_url=ORIGIN + "/", url_fetcher=StaticFilesOnly(), media_type="print").write_pdf()
