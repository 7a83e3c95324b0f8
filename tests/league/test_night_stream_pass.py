"""The organizer's night page streams with a signed pass (web/common/passes), which the
app's own threaded stream (make run) checks as the stream process does: that night,
that organizer, still theirs."""

from __future__ import annotations

import html
import re

from scorekeeper.web.common import passes
from tests.conftest import SECRET_KEY
from tests.league.support import NAMES, login, make_league, make_organizer, member_ids
from tests.league.support import started_night as start


def test_the_night_pages_pass_lets_its_stream_in_and_no_other(app, client, uow):
    olga = make_organizer(uow)
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, [ids[name] for name in NAMES[:8]])
    assert 'data-events="' not in app.test_client().get(f"/leagues/{lid}/nights/{night.id}").text
    login(client)
    page = client.get(f"/leagues/{lid}/nights/{night.id}").get_data(as_text=True)
    events = html.unescape(re.search(r'data-events="([^"]+)"', page)[1])
    # A page older than its stream hears the version at once.
    behind = events.replace("since=", "since=old")
    answer = client.get(behind)
    try:
        assert answer.status_code == 200 and answer.mimetype == "text/event-stream"
        chunks = iter(answer.response)
        assert next(chunks) == b"retry: 1000\n\n"
        assert next(chunks).startswith(b"event: version\ndata: ")
    finally:
        answer.close()
    base = f"/leagues/{lid}/nights/{night.id}/events"
    mo = make_organizer(uow, email="mo@example.org", name="Mo")
    for other in (
        passes.night_pass(SECRET_KEY, lid, night.id + 1, olga),  # another night
        passes.night_pass("another key" * 4, lid, night.id, olga),  # not signed here
    ):
        assert client.get(f"{base}?pass={other}").status_code == 404
    assert client.get(base).status_code == 404
    # Signed, but not Mo's league: refused as Mo's night page would be.
    mos = passes.night_pass(SECRET_KEY, lid, night.id, mo)
    assert client.get(f"{base}?pass={mos}").status_code == 403
