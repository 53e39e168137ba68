/** Where a domain refusal becomes an HTTP status: one table, used by every route and page. */
import { DomainError, type ErrorKind } from "@/lib/domain/errors.ts";

const STATUS: Record<ErrorKind, number> = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  too_large: 413,
  too_many: 429,
  upstream: 502,
  internal: 500,
};

const KIND_OF_STATUS: Record<number, ErrorKind> = {
  400: "validation",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  422: "unprocessable",
  413: "too_large",
  429: "too_many",
  502: "upstream",
};

/** A refusal that names its HTTP status (kept for the refusals HTTP itself defines). */
export class HttpError extends DomainError {
  constructor(
    readonly status: number,
    code: string,
    messageKey: string,
    fields?: Record<string, string>,
    data?: unknown,
    vars?: Record<string, unknown>,
    fieldVars?: Record<string, Record<string, unknown>>,
  ) {
    super(KIND_OF_STATUS[status] ?? "internal", code, messageKey, fields, data, vars, fieldVars);
    this.name = "HttpError";
  }
}

/** The HTTP status of an error: its own for an HttpError, its kind's for a DomainError. */
export function httpStatus(e: DomainError): number {
  return e instanceof HttpError ? e.status : STATUS[e.kind];
}

/** The seconds a 429 asks the caller to wait (its data's retryAfterSeconds; a minute if unsaid). */
export function retryAfterOf(e: DomainError): number {
  const s = (e.data as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds;
  return typeof s === "number" && s > 0 ? Math.ceil(s) : 60;
}

export { DomainError };
