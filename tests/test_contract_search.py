"""``search`` declared once (jarnac_solver.commands.search): the command line's options and the service's body
read from one model, both calling ``search``; its answers alike on both sides in four languages; bodies drawn
from the published schema read; a broken field refused by its name, in the asker's language."""

from __future__ import annotations

import argparse
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("starlette")
pytest.importorskip("pydantic")

from jarnac_solver.cli import run_json
from jarnac_solver.cli.parser import build_parser
from jarnac_solver.commands.model import Span, specs
from jarnac_solver.commands.search import SearchRequest, search
from jarnac_solver.messages import LANGUAGES, Reason
from jarnac_solver.server.app import create_app
from jarnac_solver.server.contract import Offer
from jarnac_solver.server.models import request_model, request_of

from .schema_values import values
from .service_client import Client

OFFERED = ("fr", "en", "nl")


@pytest.fixture(scope="module")
def client() -> Client:
    return Client(create_app(list(OFFERED)), raise_server_exceptions=False)


CASES = [
    (
        {"pattern": "?A*E", "letters": "RATES", "lexicon": "en", "sort": "probability"},
        ["?A*E", "--letters", "RATES", "--lexicon", "en", "--sort", "probability"],
    ),
    ({"pattern": "R?T", "not_in": "en", "limit": 3}, ["R?T", "--not-in", "en", "--limit", "3"]),
    (
        {"pattern": "*", "length": 2, "in": ["fr", "nl"], "lexicon": "en", "probability": True},
        ["*", "--length", "2", "--in", "fr", "--in", "nl", "--lexicon", "en", "--probability"],
    ),
    (
        {"pattern": "*Q*", "length": "3-4", "includes": "QU", "vowels": "2", "lexicon": "en"},
        ["*Q*", "--length", "3-4", "--includes", "QU", "--vowels", "2", "--lexicon", "en"],
    ),
    (
        {"pattern": "*", "points": "25-49", "prob-rank": "1-20", "lexicon": "en", "limit": 4},
        ["*", "--points", "25-49", "--prob-rank", "1-20", "--lexicon", "en", "--limit", "4"],
    ),
    (
        {"pattern": "*", "anagrams": "5-", "length": 5, "lexicon": "en", "limit": 4, "format": "lines"},
        ["*", "--anagrams", "5-", "--length", "5", "--lexicon", "en", "--limit", "4", "--format", "lines"],
    ),
    ({"pattern": "IJ?", "lexicon": "nl", "mark": ["en"]}, ["IJ?", "--lexicon", "nl", "--mark", "en"]),
    (
        {"pattern": "*", "length": " 3 ", "mark": ["en", "nl"], "limit": 6, "budget": 5000},
        ["*", "--length", " 3 ", "--mark", "en", "--mark", "nl", "--limit", "6", "--budget", "5000"],
    ),
    # refused by the library: named by their fields
    ({"pattern": "*", "points": "7"}, ["*", "--points", "7"]),
    ({"pattern": "*", "points": 100}, ["*", "--points", "100"]),
    ({"pattern": "RAT", "letters": "  "}, ["RAT", "--letters", "  "]),
    ({"pattern": "Q[^U"}, ["Q[^U"]),
    ({"pattern": "*", "length": "9-2"}, ["*", "--length", "9-2"]),
    ({"pattern": "R4T*", "lexicon": "en"}, ["R4T*", "--lexicon", "en"]),
]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("body", "argv"), CASES)
def test_search_on_the_command_line_and_the_service_alike(
    client: Client, body: dict[str, Any], argv: list[str], language: str
) -> None:
    answer = client.post("/api/search", json=body, headers={"Accept-Language": language})
    status, document = run_json(["search", *argv, "--json", "--lang", language])
    if "result" in document:
        assert status == 0 and answer.status_code == 200 and answer.json() == document
    else:
        error = answer.json()["error"]
        assert status == 2 and answer.status_code == 400 and error["type"] == document["error"]["type"], error
        assert error["field"] in body and [f["field"] for f in error["faults"]] == [error["field"]], error
        said = document["error"]["message"]  # in the service's words: a field named as the body names it
        for spec in sorted(specs(SearchRequest), key=lambda s: -len(s.option)):
            said = said.replace(spec.option, spec.wire)
        assert error["faults"][0]["message"] in said, (error, document)


