"""League pages: organizer accounts (/account) and leagues (/leagues) on one blueprint,
``league``, made in ``blueprint``; its routes by use (accounts, manage, nights, public,
answers, confirm, director, rounds, screen), the organizer's login session (``auth``) and
the standings as PDF (``printing``)."""
