"""Table play: the pages players use on their phones (one blueprint, ``table``, its routes
in a module per use: start, game, fixes, share), the new-game and deal forms with their
widgets, the pages' view-models, a game's printed sheet and blank pads (``sheets``), and
what a game page knows of the circle it is in (``in_circle``)."""