def test_the_answer_is_the_library_functions() -> None:
    made = search(SearchRequest("*", lexicon="en", length="2", not_in=("fr",), limit=3))
    status, document = run_json(
        ["search", "*", "--lexicon", "en", "--length", "2", "--not-in", "fr", "--limit", "3", "--json"]
    )
    assert status == 0 and document["result"] == made.result() and made.count > 3 and len(made.shown) == 3


def _search_parser() -> argparse.ArgumentParser:
    commands = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    found: argparse.ArgumentParser = commands.choices["search"]
    return found


def test_searchs_options_are_the_models() -> None:
    parser = _search_parser()
    actions = {a.dest: a for a in parser._actions if a.option_strings != ["--exact"]}  # --exact: the budget's too
    for spec in specs(SearchRequest):
        action = actions[spec.name]
        assert action.help == spec.help.text and action.metavar == spec.help.metavar, spec.name
        assert action.option_strings == ([] if spec.positional else [spec.option]), spec.name
        assert action.default == (None if spec.required else spec.default), spec.name
        if spec.bound(Span) is not None:  # the model's one reading of a range
            assert callable(action.type) and action.type(" 5-7 ") == "5-7"
    assert actions["in_lexicon"].option_strings == ["--in"] and actions["not_in"].option_strings == ["--not-in"]
    exact = next(a for a in parser._actions if a.option_strings == ["--exact"])
    (group,) = [g for g in parser._mutually_exclusive_groups if exact in g._group_actions]
    assert [a.option_strings for a in group._group_actions] == [["--budget"], ["--exact"]] and exact.dest == "budget"
    # the service's body: every field by its wire name
    model = request_model(SearchRequest, Offer(OFFERED))
    served = [s.wire for s in specs(SearchRequest)]
    assert sorted(model.model_fields) == sorted([*served, "lang"])


def test_a_budget_is_cut_to_the_servers_ceiling_which_is_its_default() -> None:
    offer = Offer(OFFERED, 5)
    model = request_model(SearchRequest, offer)
    budgets = [
        request_of(model.model_validate(body), SearchRequest, {}, offer.max_budget_ms).budget
        for body in ({"pattern": "*", "budget": 1e6}, {"pattern": "*"}, {"pattern": "*", "budget": 2})
    ]
    assert budgets == [5, 5, 2]


@pytest.fixture(scope="module")
def quick() -> Client:
    """A server whose searches stop within 200 ms, so no drawn body searches for long."""
    return Client(create_app(list(OFFERED), max_budget_ms=200), raise_server_exceptions=False)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_bodies_the_schema_describes_are_read(quick: Client, data: st.DataObject) -> None:
    """A body the document describes is read by the model, and answered, or refused by the library for what
    its texts say (a pattern's or a rack's letters, a range the other way round, points no word scores), never
    for its shape."""
    schema = quick.document["paths"]["/api/search"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    body = data.draw(values(schema, most_items=4))
    for key, letters in (("pattern", "[A-Z?*]{1,7}"), ("letters", "[A-Z?]{1,9}"), ("includes", "[A-Z]{0,3}")):
        if key in body:  # often a text of the alphabet's letters, whose search answers words
            body[key] = data.draw(st.just(body[key]) | st.from_regex(letters, fullmatch=True))
    for key in ("lexicon", "mark", "in", "not_in", "not-in"):  # a name the server offers (its description's)
        if key in body:
            names = st.sampled_from(OFFERED)
            body[key] = data.draw(names if key == "lexicon" else st.lists(names, min_size=1, max_size=3) | names)
    for key in [k for k in body if "-" in k]:  # a field once: min-len or min_len, as --help or as Python writes it
        if key.replace("-", "_") in body:
            del body[key]
    request_model(SearchRequest, Offer(OFFERED, 200)).model_validate(body)  # the shape: read
    answer = quick.post("/api/search", json=body)
    if answer.status_code == 413:
        assert answer.json()["error"]["type"] == "AnswerTooLarge"
    elif answer.status_code != 200:
        error = answer.json()["error"]
        assert answer.status_code == 400, error
        assert error["type"] != "UsageError" or error["field"] in ("letters", "points"), error


BROKEN = [
    ({"pattern": "*", "length": "x"}, "length", "fault_span_form", {"given": "'x'"}),
    (
        {"pattern": "*", "vowels": "1-99999999999"},
        "vowels",
        "fault_span_end",
        {"given": "'1-99999999999'", "most": 10**9},
    ),
    ({"pattern": "*", "anagrams": True}, "anagrams", "fault_span_due", {"given_type": "bool"}),
    ({"pattern": "*", "prob_rank": -1}, "prob_rank", "fault_at_least", {"value": "-1", "low": "0"}),
    ({"pattern": "*", "budget": 0}, "budget", "fault_above", {"value": "0", "low": "0"}),
    ({"pattern": "*", "budget": "fast"}, "budget", "fault_not_milliseconds", {"value": "'fast'"}),
    ({"pattern": "*", "in": "de"}, "in", "fault_lexicon_not_offered", {"name": "'de'", "offered": "fr, en, nl"}),
    ({"pattern": "*", "not_in": []}, "not_in", "fault_list_empty", {}),
    ({"pattern": "*", "letters": "A" * 300}, "letters", "field_too_long", {"count": 300, "most": 256}),
    ({"pattern": "*", "exact": True}, "exact", None, {}),  # the command line's alone
    ({"letters": "RATES"}, "pattern", None, {}),
]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("body", "field", "code", "values"), BROKEN)
def test_a_broken_search_field_is_named_in_the_askers_language(
    client: Client, body: dict[str, Any], field: str, code: str | None, values: dict[str, Any], language: str
) -> None:
    answer = client.post("/api/search", json=body, headers={"Accept-Language": language})
    error = answer.json()["error"]
    assert answer.status_code == 400 and error["field"] == field and [f["field"] for f in error["faults"]] == [field]
    if code is not None:
        if "given_type" in values:
            values = {"given": Reason(f"fault_type_{values['given_type']}").text(language)}
        said = Reason(code, values).text(language)
        assert error["faults"][0]["message"] == said and error["message"] == f"{field}: {said}"
        if language != "en":  # said in the asker's language, not in English
            assert said != Reason(code, values).text("en")


