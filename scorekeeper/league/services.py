"""The league use cases in one namespace, for the views and tests.

Each lives in the module named for what it does: ``access`` (who may do what,
finding rows), ``views`` (what pages show), ``leagues`` (house rules, ranking,
publication, co-organizers), ``members``, ``nights`` (seating, starting play,
the tables at a glance), ``attendance`` (late arrivals, no-shows, reseating,
deleting an unplayed night), ``tables`` (how results come in), ``public``
(standings and player pages) and ``transfer`` (export and import). Like the game
use cases, they know nothing of HTTP.
"""

from scorekeeper.league.access import (
    NAME_LENGTH,
    Forbidden,
    LoginRequired,
    NotFound,
    is_organizer,
    league_view,
    leagues_of,
    name_key,
)
from scorekeeper.league.attendance import (
    add_late_arrival,
    delete_night,
    remove_no_show,
    reseat,
)
from scorekeeper.league.leagues import (
    add_organizer,
    check_rules,
    create_league,
    new_league_id,
    remove_organizer,
    set_published,
    set_ranking,
    update_rules,
    usual_table_size,
)
from scorekeeper.league.members import add_members, merge_members, merge_plan, rename_member
from scorekeeper.league.nights import (
    TableGlance,
    create_night,
    night_glance,
    night_version,
    night_view,
    start_night,
    swap_seats,
)
from scorekeeper.league.public import HistoryLine, league_standings, player_history
from scorekeeper.league.tables import (
    TablePage,
    record_paper_deal,
    set_closed,
    set_paper_totals,
    set_source,
    table_page,
    undo_paper_deal,
)
from scorekeeper.league.views import (
    SOURCES,
    LeagueHead,
    LeagueView,
    MemberView,
    NightView,
    OrganizerView,
    Rules,
    SeatView,
    TableView,
)

__all__ = [
    "NAME_LENGTH",
    "SOURCES",
    "Forbidden",
    "HistoryLine",
    "LeagueHead",
    "LeagueView",
    "LoginRequired",
    "MemberView",
    "NightView",
    "NotFound",
    "OrganizerView",
    "Rules",
    "SeatView",
    "TableGlance",
    "TablePage",
    "TableView",
    "add_late_arrival",
    "add_members",
    "add_organizer",
    "check_rules",
    "create_league",
    "create_night",
    "delete_night",
    "is_organizer",
    "league_standings",
    "league_view",
    "leagues_of",
    "merge_members",
    "merge_plan",
    "name_key",
    "new_league_id",
    "night_glance",
    "night_version",
    "night_view",
    "player_history",
    "record_paper_deal",
    "remove_no_show",
    "remove_organizer",
    "rename_member",
    "reseat",
    "set_closed",
    "set_paper_totals",
    "set_published",
    "set_ranking",
    "set_source",
    "start_night",
    "swap_seats",
    "table_page",
    "undo_paper_deal",
    "update_rules",
    "usual_table_size",
]
