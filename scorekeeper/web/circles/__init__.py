"""A circle's pages (``pages``, blueprint ``circles``), its expense form (``forms``) and its
ledger and people as CSV rows (``export``, served by the API)."""
