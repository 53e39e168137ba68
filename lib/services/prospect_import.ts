/**
 * CSV import: the export's columns (headers in Swedish or English, or the
 * field names), "," or ";", the formula guard undone. Each row goes through the create rules of
 * POST /api/prospects; rows with errors or duplicates (in the store or earlier in the file) are
 * skipped and reported by file line, the rest are created in batches on the one write path. Every
 * record is counted once: created + duplicates + lines with errors = rows. A line whose quotes
 * break the CSV rules is reported as MALFORMED_QUOTE and the lines after it are read on their own.
 */
import { takeAutoAssignees } from "@/lib/services/assignment.ts";
import { DomainError } from "@/lib/domain/errors.ts";
import { IMPORTED_CSV_COLUMNS, PROSPECT_CSV_COLUMNS } from "@/lib/domain/prospect_schemas.ts";
import { prospectCreateSchema } from "@/lib/domain/prospect_schemas.ts";
import { csvSeparator, parseCsvRecords, unguardCell } from "@/lib/domain/reports.ts";
import { zodFields, zodFieldVars } from "@/lib/domain/validation.ts";
import { LANGS, translate } from "@/lib/i18n/mod.ts";
import {
  insertProspect,
  insertProspectBatch,
  readGuards,
  type StoredProspect,
} from "@/lib/db/prospects.ts";
import { contactMatches, contactOf, guardKeys } from "@/lib/services/duplicates.ts";
import type { ProspectCtx } from "@/lib/services/deps.ts";
import { clubFor, projectForCreate } from "@/lib/services/prospect_checks.ts";
import { withClock } from "@/lib/services/prospect_clock.ts";
import { createErrors, newProspect } from "@/lib/services/prospect_create.ts";

/** One request imports at most this many rows (the page sends a large file in batches). */
export const MAX_IMPORT_ROWS = 10_000;
/** The import's body limit (the app's default is 1 MB; 10,000 rows fit in 10 MB). */
export const IMPORT_BODY_BYTES = 10_000_000;

const IMPORTED = IMPORTED_CSV_COLUMNS;
type Imported = typeof IMPORTED[number];

export interface ImportOptions {
  marketProjectId: number;
  clubId?: number;
  dryRun: boolean;
}

export interface ImportResult {
  /** The file's records after the header (blank lines left out): created + duplicates + lines with errors. */
  rows: number;
  created: number;
  /** The prospects this import created, by file line (none in a dry run). */
  createdIds: { line: number; id: string }[];
  duplicates: { line: number; id: string | null }[];
  /** message: an i18n key (with vars, e.g. a length limit); the route translates it. */
  errors: {
    line: number;
    field: string;
    message: string;
    vars?: Record<string, unknown>;
    /** A machine code: VALIDATION, a rule's code (CLUB_NOT_FOUND, …), MALFORMED_QUOTE, CONFLICT. */
    code: string;
  }[];
  /** Header cells that name no column (left out, so a typo is visible in the preview). */
  ignoredColumns: string[];
}

const importError = (code: string, vars?: Record<string, unknown>) =>
  new DomainError("validation", code, `intake.errors.${code}`, undefined, undefined, vars);

const fold = (s: string) => s.trim().toLowerCase();

/**
 * A refused line's errors, one per field with its code; a refusal that names no field still
 * reports its line (no row goes unaccounted).
 */
function lineErrors(
  line: number,
  fields: Record<string, string>,
  vars?: Record<string, Record<string, unknown>>,
): ImportResult["errors"] {
  const out = Object.entries(fields).map(([field, message]) => ({
    line,
    field,
    message,
    vars: vars?.[field],
    code: codeOf(message),
  }));
  return out.length
    ? out
    : [{ line, field: "_", message: "errors.validation", code: "VALIDATION" }];
}

/** A field error's machine code: a rule's own (prospects.errors.<CODE>), else VALIDATION. */
const codeOf = (messageKey: string) =>
  messageKey.startsWith("prospects.errors.") ? messageKey.slice(17) : "VALIDATION";

/** Header text (either language, or the field name) → column. */
function headerNames(): Map<string, string> {
  const names = new Map<string, string>();
  for (const c of PROSPECT_CSV_COLUMNS) {
    names.set(fold(c), c);
    for (const lang of LANGS) {
      names.set(fold(translate(lang, `prospectCsv.${c}`)), c);
    }
  }
  return names;
}

interface Row {
  line: number;
  input: Record<Imported, string | undefined>;
  /** A quote that breaks the CSV rules: the line is reported, nothing of it is read. */
  malformed?: boolean;
}

