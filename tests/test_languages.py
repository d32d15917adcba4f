"""The reader's language on the command line (--lang, else the environment) and over HTTP (lang, else
Accept-Language): the same codes, their texts in French, English, Spanish and Dutch."""

from __future__ import annotations

import json

import pytest

from jarnac_solver.cli import main
from jarnac_solver.messages import LANGUAGES, MESSAGES, Reason, Value

pytest.importorskip("starlette")
pytest.importorskip("httpx")
from jarnac_solver.server.app import create_app

from .service_client import Client

CLEAN = {"en": "a clean pass", "fr": "une passe nette", "es": "un pase limpio", "nl": "een schone pas"}
NOT_IN = {
    "en": "is not in the lexicon",
    "fr": "n'est pas dans le lexique",
    "es": "no está en el léxico",
    "nl": "staat niet",
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_command_line_speaks_the_language_asked(
    language: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    hint = ["hint", "RAT /", "--opponent", "BUT /", "--phase", "jarnac", "--lexicon", "fr"]
    assert main([*hint, "--lang", language]) == 0
    assert CLEAN[language] in capsys.readouterr().out
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LC_ALL", "")
    monkeypatch.setenv("LANG", f"{language}_XX.UTF-8")
    assert main([*hint, "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    reason = document["result"]["advice"]["options"][0]["reasons"][0]
    assert reason["code"] == "clean_pass" and reason["text"] == Reason("clean_pass").text(language)
    record = ["jarnac", "CARIES SORBETS / SN", "--thief", "RAT /", "--lexicon", "fr", "--lang", language]
    assert main(record) == 0
    assert "113" in capsys.readouterr().out


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_error_is_said_in_the_language_and_carries_its_code(
    language: str, capsys: pytest.CaptureFixture[str]
) -> None:
    tray = ["moves", "RAT / X1", "--lexicon", "fr", "--lang", language]
    assert main(tray) == 2
    said = capsys.readouterr().err
    assert said.startswith("jarnac-solver moves: ") and Reason("error_not_a_tile", _values()).text(language)[:6] in said
    assert main([*tray, "--json"]) == 2
    error = json.loads(capsys.readouterr().out)["error"]
    assert error["reason"]["code"] == "error_not_a_tile" and error["message"] == error["reason"]["text"]


def _values() -> dict[str, Value]:
    return {"what": Reason("what.tray_rack"), "text": "'X1'", "char": "'1'", "alphabet": "'latin'", "tiles": "A..Z"}


@pytest.fixture(scope="module")
def client() -> Client:
    return Client(create_app(["fr", "en"]), raise_server_exceptions=False)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_service_speaks_lang_else_accept_language(client: Client, language: str) -> None:
    body = {"tray": "RAT /", "opponent": "BUT /", "phase": "jarnac", "lexicon": "fr"}
    header = {"Accept-Language": f"{language}-XX;q=0.9, de;q=0.95"}
    for answer in (
        client.post(f"/api/hint?lang={language}", json=body),
        client.post("/api/hint", json=body, headers=header),
    ):
        reason = answer.json()["result"]["advice"]["options"][0]["reasons"][0]
        assert answer.status_code == 200 and reason == Reason("clean_pass").to_dict(language)
    catalog = client.get(f"/messages/{language}.json").json()
    assert set(catalog["messages"]) == set(MESSAGES) and catalog["language"] == language
    assert catalog["messages"]["points_now"][catalog["plural"].count("n > 1") and 1] in (
        Reason("points_now", {"points": 2}).text(language).replace("2", "{points}"),
        Reason("points_now", {"points": 1}).text(language).replace("1", "{points}"),
    )
    game = client.post("/api/games", json={"lexicon": "fr", "seed": 1}).json()["result"]
    refused = client.post(f"/api/games/{game['id']}/actions?lang={language}", json={"action": "+RAT"})
    assert refused.status_code == 409 and "+RAT" in refused.json()["error"]["message"]


def test_the_service_refuses_a_language_it_has_no_catalog_for(client: Client) -> None:
    answer = client.post("/api/check?lang=de", json={"words": ["TZAR"], "lexicon": "fr"})
    assert answer.status_code == 400 and "lang must be one of en, fr, es, nl" in answer.json()["error"]["message"]
    assert client.get("/messages/de.json").status_code == 404
    assert client.post("/api/check", json={"words": ["TZAR"], "lexicon": "fr", "lang": "nl"}).status_code == 200
    assert client.post("/api/check", json={"words": ["TZAR"], "lexicon": "FR"}).status_code == 200  # any case
