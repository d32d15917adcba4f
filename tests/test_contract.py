"""A command declared once (jarnac_solver.commands): the command line's options and the service's body read
from one model, both calling the library's one function; every fault named by its field, in the asker's
language; bodies generated from the published schema accepted, one field broken refused by its name."""

from __future__ import annotations

import argparse
import http.client
import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("starlette")
pytest.importorskip("pydantic")

from jarnac_solver.cli import run_json
from jarnac_solver.cli.parser import build_parser
from jarnac_solver.commands.check import MAX_WORDS, CheckRequest, check
from jarnac_solver.commands.lexicons import LexiconDiffRequest
from jarnac_solver.commands.model import specs
from jarnac_solver.lexicon.lexicon import Lexicon
from jarnac_solver.messages import LANGUAGES, Reason
from jarnac_solver.server.app import create_app

from .schema_values import values
from .service_client import Client, serve, stop


@pytest.fixture(scope="module")
def client() -> Client:
    return Client(create_app(["fr", "en", "nl"]), raise_server_exceptions=False)


CASES = [
    (["chat", "xyzzy"], None, ["chat", "xyzzy"]),
    (["été"], "fr", ["été", "--lexicon", "fr"]),
    (["IJS", "bi.jou"], "nl", ["IJS", "bi.jou", "--lexicon", "nl"]),
    (["CHAT", "TZAR"], "fr,en", ["CHAT", "TZAR", "--lexicon", "fr,en"]),
    (["R4T"], "en", ["R4T", "--lexicon", "en"]),  # a library error, named by its field
    (["chat"], "fr,fr", ["chat", "--lexicon", "fr,fr"]),  # a list naming a lexicon twice
]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("words", "lexicon", "argv"), CASES)
def test_the_command_line_and_the_service_answer_alike(
    client: Client, words: list[str], lexicon: str | None, argv: list[str], language: str
) -> None:
    body: dict[str, Any] = {"words": words, **({"lexicon": lexicon} if lexicon else {})}
    answer = client.post(f"/api/check?lang={language}", json=body)
    status, document = run_json(["check", *argv, "--json", "--lang", language])
    served = answer.json()
    if "result" in document:
        assert answer.status_code == 200 and served == document
    else:  # the same error, said in the service's words (its field named, the command line's name dropped)
        assert status == 2 and answer.status_code == 400
        assert served["error"]["type"] == document["error"]["type"]
        assert served["error"]["field"] in ("words", "lexicon")
        assert served["error"]["faults"][0]["message"] in document["error"]["message"]


HOOKS = [
    ({"words": ["rate", "za"], "lexicon": "en"}, ["rate", "za", "--lexicon", "en"]),
    ({"words": "chat", "limit": 2}, ["chat", "--limit", "2"]),
    ({"words": ["chat"], "bag": "fr", "lexicon": "fr"}, ["chat", "--bag", "fr", "--lexicon", "fr"]),
    ({"words": ["IJS"], "lexicon": "nl", "format": "lines"}, ["IJS", "--lexicon", "nl", "--format", "lines"]),
    ({"words": ["R4T"], "lexicon": "en"}, ["R4T", "--lexicon", "en"]),
]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("body", "argv"), HOOKS)
def test_hooks_on_the_command_line_and_the_service_alike(
    client: Client, body: dict[str, Any], argv: list[str], language: str
) -> None:
    answer = client.post("/api/hooks", json={**body, "lang": language})
    status, document = run_json(["hooks", *argv, "--json", "--lang", language])
    if "result" in document:
        assert answer.status_code == 200 and answer.json() == document
    else:
        error = answer.json()["error"]
        assert status == 2 and answer.status_code == 400 and error["type"] == document["error"]["type"]
        assert error["field"] == "words" and error["faults"][0]["message"] in document["error"]["message"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"words": ["rate"], "limit": -1}, "limit"),
        ({"words": ["rate"], "limit": 100_001}, "limit"),
        ({"words": ["rate"], "limit": True}, "limit"),
        ({"words": ["rate"], "format": "table"}, "format"),
        ({"words": ["rate"], "bag": "/etc/passwd"}, "bag"),
        ({"words": ["rate"], "lexicon": "fr,en"}, "lexicon"),
    ],
)
def test_a_hooks_body_broken_in_one_field_is_refused_by_its_name(
    client: Client, body: dict[str, Any], field: str
) -> None:
    answer = client.post("/api/hooks", json=body)
    error = answer.json()["error"]
    assert answer.status_code == 400 and error["field"] == field and len(error["faults"]) == 1, error