/** The file → rows keyed by column, with the header's problems answered as 400. */
export function readImportFile(csv: string, opts: { clubId?: number }) {
  const records = parseCsvRecords(csv, csvSeparator(csv.replace(/^\uFEFF/, "")));
  if (!records.length) throw importError("IMPORT_EMPTY");
  const [header, ...body] = records;
  if (header.malformed) {
    throw new DomainError(
      "validation",
      "MALFORMED_QUOTE",
      "intake.errors.MALFORMED_QUOTE_HEADER",
      undefined,
      { line: header.line },
      { line: header.line },
    );
  }
  if (body.length > MAX_IMPORT_ROWS) {
    throw importError("IMPORT_TOO_MANY_ROWS", { n: MAX_IMPORT_ROWS });
  }
  const names = headerNames();
  const columns = header.cells.map((h) => names.get(fold(h)) ?? null);
  const ignoredColumns = header.cells.filter((h, i) =>
    h.trim() && (!columns[i] || !(IMPORTED as readonly string[]).includes(columns[i]!))
  );
  const required: Imported[] = ["firstName", "lastName", "phoneNumber"];
  if (opts.clubId === undefined) required.push("clubId");
  const missing = required.filter((c) => !columns.includes(c));
  if (missing.length) {
    throw importError("IMPORT_MISSING_COLUMNS", {
      columns: missing.map((c) => translate("sv", `prospectCsv.${c}`)).join(", "),
    });
  }
  const rows: Row[] = body.map((r) => {
    const input = {} as Row["input"];
    if (r.malformed) return { line: r.line, input, malformed: true };
    columns.forEach((c, i) => {
      if (c && (IMPORTED as readonly string[]).includes(c) && r.cells[i] !== undefined) {
        input[c as Imported] = unguardCell(r.cells[i]);
      }
    });
    if (opts.clubId !== undefined && !input.clubId?.trim()) input.clubId = String(opts.clubId);
    return { line: r.line, input };
  });
  return { rows, ignoredColumns };
}

interface Line {
  line: number;
  /** The prospect the line became or duplicates (null in a dry run). */
  id: string | null;
}
interface Ready {
  line: number;
  record: StoredProspect;
  contact: ReturnType<typeof contactOf>;
  /** The contact's guards as read before the duplicate check. */
  guards: Deno.KvEntryMaybe<unknown>[];
  /** The assignee was chosen by the club's automatic assignment. */
  autoAssigned?: boolean;
}

/** The batch's rows get their clubs' automatic assignment: the turns of each club at once. */
async function autoAssign(ctx: ProspectCtx, ready: Ready[]) {
  const byClub = new Map<number, Ready[]>();
  for (const r of ready) {
    if (r.record.assignId) continue;
    byClub.set(r.record.clubId, [...byClub.get(r.record.clubId) ?? [], r]);
  }
  for (const [clubId, rows] of byClub) {
    const users = await takeAutoAssignees(ctx.kv, clubId, rows[0].record.b2b, rows.length);
    users.forEach((u, i) => {
      rows[i].record = { ...rows[i].record, ...u };
      rows[i].autoAssigned = true;
    });
  }
}

/** Rows per atomic: each new prospect is ~20 sets and ≤ 3 checks, plus shared counters (KV: 1000 mutations, 100 checks). */
const BATCH = 32;

