"""What every feature of the web layer shares: the request's unit of work (``db``), the
checks at the edge, the language of a request, the shareable links and the event streams."""