LISTINGS = [
    ("words", {"rack": "aeinrst", "mark": ["en"], "limit": 5}, ["words", "aeinrst", "--mark", "en", "--limit", "5"]),
    (
        "words",
        {"rack": "IJSEL", "lexicon": "nl", "probability": True},
        ["words", "IJSEL", "--lexicon", "nl", "--probability"],
    ),
    (
        "words",
        {"rack": "rates", "sort": "probability", "min_len": 4},
        ["words", "rates", "--sort", "probability", "--min-len", "4"],
    ),
    ("words", {"rack": "   "}, ["words", "   "]),  # refused by the library: named by the argument
    ("anagram", {"letters": "ohccau", "lexicon": "en", "format": "lines"}, ["anagram", "ohccau", "--lexicon", "en"]),
    (
        "extend",
        {"word": "couch", "rack": "aes", "max_len": 7, "lexicon": "en"},
        ["extend", "couch", "aes", "--max-len", "7", "--lexicon", "en"],
    ),
    ("extend", {"word": "r4t", "rack": "e"}, ["extend", "r4t", "e"]),
]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("name", "body", "argv"), LISTINGS)
def test_the_listings_on_the_command_line_and_the_service_alike(
    client: Client, name: str, body: dict[str, Any], argv: list[str], language: str
) -> None:
    answer = client.post(f"/api/{name}", json=body, headers={"Accept-Language": language})
    status, document = run_json([*argv, "--json", "--lang", language])
    if "result" in document:
        assert answer.status_code == 200 and answer.json() == document
    else:
        error = answer.json()["error"]
        assert status == 2 and answer.status_code == 400 and error["type"] == document["error"]["type"]
        assert error["field"] in body and error["faults"][0]["message"] in document["error"]["message"], error


@pytest.mark.parametrize("name", ["fr", "en", "nl"])
def test_lexicon_info_and_list_on_the_command_line_and_the_service_alike(client: Client, name: str) -> None:
    answer = client.post("/api/lexicon/info", json={"lexicon": name})
    assert answer.status_code == 200 and answer.json() == run_json(["lexicon", "info", name, "--json"])[1]
    listed = client.post("/api/lexicon/list", json={}).json()
    every = run_json(["lexicon", "list", "--json"])[1]
    offered = [row for row in every["result"]["lexicons"] if row["name"] in ("fr", "en", "nl")]
    assert listed == {**every, "result": {"lexicons": offered}}  # the server's lexicons only
    refused = client.post("/api/lexicon/info", json={"lexicon": "es"}).json()["error"]
    assert refused["field"] == "lexicon" and refused["type"] == "UnknownLexiconError"
    assert client.post("/api/lexicon/list", json={"lexicon": "fr"}).json()["error"]["field"] == "lexicon"