/** POST /api/prospects/import. */
export async function importProspects(
  ctx: ProspectCtx,
  csv: string,
  opts: ImportOptions,
): Promise<ImportResult> {
  const project = await projectForCreate(ctx, opts.marketProjectId);
  if (opts.clubId !== undefined) await clubFor(ctx, opts.clubId);
  const { rows, ignoredColumns } = readImportFile(csv, opts);
  const out: ImportResult = {
    rows: rows.length,
    created: 0,
    createdIds: [],
    duplicates: [],
    errors: [],
    ignoredColumns,
  };
  const clubs = new Map<number, Promise<{ clubId: number; name: string } | null>>();
  const club = (id: number) => {
    if (!clubs.has(id)) clubs.set(id, clubFor(ctx, id).catch(() => null));
    return clubs.get(id)!;
  };
  // Earlier lines of this file by contact: a later line with the same phone or e-mail is a duplicate
  // of it (its id is known once the earlier line is created or found in the store).
  const seen = new Map<string, Line>();
  const dupOf: { line: number; of: Line }[] = [];

  /** Shape, clock rules, club and in-file duplicates: in file order. */
  const check = async (row: Row) => {
    if (row.malformed) {
      out.errors.push({
        line: row.line,
        field: "_",
        message: "intake.errors.MALFORMED_QUOTE",
        code: "MALFORMED_QUOTE",
        vars: { line: row.line },
      });
      return null;
    }
    const parsed = prospectCreateSchema.safeParse({
      ...row.input,
      marketProjectId: project.marketProjectId,
    });
    const fields = parsed.success ? createErrors(ctx, parsed.data) : zodFields(parsed.error);
    const found = parsed.success ? await club(parsed.data.clubId) : null;
    if (parsed.success && !found) fields.clubId = "prospects.errors.CLUB_NOT_FOUND";
    if (!parsed.success || !found || Object.keys(fields).length) {
      const vars = parsed.success ? undefined : zodFieldVars(parsed.error, fields);
      out.errors.push(...lineErrors(row.line, fields, vars));
      return null;
    }
    const input = parsed.data;
    const contact = contactOf(input.phoneNumber, input.email);
    const earlier = (contact.phone && seen.get(`p:${contact.phone}`)) ||
      (contact.email && seen.get(`e:${contact.email}`));
    if (earlier) {
      dupOf.push({ line: row.line, of: earlier });
      return null;
    }
    const record = await withClock(ctx, newProspect(ctx, input, project, found, null, "import"));
    const me: Line = { line: row.line, id: opts.dryRun ? null : record.id };
    if (contact.phone) seen.set(`p:${contact.phone}`, me);
    if (contact.email) seen.set(`e:${contact.email}`, me);
    return { line: row.line, record, contact, me };
  };

  /** A batch's rows that are new: the store is asked for all of them at once. */
  const prepare = async (batch: Row[]): Promise<Ready[]> => {
    const candidates = [];
    for (const row of batch) {
      const c = await check(row);
      if (c) candidates.push(c);
    }
    // Guards first, then the store: a create of the same person in between moves a guard and
    // fails the batch's atomic (as in createProspect).
    const mp = project.marketProjectId;
    const guards = await Promise.all(
      candidates.map((c) => readGuards(ctx.kv, guardKeys(mp, c.contact))),
    );
    const stored = await Promise.all(candidates.map((c) => contactMatches(ctx.kv, c.contact)));
    const ready: Ready[] = [];
    candidates.forEach((c, i) => {
      const match = stored[i].find((m) => m.marketProjectId === mp);
      if (match) {
        c.me.id = match.id;
        out.duplicates.push({ line: c.line, id: match.id });
      } else ready.push({ line: c.line, record: c.record, contact: c.contact, guards: guards[i] });
    });
    return ready;
  };

  const meta = {
    userId: ctx.user.id,
    at: ctx.now.toISOString(),
    timeZone: ctx.config.timeZone,
  };
  let writing: Promise<void> = Promise.resolve();
  for (let i = 0; i < rows.length; i += BATCH) {
    // The next batch is checked while the previous one commits.
    const ready = await prepare(rows.slice(i, i + BATCH));
    await writing;
    if (opts.dryRun) out.created += ready.length;
    else if (ready.length) writing = writeBatch(ctx, project.marketProjectId, ready, meta, out);
  }
  await writing;
  for (const d of dupOf) out.duplicates.push({ line: d.line, id: d.of.id });
  out.duplicates.sort((a, b) => a.line - b.line);
  out.errors.sort((a, b) => a.line - b.line);
  out.createdIds.sort((a, b) => a.line - b.line);
  return out;
}

/** One atomic for the batch; if anything moved meanwhile, row by row with the create's checks. */
async function writeBatch(
  ctx: ProspectCtx,
  mp: number,
  ready: Ready[],
  meta: { userId: string; at: string; timeZone: string },
  out: ImportResult,
) {
  await autoAssign(ctx, ready);
  const items = ready.map((r) => ({
    record: r.record,
    guards: r.guards,
    autoAssigned: r.autoAssigned,
  }));
  let written: unknown[] | null = null;
  try {
    written = await insertProspectBatch(ctx.kv, items, meta);
  } catch { /* over an atomic limit: one by one below */ }
  if (written) {
    out.created += written.length;
    for (const r of ready) out.createdIds.push({ line: r.line, id: r.record.id });
    return;
  }
  for (const r of ready) {
    const mine = await readGuards(ctx.kv, guardKeys(mp, r.contact));
    const again = (await contactMatches(ctx.kv, r.contact)).find((m) => m.marketProjectId === mp);
    if (again) {
      out.duplicates.push({ line: r.line, id: again.id });
      continue;
    }
    try {
      await insertProspect(ctx.kv, r.record, { ...meta, autoAssigned: r.autoAssigned }, mine);
      out.created++;
      out.createdIds.push({ line: r.line, id: r.record.id });
    } catch {
      // The same person was created meanwhile (guard moved) or the row cannot be written.
      const now = (await contactMatches(ctx.kv, r.contact)).find((m) => m.marketProjectId === mp);
      if (now) out.duplicates.push({ line: r.line, id: now.id });
      else {
        out.errors.push({ line: r.line, field: "_", message: "errors.conflict", code: "CONFLICT" });
      }
    }
  }
}
