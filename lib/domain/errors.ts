/**
 * The app's errors. Below the routes a refusal is a DomainError: what kind of refusal it is, a
 * machine code and i18n keys. Routes turn the kind into an HTTP status (routes/errors.ts) and the
 * keys into words. Below the routes nothing names an HTTP status; routes/errors.ts has HttpError
 * for the refusals that are HTTP's own (a bad body, CSRF, a method not allowed).
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

/**
 * 429: too many requests of a kind; `retryAfterSeconds` (in the answer's data and its Retry-After
 * header) says when one may come again.
 */
export const tooMany = (
  code: string,
  messageKey: string,
  retryAfterSeconds: number,
  fields?: Record<string, string>,
) => new DomainError("too_many", code, messageKey, fields, { retryAfterSeconds });

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