DIFFS = [
    ({"first": "fr", "second": "en", "length": 2, "limit": 3}, ["fr", "en", "--length", "2", "--limit", "3"]),
    (
        {"first": "EN", "second": "fr", "length": 3, "sort": "alphabet", "bag": "fr"},
        ["en", "fr", "--length", "3", "--sort", "alphabet", "--bag", "fr"],
    ),
    ({"first": "en", "second": "nl", "length": 9}, ["en", "nl", "--length", "9"]),  # two alphabets: refused
]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("body", "argv"), DIFFS)
def test_lexicon_diff_on_the_command_line_and_the_service_alike(
    client: Client, body: dict[str, Any], argv: list[str], language: str
) -> None:
    answer = client.post("/api/lexicon/diff", json=body, headers={"Accept-Language": language})
    status, document = run_json(["lexicon", "diff", *argv, "--json", "--lang", language])
    if "result" in document:
        assert status == 0 and answer.status_code == 200 and answer.json() == document
        assert document["result"]["sides"][0]["by_length"]  # a case with words on its side
    else:
        error = answer.json()["error"]
        assert status == 2 and answer.status_code == 400 and error["type"] == document["error"]["type"]
        assert error["field"] == "first" and error["faults"][0]["message"] in document["error"]["message"], error


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"first": "fr", "second": "en", "limit": -1}, "limit"),
        ({"first": "fr", "second": "en", "limit": 10_001}, "limit"),
        ({"first": "fr", "second": "en", "length": 10}, "length"),
        ({"first": "fr", "second": "en", "length": "7"}, "length"),
        ({"first": "fr", "second": "en", "sort": "zz"}, "sort"),
        ({"first": "fr", "second": "en", "bag": "/etc/passwd"}, "bag"),
        ({"first": "fr", "second": "../en.jlex"}, "second"),
        ({"first": "fr,en", "second": "en"}, "first"),
        ({"second": "en"}, "first"),
        ({"first": "fr", "second": "en", "budget": 50}, "budget"),
    ],
)
def test_a_lexicon_diff_body_broken_in_one_field_is_refused_by_its_name(
    client: Client, body: dict[str, Any], field: str
) -> None:
    answer = client.post("/api/lexicon/diff", json=body)
    error = answer.json()["error"]
    assert answer.status_code == 400 and error["field"] == field and len(error["faults"]) == 1, error


def test_lexicon_diffs_options_are_the_models() -> None:
    commands = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    lexicon = next(a for a in commands.choices["lexicon"]._actions if isinstance(a, argparse._SubParsersAction))
    actions = {a.dest: a for a in lexicon.choices["diff"]._actions}
    for spec in specs(LexiconDiffRequest):
        assert actions[spec.name].help == spec.help.text and actions[spec.name].default == (
            None if spec.required else spec.default
        )
    assert [actions["first"].metavar, actions["second"].metavar, actions["length"].metavar] == ["A", "B", "TILES"]


def test_the_command_lines_options_are_the_models() -> None:
    parser = build_parser()
    parsed = vars(parser.parse_args(["check", "chat"]))
    assert parsed["words"] == ["chat"] and parsed["lexicon"] == "fr"
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    action = next(a for a in commands.choices["check"]._actions if a.dest == "words")
    declared = {s.name: s for s in specs(CheckRequest)}["words"]
    assert action.help == declared.help.text and action.metavar == declared.help.metavar and action.nargs == "+"


def test_the_library_function_is_the_one_both_call() -> None:
    checked = check(CheckRequest(("CHAT", "TZAR"), "fr,en"))
    assert checked.several and checked.lexicon == "fr,en"
    lexicons = [Lexicon.load("fr"), Lexicon.load("en")]
    expected = [[lex.check(word).valid for lex in lexicons] for word in ("CHAT", "TZAR")]
    assert [[c.valid for c in checks] for _, checks in checked.rows] == expected == [[True, True], [True, False]]
    assert run_json(["check", "CHAT", "TZAR", "--lexicon", "fr,en", "--json"])[1]["result"] == checked.result()


