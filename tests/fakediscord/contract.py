"""Discord's published contract for what a bot sends: request bodies checked against Discord's own
OpenAPI 3.1 description (``spec/openapi.json``, see ``spec/README.md``), plus the emoji rule the
schemas cannot express.

`Contract.check(method, route, payload)` returns the violations of one request body (empty when
Discord would take it); the fake answers the first one the way Discord does (400, code 50035
"Invalid Form Body", an ``errors`` object naming the field, see `form_errors`) and records it, so
the test fails even when the bot swallows the HTTP error.

The spec is loaded, adjusted (see `_adjust`) and registered once per process; validators are built
once per (method, route), and remember which instances their ``$ref``s found valid
(`_validator_class`).

Leniencies: only what real Discord accepts although the spec says otherwise, each documented at
the place it is made (`_adjust`). Fields the spec does not list are not violations: Discord
ignores unknown fields, and the spec's request schemas do not forbid them.
"""

from __future__ import annotations

import copy
import functools
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import emoji as emoji_lib
from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

SPEC_PATH = Path(__file__).with_name("spec") / "openapi.json"
SPEC_URI = "urn:discord-api-spec"
SNOWFLAKE_PATTERN = "^(0|[1-9][0-9]*)$"
METHODS = ("get", "post", "put", "patch", "delete")


class Violation(NamedTuple):
    """One thing in a request body that real Discord refuses."""

    method: str
    route: str  # the fake's path template
    field: str  # dotted path in the body, e.g. "components.0.components.0.emoji"; "" = the body
    code: str  # Discord's error code, e.g. BUTTON_COMPONENT_INVALID_EMOJI
    message: str

    def __str__(self) -> str:
        return f"{self.method} {self.route}: {self.field or '<body>'}: {self.code} {self.message}"


def form_errors(field: str, code: str, message: str) -> dict[str, Any]:
    """Discord's nested ``errors`` object for one field: "a.0.b" -> {"a": {"0": {"b": {"_errors":
    [...]}}}}."""
    leaf: dict[str, Any] = {"_errors": [{"code": code, "message": message}]}
    for part in reversed(field.split(".") if field else []):
        leaf = {part: leaf}
    return leaf


def violations_in(method: str, route: str, errors: dict[str, Any] | None) -> list[Violation]:
    """The violations a Discord ``errors`` object names (the inverse of `form_errors`)."""
    out: list[Violation] = []

    def walk(node: Any, path: list[str]) -> None:
        if not isinstance(node, dict):
            return
        for err in node.get("_errors") or []:
            out.append(
                Violation(
                    method, route, ".".join(path), err.get("code", ""), err.get("message", "")
                )
            )
        for key, sub in node.items():
            if key != "_errors":
                walk(sub, path + [key])

    walk(errors, [])
    return out or [Violation(method, route, "", "", "Invalid Form Body")]


# ---------------------------------------------------------------------- loading the spec


def _is_snowflake(node: dict[str, Any]) -> bool:
    return node.get("pattern") == SNOWFLAKE_PATTERN or node.get("format") == "snowflake"


def _discriminator(schemas: dict[str, Any], branch: Any) -> list[Any] | None:
    """The values of a union branch's required ``type`` property (an object schema reached
    directly or through one ``#/components/schemas/`` ref), or None."""
    if not isinstance(branch, dict):
        return None
    if set(branch) == {"$ref"} and branch["$ref"].startswith("#/components/schemas/"):
        branch = schemas.get(branch["$ref"].rsplit("/", 1)[1])
        if not isinstance(branch, dict):
            return None
    if "type" not in (branch.get("required") or []):
        return None
    prop = (branch.get("properties") or {}).get("type")
    if not isinstance(prop, dict):
        return None
    if "enum" in prop:
        return list(prop["enum"])
    if "const" in prop:
        return [prop["const"]]
    return None


