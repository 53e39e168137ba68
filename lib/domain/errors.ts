/** The one error type of the app: a status, a machine code and i18n keys; mapped in one place. */

export class HttpError extends Error {
  constructor(
    readonly status: number,
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
    this.name = "HttpError";
  }
}

export const badRequest = (fields?: Record<string, string>, messageKey = "errors.validation") =>
  new HttpError(400, "VALIDATION", messageKey, fields);
export const unauthorized = (messageKey = "errors.unauthorized") =>
  new HttpError(401, "UNAUTHORIZED", messageKey);
export const forbidden = (messageKey = "errors.forbidden") =>
  new HttpError(403, "FORBIDDEN", messageKey);
export const notFound = (messageKey = "errors.notFound") =>
  new HttpError(404, "NOT_FOUND", messageKey);
export const conflict = (current?: unknown, messageKey = "errors.conflict", code = "CONFLICT") =>
  new HttpError(409, code, messageKey, undefined, current === undefined ? undefined : { current });