def _body_schema(client: Client) -> dict[str, Any]:
    found: dict[str, Any] = client.document["paths"]["/api/check"]["post"]["requestBody"]["content"]
    schema: dict[str, Any] = found["application/json"]["schema"]
    return schema


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_bodies_the_schema_describes_are_read(client: Client, data: st.DataObject) -> None:
    """A body the document accepts is read: answered, or refused by the library for a word's letters (a
    word's alphabet is not a bound of the body), never for its shape."""
    schema = _body_schema(client)
    body = data.draw(values(schema))
    body["lexicon"] = data.draw(st.sampled_from([None, "fr", "en", "FR", "fr,en", "all"]))  # the offered ones
    answer = client.post("/api/check", json=body)
    if answer.status_code != 200:
        error = answer.json()["error"]
        assert answer.status_code == 400 and error["type"] != "UsageError" and error["field"] == "words", error


OFFERED = "fr, en, nl"
BROKEN = [
    ({"words": []}, "words", "fault_list_empty", {}),
    ({"words": ["A"] * (MAX_WORDS + 1)}, "words", "fault_list_long", {"count": MAX_WORDS + 1, "most": MAX_WORDS}),
    ({"words": ["A" * 300]}, "words", "field_too_long", {"count": 300, "most": 256}),
    ({"words": [7]}, "words", "fault_text_due", {"given_type": "number"}),  # the type, said in the language
    ({}, "words", None, {}),
    (
        {"words": ["CHAT"], "lexicon": "de"},
        "lexicon",
        "fault_lexicon_not_offered",
        {"name": "'de'", "offered": "fr, en, nl"},
    ),
    ({"words": ["CHAT"], "lexicon": "fr,fr"}, "lexicon", "fault_lexicons_twice", {"given": "'fr,fr'"}),
    (
        {"words": ["CHAT"], "colour": "red"},
        "colour",
        "field_unknown",
        {"name": "'colour'", "known": "words, lexicon, lang"},
    ),
]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("body", "field", "code", "values"), BROKEN)
def test_a_broken_field_is_named_in_the_askers_language(
    client: Client, body: dict[str, Any], field: str, code: str | None, values: dict[str, Any], language: str
) -> None:
    answer = client.post("/api/check", json=body, headers={"Accept-Language": language})
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert error["field"] == field and [f["field"] for f in error["faults"]] == [field]
    if code is not None:
        if "given_type" in values:
            values = {"given": Reason(f"fault_type_{values['given_type']}").text(language)}
        said = Reason(code, values).text(language)
        assert error["faults"][0]["message"] == said and error["message"] == f"{field}: {said}"
    if language != "en" and code is not None:  # said in the asker's language, not in English
        assert error["faults"][0]["message"] != Reason(code, values).text("en")


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=6,
)


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_any_json_body_is_read_or_refused_by_name(data: st.DataObject) -> None:
    """Whatever JSON a declared command's body holds, its model reads it or refuses it with faults that name
    fields of the body (or the body itself): never another exception."""
    import pydantic

    from jarnac_solver.server.contract import Offer
    from jarnac_solver.server.models import DECLARED, faults, request_model

    offer = Offer(("fr", "en"), 2000)
    declared = DECLARED[data.draw(st.sampled_from(sorted(DECLARED)))]
    model = request_model(declared, offer)
    keys = st.sampled_from([*model.model_fields, "colour"])
    sent = data.draw(st.dictionaries(keys, JSON_VALUES, max_size=4))
    try:
        model.model_validate(sent)
    except pydantic.ValidationError as exc:
        said = faults(exc, model)
        assert said and all(f.field in set(sent) | set(model.model_fields) for f in said)
        assert all(f.message for f in said)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_game_bodys_faults_in_the_askers_language(client: Client, language: str) -> None:
    """The live games' bodies (their tables in server/contract.py) say their faults from the same catalogs."""
    answer = client.post("/api/games", json={"hints": "yes", "bag": 3}, headers={"Accept-Language": language})
    faults = {f["field"]: f["message"] for f in answer.json()["error"]["faults"]}
    assert answer.status_code == 400 and faults["hints"] == Reason(
        "fault_flag_due", {"given": Reason("fault_type_text").text(language)}
    ).text(language)
    assert faults["bag"] == Reason("fault_text_due", {"given": Reason("fault_type_number").text(language)}).text(
        language
    )
    joined = client.post("/api/join", json={}, headers={"Accept-Language": language}).json()["error"]
    assert joined["field"] == "code" and joined["faults"][0]["message"].startswith(
        Reason("fault_required", {"help": ""}).text(language).removesuffix(" ()")
    )


