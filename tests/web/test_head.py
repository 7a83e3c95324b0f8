"""HEAD on every GET route answers as GET does, without a body."""

from __future__ import annotations

import pytest

from tests.web.routes import fill, route_arguments


@pytest.fixture
def arguments(client, uow) -> dict[str, dict[str, str]]:
    return route_arguments(client, uow)


def test_every_get_route_answers_head_as_it_answers_get(app, client, uow, arguments):
    urls = [fill(rule, arguments) for rule in app.url_map.iter_rules() if "GET" in rule.methods]
    assert len(urls) > 30

    differing = []
    for url in urls:
        got, head = client.get(url), client.head(url)
        if (head.status_code, head.mimetype) != (got.status_code, got.mimetype) or head.data:
            differing.append(f"{url}: GET {got.status_code}, HEAD {head.status_code}")
    assert differing == []
