"""How refusals become answers: JSON for the API (with the fresh state for a stale version,
``Retry-After`` for a rate limit), the error page for the HTML pages."""

from __future__ import annotations

import json

from fastapi import FastAPI, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response

from grimoire.i18n import N_, gettext
from grimoire.web.errors import Stale, WebError
from grimoire.web.language import page_language
from grimoire.web.limits import TooMany
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
    if isinstance(error, Stale):
        return JSONResponse({"detail": detail, "state": error.state}, status_code=409)
    if request.url.path.startswith("/api/"):
        return JSONResponse({"detail": detail}, status_code=error.status)
    return templates_of(request).TemplateResponse(
        request,
        "error.html",
        {"status": error.status, "detail": detail},
        status_code=error.status,
    )


def install(app: FastAPI) -> None:
    app.add_exception_handler(RequestValidationError, invalid_request)  # type: ignore[arg-type]
    app.add_exception_handler(TooMany, too_many)  # type: ignore[arg-type]
    app.add_exception_handler(WebError, web_error)  # type: ignore[arg-type]