def test_every_fault_of_a_body_at_once(client: Client) -> None:
    error = client.post("/api/check", json={"words": [], "lexicon": "xx", "colour": 1}).json()["error"]
    assert sorted(f["field"] for f in error["faults"]) == ["colour", "lexicon", "words"]


def test_a_body_of_megabytes_is_a_413_the_client_reads(tmp_path: Path) -> None:
    """The client sends all of a 3 MB body before it reads: the answer is there to read (the rest of the
    body read and dropped, no reset), and the connection serves the next request."""
    server, port = serve(tmp_path)
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        big = json.dumps({"words": ["A" * 3_000_000]}).encode()
        connection.request("POST", "/api/check", body=big, headers={"Content-Type": "application/json"})
        answer = connection.getresponse()
        assert answer.status == 413 and json.loads(answer.read())["error"]["type"] == "RequestTooLarge"
        connection.request("GET", "/api/health")
        assert connection.getresponse().status == 200
    finally:
        stop(server)


POSITIONS = [
    ("moves", {"tray": "RAT BUT / ZW"}, ["moves", "RAT BUT / ZW"]),
    ("moves", {"tray": "/ AEIRST", "lexicon": "en"}, ["moves", "/ AEIRST", "--lexicon", "en"]),
    ("moves", {"tray": "RAT / ZE", "rules": "competitive"}, ["moves", "RAT / ZE", "--rules", "competitive"]),
    ("moves", {"tray": "RAT / Z1"}, ["moves", "RAT / Z1"]),  # the library's fault, named by its field
    ("moves", {"tray": "IJS / EL", "lexicon": "nl"}, ["moves", "IJS / EL", "--lexicon", "nl"]),
    ("jarnac", {"tray": "RAT BUT / ZW"}, ["jarnac", "RAT BUT / ZW"]),
    ("jarnac", {"tray": "/ ZW", "budget": 500}, ["jarnac", "/ ZW", "--budget", "500"]),  # a clean pass
    (
        "jarnac",
        {"tray": "RAT BUT TZAR / ZWUSE", "free_lines": 2, "objective": "gain"},
        ["jarnac", "RAT BUT TZAR / ZWUSE", "--free-lines", "2", "--objective", "gain"],
    ),
    ("jarnac", {"tray": "RAT BUT / ZW", "thief": "ZOO / E"}, ["jarnac", "RAT BUT / ZW", "--thief", "ZOO / E"]),
    ("jarnac", {"tray": "RAT BUT / ZW", "thief": "ZOO / E1"}, ["jarnac", "RAT BUT / ZW", "--thief", "ZOO / E1"]),
    (
        "jarnac",
        {"tray": "RAT BUT / E", "rules": "english", "turn_lines": "1,2"},
        ["jarnac", "RAT BUT / E", "--rules", "english", "--turn-lines", "1,2"],
    ),
    ("jarnac", {"tray": "RAT BUT / E", "turn_lines": "1"}, ["jarnac", "RAT BUT / E", "--turn-lines", "1"]),
    ("jarnac", {"tray": "RAT BUT / ZW", "free_lines": 9}, ["jarnac", "RAT BUT / ZW", "--free-lines", "9"]),
    ("jarnac", {"tray": "RAT / Z!", "lexicon": "en"}, ["jarnac", "RAT / Z!", "--lexicon", "en"]),
    ("plan", {"tray": "RAT / AEIRSTU"}, ["plan", "RAT / AEIRSTU"]),
    ("plan", {"tray": "/ EAUTRS", "lexicon": "en", "budget": 3000}, ["plan", "/ EAUTRS", "--lexicon", "en"]),
    ("plan", {"tray": "RAT / AE", "rules": "competitive"}, ["plan", "RAT / AE", "--rules", "competitive"]),
    ("plan", {"tray": "RAT / AEIRS?"}, ["plan", "RAT / AEIRS?"]),
    ("hint", {"tray": "RAT BUT / ZWUSE", "top": 3}, ["hint", "RAT BUT / ZWUSE", "--top", "3"]),
    (
        "hint",
        {"tray": "RAT BUT / ZWUSE", "opponent": "TZAR / E", "phase": "jarnac"},
        ["hint", "RAT BUT / ZWUSE", "--opponent", "TZAR / E", "--phase", "jarnac"],
    ),
    (
        "hint",
        {"tray": "/ AEIRST", "phase": "start", "samples": 4},
        ["hint", "/ AEIRST", "--phase", "start", "--samples", "4"],
    ),
    (
        "hint",
        {"tray": "RAT BUT / ZWUSE", "unseen": "EEAIST", "seed": 3, "bag": None},
        ["hint", "RAT BUT / ZWUSE", "--unseen", "EEAIST", "--seed", "3"],
    ),
    (
        "hint",
        {"tray": "RAT BUT / ZWUSE", "bag": "fr", "top": 2},
        ["hint", "RAT BUT / ZWUSE", "--bag", "fr", "--top", "2"],
    ),
    (
        "hint",
        {"tray": "RAT BUT / ZWUSE", "phase": "dispute", "disputed": "+ZORG", "rules": "competitive"},
        ["hint", "RAT BUT / ZWUSE", "--phase", "dispute", "--disputed", "+ZORG", "--rules", "competitive"],
    ),
    ("hint", {"tray": "RAT BUT / ZWUSE", "unseen": "EE1"}, ["hint", "RAT BUT / ZWUSE", "--unseen", "EE1"]),
    ("hint", {"tray": "RAT BUT / ZWUSE", "phase": "jarnac"}, ["hint", "RAT BUT / ZWUSE", "--phase", "jarnac"]),
    ("hint", {"tray": "RAT BUT / ZWUSE", "disputed": "+ZORG"}, ["hint", "RAT BUT / ZWUSE", "--disputed", "+ZORG"]),
    (
        "hint",
        {"tray": "RAT BUT / ZWUSE", "opponent": "TZAR / 1"},
        ["hint", "RAT BUT / ZWUSE", "--opponent", "TZAR / 1"],
    ),
    ("hint", {"tray": "RAT BUT / E", "formed": "1"}, ["hint", "RAT BUT / E", "--formed", "1"]),
    ("hint", {"tray": "IJS / EL", "lexicon": "nl"}, ["hint", "IJS / EL", "--lexicon", "nl"]),
]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("name", "body", "argv"), POSITIONS)
def test_the_position_commands_on_the_command_line_and_the_service_alike(
    client: Client, name: str, body: dict[str, Any], argv: list[str], language: str
) -> None:
    answer = client.post(f"/api/{name}", json=body, headers={"Accept-Language": language})
    status, document = run_json([*argv, "--json", "--lang", language])
    if "result" in document:
        assert status == 0 and answer.status_code == 200 and answer.json() == document
    else:
        error = answer.json()["error"]
        assert status == 2 and answer.status_code == 400 and error["type"] == document["error"]["type"], error
        said = re.sub(r"--([a-z][a-z-]*)", lambda m: m[1].replace("-", "_"), document["error"]["message"])
        assert error["field"] in body and error["faults"][0]["message"] in said, error  # options named as fields


