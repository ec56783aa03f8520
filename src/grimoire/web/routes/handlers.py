"""How refusals become answers: JSON for the API (with the fresh state for a stale version,
``Retry-After`` for a rate limit and for a database that cannot answer now), the error page for
the HTML pages."""

from __future__ import annotations

import json

from fastapi import FastAPI, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from grimoire.i18n import N_, gettext
from grimoire.web.errors import Stale, Unavailable, WebError
from grimoire.web.language import page_language
from grimoire.web.limits import TooMany
from grimoire.web.outage import RETRY_AFTER, is_unavailable
from grimoire.web.routes.deps import templates_of


async def invalid_request(request: Request, error: RequestValidationError) -> Response:
    """A body that is no JSON at all is a bad request (400); well-formed JSON that does not
    fit the request's model is unprocessable (422)."""
    problems = error.errors()
    malformed = any(problem.get("type") == "json_invalid" for problem in problems)
    # ``detail`` is the validator's list (English, for programs); ``message`` says it in the
    # language of the page that asked (the page shows it)
    lang = page_language(request)
    if malformed:
        message = gettext(N_("the request's body is not valid JSON"), lang)
    else:
        fields = ", ".join(
            ".".join(str(part) for part in problem.get("loc", ())[1:]) or "body"
            for problem in problems
        )
        message = gettext(N_("the request does not fit: {fields}"), lang).format(fields=fields)
    # ASCII-escaped JSON: a lone surrogate in the input must not break the error itself.
    body = json.dumps({"detail": jsonable_encoder(problems), "message": message}, ensure_ascii=True)
    return Response(body, status_code=400 if malformed else 422, media_type="application/json")


async def too_many(request: Request, error: TooMany) -> Response:
    return JSONResponse(
        {"detail": error.detail},
        status_code=429,
        headers={"Retry-After": str(max(1, round(error.retry_after)))},
    )


async def web_error(request: Request, error: WebError) -> Response:
    # the reason in the language of the page that asked (English without one)
    detail = error.in_language(page_language(request))
    headers = {"Retry-After": str(RETRY_AFTER)} if error.status == 503 else None
    if isinstance(error, Stale):
        return JSONResponse({"detail": detail, "state": error.state}, status_code=409)
    if request.url.path.startswith("/api/"):
        return JSONResponse({"detail": detail}, status_code=error.status, headers=headers)
    return templates_of(request).TemplateResponse(
        request,
        "error.html",
        {"status": error.status, "detail": detail},
        status_code=error.status,
        headers=headers,
    )


async def database_error(request: Request, error: SQLAlchemyError) -> Response:
    """The database does not answer, or every connection is in use: a 503 that says so (logged
    once per outage by ``web.outage``); any other database error is a bug (a 500)."""
    if not is_unavailable(error):
        raise error
    outage = request.app.state.hub.store.outage
    if isinstance(error, PoolTimeout):
        outage.overloaded()
        reason = N_("the server is busy; try again in a moment")
    else:
        outage.failed(error)
        reason = N_("the server cannot reach its database right now; nothing changed, try again")
    return await web_error(request, Unavailable(reason))


def install(app: FastAPI) -> None:
    app.add_exception_handler(RequestValidationError, invalid_request)  # type: ignore[arg-type]
    app.add_exception_handler(TooMany, too_many)  # type: ignore[arg-type]
    app.add_exception_handler(WebError, web_error)  # type: ignore[arg-type]
    app.add_exception_handler(SQLAlchemyError, database_error)  # type: ignore[arg-type]
