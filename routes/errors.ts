/** Where a domain refusal becomes an HTTP status: one table, used by every route and page. */
import { DomainError, type ErrorKind, HttpError } from "@/lib/domain/errors.ts";

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

/** The HTTP status of an error: its own for an HttpError, its kind's for a DomainError. */
export function httpStatus(e: DomainError): number {
  return e instanceof HttpError ? e.status : STATUS[e.kind];
}

export { DomainError };