JARNAC_FIELDS = "tray, lexicon, free_lines, thief, objective, rules, budget, turn_lines, lang"
PHASES_SAID = "'start', 'play', 'jarnac', 'dispute'"  # commas only: no English "or" in another language
BAGS_SAID = "'fr', 'en', 'es-estimate', 'nl-estimate'"
PRESETS_SAID = "'sheet', 'multilingual', 'english', 'competitive'"
POSITION_BROKEN = [
    (
        "moves",
        {"tray": "RAT / ZE", "rules": "chess"},
        "rules",
        "fault_not_one_of",
        {"given": "'chess'", "choices": PRESETS_SAID},
    ),
    (
        "hint",
        {"tray": "RAT / ZE", "phase": "end"},
        "phase",
        "fault_not_one_of",
        {"given": "'end'", "choices": PHASES_SAID},
    ),
    ("hint", {"tray": "RAT / ZE", "bag": "de"}, "bag", "fault_not_one_of", {"given": "'de'", "choices": BAGS_SAID}),
    ("moves", {"tray": "A" * 300}, "tray", "field_too_long", {"count": 300, "most": 256}),
    ("moves", {"tray": 7}, "tray", "fault_text_due", {"given_type": "number"}),
    (
        "moves",
        {"tray": "RAT / ZE", "lexicon": "de"},
        "lexicon",
        "fault_lexicon_not_offered",
        {"name": "'de'", "offered": OFFERED},
    ),
]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("name", "body", "field", "code", "values"), POSITION_BROKEN)
def test_a_position_body_broken_in_one_field_is_refused_by_its_name(
    client: Client, name: str, body: dict[str, Any], field: str, code: str, values: dict[str, Any], language: str
) -> None:
    answer = client.post(f"/api/{name}", json=body, headers={"Accept-Language": language})
    error = answer.json()["error"]
    assert answer.status_code == 400 and error["field"] == field and [f["field"] for f in error["faults"]] == [field]
    if "given_type" in values:
        values = {"given": Reason(f"fault_type_{values['given_type']}").text(language)}
    said = Reason(code, values).text(language)
    assert error["faults"][0]["message"] == said and error["message"] == f"{field}: {said}"
    if language != "en":  # said in the asker's language, not in English
        assert said != Reason(code, values).text("en")