def _adjust(node: Any, schemas: dict[str, Any]) -> Any:
    """The spec with Discord's real leniencies, and its unions rewritten for speed (same meaning).

    * Snowflakes: the spec types them as strings of digits; discord.py sends some as JSON integers
      (``recipient_id``, ``allowed_mentions.users``, ``message_reference.message_id``...) and
      Discord accepts those, so a snowflake schema also takes a non-negative integer.
    * ``default_member_permissions`` of a command: the spec says integer, Discord's documentation
      says a string of digits (a permission bit set), and discord.py sends a string: Discord
      accepts both.
    * A union (``oneOf`` / ``anyOf``) whose branches are all object schemas told apart by a
      required ``type`` property with disjoint values (components, interaction callbacks, command
      options) becomes: ``type`` must be one of them, and the body must match the branch of its
      ``type`` (``if``/``then``). Exactly what the union says when the values are disjoint, but
      only one branch is checked, and errors name the field inside that branch.
    * A ``oneOf`` of distinct ``const`` branches (the spec's enumerations, with a title each)
      becomes an ``enum`` of them.
    * ``oneOf [null, X]`` becomes ``anyOf [null, X]``: the same when X refuses null.
    """
    if isinstance(node, list):
        return [_adjust(x, schemas) for x in node]
    if not isinstance(node, dict):
        return node
    out = {k: _adjust(v, schemas) for k, v in node.items()}
    props = out.get("properties")
    if isinstance(props, dict) and "default_member_permissions" in props:
        # Leniency (real Discord accepts it, its documentation types it so): a string of digits.
        props["default_member_permissions"] = {
            "anyOf": [
                props["default_member_permissions"],
                {"type": "string", "pattern": "^[0-9]+$"},
            ]
        }
    if _is_snowflake(node) and node.get("type") == "string":
        # Leniency (real Discord accepts it): a snowflake may be sent as a JSON integer.
        return {"anyOf": [out, {"type": "integer", "minimum": 0}]}
    for key in ("oneOf", "anyOf"):
        branches = node.get(key)
        if not isinstance(branches, list) or len(branches) < 2:
            continue
        if key == "oneOf" and all(
            isinstance(b, dict) and "const" in b and set(b) <= {"const", "title", "description"}
            for b in branches
        ):
            consts = [b["const"] for b in branches]
            if len(consts) == len(set(map(json.dumps, consts))):
                del out[key]
                out["enum"] = consts
                continue
        values = [_discriminator(schemas, b) for b in branches]
        if all(v is not None for v in values):
            flat = [x for v in values for x in v]  # type: ignore[union-attr]
            if len(flat) == len(set(map(json.dumps, flat))):
                adjusted = out.pop(key)
                out.setdefault("type", "object")
                out["required"] = sorted(set(out.get("required", [])) | {"type"})
                out.setdefault("properties", {})["type"] = {"enum": flat}
                out["allOf"] = out.get("allOf", []) + [
                    {
                        "if": {
                            "type": "object",
                            "required": ["type"],
                            "properties": {"type": {"enum": v}},
                        },
                        "then": b,
                    }
                    for v, b in zip(values, adjusted, strict=True)
                ]
                continue
        if key == "oneOf" and len(branches) == 2 and {"type": "null"} in branches:
            out["anyOf"] = out.pop("oneOf")
    return out


@functools.cache
def _load(path: str) -> tuple[dict[str, Any], Registry]:
    with open(path, encoding="utf-8") as f:
        spec = json.load(f)
    schemas = spec["components"]["schemas"]
    adjusted = copy.copy(spec)
    adjusted["components"] = dict(spec["components"], schemas=_adjust(schemas, schemas))
    adjusted["paths"] = _adjust(spec["paths"], schemas)
    resource = Resource.from_contents(adjusted, default_specification=DRAFT202012)
    return adjusted, Registry().with_resource(SPEC_URI, resource)


def _template_key(template: str) -> str:
    """'/webhooks/{webhook_id}/{token}' and '/webhooks/{webhook_id}/{webhook_token}' -> the same
    key: match by method and path pattern, whatever the parameters are called."""
    return re.sub(r"\{[^}/]+\}", "{}", template)


