"""What the API says of the variants: GET /api/v1/variants lists every family's variants
and presets, and the OpenAPI document describes their entry fields (grids, the pozzetto,
signed scores, up to 20 players)."""

from __future__ import annotations


def test_the_catalogue_lists_golf_burraco_and_the_free_pad_with_their_presets(client):
    catalogue = client.get("/api/v1/variants").get_json()
    variants = {v["id"]: v for v in catalogue["variants"]}
    assert {"golf", "burraco", "free"} <= set(variants)
    assert (variants["free"]["min_players"], variants["free"]["max_players"]) == (1, 20)
    fields = {f["name"]: f["kind"] for f in variants["burraco"]["entry_fields"]}
    assert fields["pozzetto"] == "bool_per_player"
    presets = {p["name"]: p for p in catalogue["presets"]}
    assert presets["Golf (18 holes)"]["options"] == {"holes": 18}
    assert presets["Buraco"]["options"] == {
        "joker": 20, "pinella": 10, "target": 3000, "clean_to_close": True,
    }  # fmt: skip
    assert presets["Free score pad"]["variant"] == "free"


def test_the_openapi_document_describes_grids_pozzetto_signed_scores_and_20_players(client):
    schemas = client.get("/api/v1/openapi.json").get_json()["components"]["schemas"]
    entry = schemas["Entry"]["properties"]
    assert entry["grids"]["additionalProperties"]["items"]["enum"][-1] == "Joker"
    assert entry["grids"]["additionalProperties"]["minItems"] == 6
    assert entry["pozzetto"]["additionalProperties"] == {"type": "boolean"}
    assert entry["scores"]["additionalProperties"] == {"type": "integer"}
    players = schemas["NewGame"]["properties"]["players"]
    assert (players["minItems"], players["maxItems"]) == (1, 20)


def test_the_catalogue_lists_rummikub_contract_rummy_3_13_and_kalooki_with_presets(client):
    catalogue = client.get("/api/v1/variants").get_json()
    variants = {variant["id"]: variant for variant in catalogue["variants"]}
    presets = {preset["name"]: preset for preset in catalogue["presets"]}
    fields = {name: {f["name"]: f["kind"] for f in variants[name]["entry_fields"]} for name in (
        "rummikub", "contract", "threethirteen", "kalooki")}  # fmt: skip
    assert fields["rummikub"] == {"out": "player", "racks": "per_player"}
    assert fields["kalooki"]["not_opened"] == "players"
    assert fields["kalooki"]["rejoin"] == "players"
    assert presets["Liverpool Rummy"]["options"] == {"joker": 25}
    assert presets["Scala 40"] == {
        "name": "Scala 40",
        "variant": "kalooki",
        "options": {
            "joker": 25,
            "pool_limit": 101,
            "not_opened_penalty": 100,
            "one_turn_double": True,
        },
        "stakes": None,
        "description": presets["Scala 40"]["description"],
    }
    assert len(presets["Shanghai"]["options"]["contracts"]) == 10
    assert {"Rummikub", "Contract Rummy", "3-13", "Kalooki"} <= set(presets)