def _reason(data: dict[str, Any]) -> Reason:
    """A reason from its data (nested reasons as ``{"code", "values"}``)."""
    values = {k: _reason(v) if isinstance(v, dict) else v for k, v in data["values"].items()}
    return Reason(data["code"], values)


FIELD_TEXTS = [
    ("hint", {"tray": "RAT BUT / ZW", "unseen": "12"}, "unseen", "InvalidLetterError"),
    ("hint", {"tray": "RAT BUT / ZW", "disputed": "xx", "phase": "dispute"}, "disputed", "InvalidMoveError"),
    ("hint", {"tray": "RAT BUT / ZW", "opponent": "RAT / 12"}, "opponent", "InvalidTrayError"),
    ("jarnac", {"tray": "RAT BUT / ZW", "thief": "RAT / 12"}, "thief", "InvalidTrayError"),
]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("name", "body", "field", "kind"), FIELD_TEXTS)
def test_a_text_the_library_refuses_is_named_by_its_field_in_the_askers_language(
    client: Client, name: str, body: dict[str, Any], field: str, kind: str, language: str
) -> None:
    error = client.post(f"/api/{name}", json={**body, "lang": language}).json()["error"]
    assert error["type"] == kind and error["field"] == field and [f["field"] for f in error["faults"]] == [field]
    reason = error["reason"]  # the library's reason, as a bad tray's: located at the field, never an option
    assert reason["code"] == "error_located" and reason["values"]["where"] == field and "--" not in reason["text"]
    inner = _reason(reason["values"]["error"])
    assert error["faults"][0]["message"] == inner.text(language)
    if language != "en":
        assert inner.text(language) != inner.text("en")
    if field != "opponent":
        return
    tray = client.post(f"/api/{name}", json={"tray": body[field], "lang": language}).json()["error"]
    assert tray["type"] == kind and tray["reason"]["code"] == inner.code  # the same shape for both tray fields


