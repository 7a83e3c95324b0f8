"""Say the deal (docs/voice.md): the page side of reading a spoken or typed line as the
next deal's entry (``say``, blueprint ``say``); the reading itself is
scorekeeper/understand/."""
