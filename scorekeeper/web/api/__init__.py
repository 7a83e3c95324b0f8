"""JSON API v1 (docs/api.md): the games' routes (``games``, blueprint ``api``), the
circles' (``circles``, blueprint ``circles_api``), problem+json answers (``problems``)
and the OpenAPI document with its parts (``openapi*``)."""
