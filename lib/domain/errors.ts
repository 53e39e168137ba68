/**
 * The app's errors. Below the routes a refusal is a DomainError: what kind of refusal it is, a
 * machine code and i18n keys. Routes turn the kind into an HTTP status (routes/errors.ts) and the
 * keys into words. HttpError is a DomainError that names its status itself, for the refusals that
 * are HTTP's own (a bad body, CSRF, rate limits).
 */

/** What went wrong, in the domain's terms; each maps to one HTTP status in routes/errors.ts. */
export type ErrorKind =
  | "validation"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "unprocessable"
  | "too_large"
  | "too_many"
  | "upstream"
  | "internal";

export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    /** Machine-readable code, e.g. "VALIDATION", "NOT_FOUND", "MOTIVATION_TEXT_REQUIRED". */
    readonly code: string,
    /** An i18n key (or plain text) for the message. */
    readonly messageKey: string,
    /** Per-field i18n keys, e.g. { firstName: "validation.required" }. */
    readonly fields?: Record<string, string>,
    /** Extra JSON the client needs, e.g. the current record on a 409. */
    readonly data?: unknown,
    /** Interpolation values for messageKey. */
    readonly vars?: Record<string, unknown>,
    /** Interpolation values per field, e.g. { name: { n: 100 } } for "validation.maxLength". */
    readonly fieldVars?: Record<string, Record<string, unknown>>,
  ) {
    super(messageKey);
    this.name = "DomainError";
  }
}

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

export const badRequest = (fields?: Record<string, string>, messageKey = "errors.validation") =>
  new DomainError("validation", "VALIDATION", messageKey, fields);
export const unauthorized = (messageKey = "errors.unauthorized") =>
  new DomainError("unauthorized", "UNAUTHORIZED", messageKey);
export const forbidden = (messageKey = "errors.forbidden") =>
  new DomainError("forbidden", "FORBIDDEN", messageKey);
export const notFound = (messageKey = "errors.notFound") =>
  new DomainError("not_found", "NOT_FOUND", messageKey);
export const conflict = (current?: unknown, messageKey = "errors.conflict", code = "CONFLICT") =>
  new DomainError(
    "conflict",
    code,
    messageKey,
    undefined,
    current === undefined ? undefined : { current },
  );
