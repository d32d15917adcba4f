"""Hypothesis values that a JSON Schema accepts, for the subset pydantic writes for a request model (object,
anyOf, enum, array, string with or without a pattern, number, integer, boolean, null): bodies drawn from the
published document, never from the model that wrote it."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st


def values(schema: dict[str, Any], most_items: int = 8) -> st.SearchStrategy[Any]:
    """The values ``schema`` accepts; a list has at most ``most_items`` items (or its schema's fewer)."""
    if "anyOf" in schema:
        return st.one_of([values(s, most_items) for s in schema["anyOf"]])
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    kind = schema.get("type")
    if kind == "null":
        return st.none()
    if kind == "boolean":
        return st.booleans()
    if kind == "integer":
        return st.integers(schema.get("minimum"), schema.get("maximum"))
    if kind == "number":
        low = schema.get("minimum", schema.get("exclusiveMinimum"))
        return st.floats(low, schema.get("maximum"), exclude_min="exclusiveMinimum" in schema, allow_nan=False)
    if kind == "string":
        if "pattern" in schema:
            most: int = schema["maxLength"]
            return st.from_regex(schema["pattern"]).filter(lambda text: len(text) <= most)
        return st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=schema.get("maxLength", 40))
    if kind == "array":
        items = values(schema["items"], most_items)
        return st.lists(
            items, min_size=schema.get("minItems", 0), max_size=min(schema.get("maxItems", most_items), most_items)
        )
    assert kind == "object", schema
    required = set(schema.get("required", ()))
    optional = {k: values(v, most_items) for k, v in schema["properties"].items() if k not in required}
    return st.fixed_dictionaries({k: values(schema["properties"][k], most_items) for k in required}, optional=optional)
