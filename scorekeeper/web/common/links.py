"""The shareable links of a game, as absolute URLs.

One place decides the URL scheme that the pages serve, the API returns and the
QR codes encode:
  /games/<id>                 read-only view (anyone with the id)
  /games/<id>/edit/<token>    edit link: a capability URL
  /games/<id>/sheet.pdf       the printed score sheet (for people)
  /api/v1/games/<id>/sheet.pdf  the same sheet for API clients (problem+json errors)
  /circles/<id>, /circles/<id>/edit/<token>  a circle's view and edit links
"""

from __future__ import annotations

from flask import current_app, request


def base_url() -> str:
    configured = current_app.config.get("PUBLIC_BASE_URL")
    return (configured or request.host_url).rstrip("/")


def view_url(public_id: str) -> str:
    return f"{base_url()}/games/{public_id}"


def edit_url(public_id: str, edit_token: str) -> str:
    return f"{base_url()}/games/{public_id}/edit/{edit_token}"


def sheet_url(public_id: str) -> str:
    return f"{base_url()}/games/{public_id}/sheet.pdf"


def api_sheet_url(public_id: str) -> str:
    return f"{base_url()}/api/v1/games/{public_id}/sheet.pdf"


def circle_view_url(public_id: str) -> str:
    return f"{base_url()}/circles/{public_id}"


def circle_edit_url(public_id: str, edit_token: str) -> str:
    return f"{base_url()}/circles/{public_id}/edit/{edit_token}"


def links(public_id: str, edit_token: str) -> dict[str, str]:
    """The links the API returns: its sheet is the API's own route."""
    return {
        "view": view_url(public_id),
        "edit": edit_url(public_id, edit_token),
        "sheet": api_sheet_url(public_id),
    }