def _pointer(*parts: str) -> str:
    return "".join("/" + p.replace("~", "~0").replace("/", "~1") for p in parts)


# ---------------------------------------------------------------------- checking

# jsonschema keyword -> Discord's error code (what Discord answers for the same mistake)
_CODES = {
    "maxLength": "BASE_TYPE_MAX_LENGTH",
    "minLength": "BASE_TYPE_MIN_LENGTH",
    "maxItems": "BASE_TYPE_MAX_LENGTH",
    "minItems": "BASE_TYPE_MIN_LENGTH",
    "maxProperties": "BASE_TYPE_MAX_LENGTH",
    "required": "BASE_TYPE_REQUIRED",
    "enum": "BASE_TYPE_CHOICES",
    "const": "BASE_TYPE_CHOICES",
    "minimum": "NUMBER_TYPE_MIN",
    "maximum": "NUMBER_TYPE_MAX",
    "type": "BASE_TYPE_INVALID",
    "pattern": "BASE_TYPE_INVALID",
    "uniqueItems": "BASE_TYPE_INVALID",
}


def _message(e: ValidationError) -> str:
    v = e.validator
    if v in ("maxLength", "maxItems", "maxProperties"):
        return f"Must be {e.validator_value} or fewer in length."
    if v in ("minLength", "minItems"):
        return f"Must be {e.validator_value} or more in length."
    if v == "required":
        return "This field is required"
    if v in ("enum", "const"):
        vals = e.validator_value if v == "enum" else [e.validator_value]
        return f"Value must be one of {tuple(vals)}."
    if v == "type":
        return f"{e.instance!r} is not of type {e.validator_value}."
    return e.message


def _leaves(e: ValidationError) -> Iterator[ValidationError]:
    """The errors that say what is wrong: inside a union, those of the branch meant (the one not
    refused for the instance's JSON type or its ``type`` discriminator), if only one is."""
    if e.validator in ("anyOf", "oneOf") and e.context:
        branches: dict[Any, list[ValidationError]] = {}
        for sub in e.context:
            branches.setdefault(sub.relative_schema_path[0], []).append(sub)

        def ruled_out(errs: list[ValidationError]) -> bool:
            return any(
                (not sub.relative_path and sub.validator == "type")
                or (list(sub.relative_path) == ["type"] and sub.validator in ("enum", "const"))
                for sub in errs
            )

        meant = [errs for errs in branches.values() if not ruled_out(errs)]
        if len(meant) == 1:
            for sub in meant[0]:
                yield from _leaves(sub)
            return
    yield e


def _field(e: ValidationError) -> str:
    parts = [str(p) for p in e.absolute_path]
    if e.validator == "required" and isinstance(e.instance, dict):
        missing = [p for p in e.validator_value if p not in e.instance]
        if missing:
            parts.append(str(missing[0]))
    return ".".join(parts)


class Contract:
    """Checks request bodies against Discord's OpenAPI description (one per FakeDiscord; the
    parsed spec and the validators are shared by all)."""

    def __init__(self, spec_path: Path | str = SPEC_PATH) -> None:
        self.spec_path = str(spec_path)

    def validator(self, method: str, route: str) -> Draft202012Validator | None:
        return _validator(self.spec_path, method.upper(), _template_key(route))

    def check(self, method: str, route: str, payload: Any) -> list[Violation]:
        """Violations of one request body (the JSON body, or the payload_json of a multipart
        one); [] if none or if the spec has no body schema for the route."""
        if payload is None:
            return []
        out: list[Violation] = []
        v = self.validator(method, route)
        if v is not None and not v.is_valid(payload):
            for err in v.iter_errors(payload):
                for leaf in _leaves(err):
                    out.append(
                        Violation(
                            method,
                            route,
                            _field(leaf),
                            _CODES.get(str(leaf.validator), "BASE_TYPE_INVALID"),
                            _message(leaf),
                        )
                    )
        if not out:
            out.extend(
                Violation(method, route, field, code, "Invalid emoji")
                for field, code in bad_emojis(payload)
            )
        return out


