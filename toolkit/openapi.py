"""What every app's part of the OpenAPI 3.1 document is written with: the schema builders, the
refusals' descriptions and operation() (scorekeeper/openapi.py assembles the document)."""

from __future__ import annotations

NULL = {"type": "null"}


def ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def nullable(schema: dict) -> dict:
    return {"anyOf": [schema, NULL]}


def obj(properties: dict, *, required: tuple[str, ...] = (), closed: bool = False) -> dict:
    schema: dict = {"type": "object", "properties": properties, "required": list(required)}
    if closed:
        schema["additionalProperties"] = False  # the API refuses unknown fields
    return schema


def array(items: dict, **limits: int) -> dict:
    return {"type": "array", "items": items, **limits}


INTEGER = {"type": "integer"}
STRING = {"type": "string"}
BOOLEAN = {"type": "boolean"}
MONEY = {"type": "string", "pattern": r"^-?\d+\.\d{2,4}$"}


DESCRIPTIONS = {
    400: "Bad input: the message names the field and, where it applies, the player; nothing changed",
    403: "A follow key tried to write",
    404: "No such session, group, event, round, history version or address",
    405: "This address does not take that method",
    409: "The entry lock is held elsewhere or lost, the session is finished, a write's retry key was reused for another change, "
    "or the history version cannot be restored or undone (its round exists, or changed since)",
    413: "The body is over 64 KB",
    415: "The body is not application/json",
    429: "Too many new sessions, groups, events, imports or rematches from this address, or evenings in this group, or changes to this event (see Retry-After)",
}


def json_content(schema: dict) -> dict:
    return {"application/json": {"schema": schema}}


def operation(
    summary: str,
    ok: int,
    reply: dict | None,
    *,
    errors: tuple[int, ...],
    body: str | None = None,
    body_required: bool = True,
    parameters: tuple[dict, ...] = (),
    media: str = "application/json",
    replay: bool = False,
) -> dict:
    """`replay`: a retried write (its key seen before) answers 200 with its first reply."""
    responses: dict = {str(ok): {"description": "OK" if ok == 200 else "Created"}}
    if reply is not None:
        responses[str(ok)]["content"] = {media: {"schema": reply}}
    if replay:
        responses["200"] = {
            "description": "Done before: a retry answers with the first reply",
            "content": json_content(reply),
        }
    if body is not None:
        errors = (*errors, 400, 413, 415)
    for status in sorted({*errors, 404, 405}):
        responses[str(status)] = {"description": DESCRIPTIONS[status], "content": json_content(ref("Error"))}
    result: dict = {"summary": summary, "responses": responses, "parameters": list(parameters)}
    if body is not None:
        result["requestBody"] = {"required": body_required, "content": json_content(ref(body))}
    return result