@pytest.mark.parametrize(
    ("name", "argv", "body"),
    [
        ("search", ["search", "*", "--limit", "1"], {"pattern": "*"}),
        ("hint", ["hint", "RAT BUT / ZW", "--top", "1"], {"tray": "RAT BUT / ZW"}),
        ("plan", ["plan", "RAT BUT / ZW"], {"tray": "RAT BUT / ZW"}),
        ("jarnac", ["jarnac", "RAT BUT / ZW"], {"tray": "RAT BUT / ZW"}),
    ],
)
@pytest.mark.parametrize(("budget", "taken"), [(0, False), (-1, False), (0.5, True), (1e9, True), (1e9 + 1, False)])
def test_a_budget_is_above_0_ms_on_both_sides(
    client: Client, name: str, argv: list[str], body: dict[str, Any], budget: float, taken: bool
) -> None:
    status, document = run_json([*argv, "--budget", str(budget), "--json"])
    answer = client.post(f"/api/{name}", json={**body, "budget": budget, "lang": "fr"})
    assert (status == 0) is taken and (answer.status_code == 200) is taken, (document, answer.json())
    if not taken:
        assert "--budget" in document["error"]["message"] and answer.json()["error"]["field"] == "budget"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    ("body", "field", "code", "values"),
    [
        ({"pattern": "*", "length": "9-2"}, "length", "error_range_order", {"what": "length", "given": "'9-2'"}),
        ({"pattern": "A["}, "pattern", "error_pattern_unclosed", {"text": "'A['", "at": 2}),
        ({"pattern": "A[*]"}, "pattern", "error_pattern_set", {"text": "'A[*]'", "inside": "*"}),
    ],
)
def test_a_search_the_library_refuses_is_said_in_the_askers_language_on_both_sides(
    client: Client, body: dict[str, Any], field: str, code: str, values: dict[str, Any], language: str
) -> None:
    error = client.post("/api/search", json={**body, "lang": language}).json()["error"]
    assert error["field"] == field and error["reason"]["code"] == code
    assert values.items() <= error["reason"]["values"].items()
    said = error["reason"]["text"]
    assert said == Reason(code, error["reason"]["values"]).text(language) and error["message"] == said
    argv = [body["pattern"], *(["--length", body["length"]] if "length" in body else [])]
    status, document = run_json(["search", *argv, "--json", "--lang", language])
    assert status == 2 and document["error"]["message"] == said
    if language != "en":
        assert said != Reason(code, error["reason"]["values"]).text("en")