# Valid ($ref, instance) pairs remembered per spec, at most this many (then forgotten at once)
_MAX_REMEMBERED = 50_000


@functools.cache
def _validator_class(spec_path: str) -> type[Draft202012Validator]:
    """Draft 2020-12 with a ``$ref`` that remembers which instances it found valid: a bot sends
    the same components, embeds and commands again and again, and what a ``$ref`` says of an
    instance depends on nothing else (the spec has no ``$dynamicRef`` and no ``unevaluated*``).
    Only valid answers are remembered: a refusal is found and described afresh every time."""
    plain_ref = Draft202012Validator.VALIDATORS["$ref"]
    valid: set[tuple[str, str]] = set()

    def remembering_ref(validator, ref, instance, schema):
        if not isinstance(instance, (dict, list)):
            yield from plain_ref(validator, ref, instance, schema)
            return
        key = (ref, json.dumps(instance, sort_keys=True, separators=(",", ":")))
        if key in valid:
            return
        errors = list(plain_ref(validator, ref, instance, schema))
        if errors:
            yield from errors
            return
        if len(valid) >= _MAX_REMEMBERED:
            valid.clear()
        valid.add(key)

    return validators.extend(Draft202012Validator, {"$ref": remembering_ref})


@functools.cache
def _validator(spec_path: str, method: str, key: str) -> Draft202012Validator | None:
    spec, registry = _load(spec_path)
    for path, ops in spec["paths"].items():
        if _template_key(path) != key:
            continue
        op = ops.get(method.lower()) if isinstance(ops, dict) else None
        content = ((op or {}).get("requestBody") or {}).get("content") or {}
        if "application/json" not in content:
            return None
        ref = SPEC_URI + "#" + _pointer("paths", path, method.lower(), "requestBody")
        ref += _pointer("content", "application/json", "schema")
        return _validator_class(spec_path)({"$ref": ref}, registry=registry)
    return None


# ---------------------------------------------------------------------- emojis


def emoji_ok(e: Any) -> bool:
    """A component emoji Discord takes: a custom emoji (it has an id), or a Unicode emoji from
    Unicode's emoji list (as the ``emoji`` package has it)."""
    if not isinstance(e, dict):
        return e is None
    if e.get("id"):
        return True
    return isinstance(e.get("name"), str) and emoji_lib.is_emoji(e["name"])


def _component_lists(payload: Any) -> Iterator[tuple[str, list[Any]]]:
    if not isinstance(payload, dict):
        return
    if isinstance(payload.get("components"), list):
        yield "components", payload["components"]
    data = payload.get("data")  # an interaction callback
    if isinstance(data, dict) and isinstance(data.get("components"), list):
        yield "data.components", data["components"]


def _walk(prefix: str, components: list[Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    for i, c in enumerate(components):
        if not isinstance(c, dict):
            continue
        here = f"{prefix}.{i}"
        yield here, c
        if isinstance(c.get("components"), list):
            yield from _walk(here + ".components", c["components"])
        for key in ("accessory", "component"):
            if isinstance(c.get(key), dict):
                yield from _walk_one(f"{here}.{key}", c[key])


def _walk_one(here: str, c: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    yield here, c
    if isinstance(c.get("components"), list):
        yield from _walk(here + ".components", c["components"])


def bad_emojis(payload: Any) -> list[tuple[str, str]]:
    """[(field, Discord's code)] for every button or select option whose emoji Discord refuses."""
    out = []
    for prefix, comps in _component_lists(payload):
        for here, c in _walk(prefix, comps):
            if c.get("type") == 2 and "emoji" in c and not emoji_ok(c["emoji"]):
                out.append((f"{here}.emoji", "BUTTON_COMPONENT_INVALID_EMOJI"))
            if c.get("type") == 3:
                for j, o in enumerate(c.get("options") or []):
                    if isinstance(o, dict) and "emoji" in o and not emoji_ok(o["emoji"]):
                        out.append((f"{here}.options.{j}.emoji", "SELECT_COMPONENT_INVALID_EMOJI"))
    return out