WRONG_TYPES = {  # a value of another type, said in each language's grammar
    "en": "text is due, not a number",
    "fr": "un texte est attendu, pas un nombre",
    "es": "se espera un texto, no un número",
    "nl": "een tekst wordt verwacht, niet een getal",
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_value_of_another_type_is_said_grammatically(client: Client, language: str) -> None:
    error = client.post("/api/moves", json={"tray": 123, "lang": language}).json()["error"]
    assert error["faults"] == [{"field": "tray", "message": WRONG_TYPES[language]}]
    whole = client.post("/api/hint", json={"tray": "RAT / ZE", "samples": "x", "lang": language}).json()["error"]
    due = Reason("fault_whole_due", {"given": Reason("fault_type_text")}).text(language)
    assert whole["faults"] == [{"field": "samples", "message": due}]
    if language == "nl":
        assert due == "een geheel getal wordt verwacht, niet een tekst"


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_start_without_a_sampled_draw_is_refused_on_both_sides(client: Client, language: str) -> None:
    tray = "RAT BUT / QWXZKY"
    status, document = run_json(["hint", tray, "--phase", "start", "--samples", "0", "--json", "--lang", language])
    answer = client.post("/api/hint", json={"tray": tray, "phase": "start", "samples": 0, "lang": language})
    error = answer.json()["error"]
    said = Reason("error_start_samples", {"what": "samples", "given": 0}).text(language)
    assert status == 2 and document["error"]["message"].endswith(said)  # never "over 1 sampled draw"
    assert answer.status_code == 400 and error["field"] == "samples" and error["reason"]["text"] == said
    # 0 in the play phase: the next draw not valued, an answer
    played = client.post("/api/hint", json={"tray": tray, "samples": 0, "top": 1, "lang": language})
    assert played.status_code == 200


def _options(name: str) -> dict[str, argparse.Action]:
    commands = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return {a.dest: a for a in commands.choices[name]._actions}


@pytest.mark.parametrize("name", ["moves", "jarnac", "plan", "hint"])
def test_the_position_commands_options_are_their_models(name: str) -> None:
    from jarnac_solver.commands.model import Budget
    from jarnac_solver.server.models import DECLARED

    actions = _options(name)
    for spec in specs(DECLARED[name]):
        action = actions[spec.name]
        if spec.bound(Budget) is None:
            assert action.help == spec.help.text and action.metavar == spec.help.metavar, spec.name
        assert action.default == (None if spec.required else spec.default), spec.name
        assert (not action.option_strings) == spec.positional, spec.name


@pytest.mark.parametrize("name", ["moves", "jarnac", "plan", "hint"])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_position_bodies_the_schema_describes_are_read(client: Client, name: str, data: st.DataObject) -> None:
    """A body the published document accepts is answered, or refused by the library for the tray's letters or
    shape (what the library's own reader finds: named by a tray's field), never for the body's shape."""
    found = client.document["paths"][f"/api/{name}"]["post"]["requestBody"]["content"]["application/json"]
    body = data.draw(values(found["schema"]))
    body["tray"] = data.draw(st.sampled_from(["RAT BUT / ZW", "/ AEIRST", "RAT / Z1", body["tray"]]))
    for key in [k for k in body if "-" in k and k.replace("-", "_") in body]:
        del body[key]  # one field given both ways is refused as given twice (models.dashed): one way a body
    if body.get("budget") is not None:
        body["budget"] = min(body["budget"], 200)  # as drawn, at most 200 ms: the suite stays short
    answer = client.post(f"/api/{name}", json=body)
    if answer.status_code != 200:
        error = answer.json()["error"]
        named = {key.replace("-", "_") for key in body}  # free-lines, as --help writes it: the field free_lines
        assert answer.status_code == 400 and error["field"] in named, error
