/**
 * Import prospects from a CSV file: pick the file (and a club for rows without one),
 * see the dry run's counts and first problems, confirm, and watch the progress bar while the file
 * goes to POST /api/prospects/import in parts.
 */
import { useState } from "react";
import { useT } from "@/lib/i18n/context.ts";
import { api, ApiError } from "@/lib/client/api.ts";
import { toastSuccess } from "@/lib/client/toast.ts";
import { type CsvPart, csvParts } from "@/lib/domain/csv_parts.ts";
import { Modal } from "@/islands/prospects/Modal.tsx";

interface ImportAnswer {
  rows: number;
  created: number;
  duplicates: { line: number; id: string | null }[];
  errors: { line: number; field: string; message: string }[];
  ignoredColumns: string[];
}

/** Rows per request: a dry run checks up to the server's limit at once; an import shows progress. */
const CHECK_PART = 10_000;
const WRITE_PART = 500;
const MAX_FILE_MB = 50;

type Step =
  | { kind: "pick" }
  | { kind: "checking" }
  | { kind: "preview"; text: string; result: ImportAnswer }
  | { kind: "importing"; done: number; total: number };

export interface ImportDialogProps {
  marketProjectId: number;
  clubs: { clubId: number; name: string }[];
  onClose: () => void;
  onImported: (created: number) => void;
}

export function ImportDialog(
  { marketProjectId, clubs, onClose, onImported }: ImportDialogProps,
) {
  const t = useT();
  const [step, setStep] = useState<Step>({ kind: "pick" });
  const [clubId, setClubId] = useState("");
  const [error, setError] = useState("");

  const failed = (e: unknown) => {
    setStep({ kind: "pick" });
    setError(e instanceof ApiError ? e.message : t("common.networkError"));
  };

  const check = async (file: File) => {
    setError("");
    if (file.size > MAX_FILE_MB * 1e6) {
      setError(t("intake.import.tooLarge", { n: MAX_FILE_MB }));
      return;
    }
    setStep({ kind: "checking" });
    try {
      const text = await file.text();
      const { sum } = await sendCsv({ marketProjectId, clubId }, text, true, CHECK_PART);
      setStep({ kind: "preview", text, result: sum });
    } catch (e) {
      failed(e);
    }
  };

  const run = async (text: string) => {
    const total = csvParts(text, Number.MAX_SAFE_INTEGER)[0]?.rows ?? 0;
    let done = 0;
    setStep({ kind: "importing", done, total });
    try {
      const { sum } = await sendCsv({ marketProjectId, clubId }, text, false, WRITE_PART, (n) => {
        done += n;
        setStep({ kind: "importing", done, total });
      });
      toastSuccess(t("intake.import.done", { created: sum.created }));
      onImported(sum.created);
    } catch (e) {
      failed(e);
    }
  };

  const busy = step.kind === "checking" || step.kind === "importing";
  return (
    <Modal
      labelledBy="import-title"
      testId="import-dialog"
      width="36rem"
      onCancel={() => !busy && onClose()}
    >
      <div class="space-y-4 p-5">
        <h2 id="import-title" class="text-lg font-semibold">{t("intake.import.title")}</h2>
        {(step.kind === "pick" || step.kind === "checking") && (
          <PickFile
            clubs={clubs}
            clubId={clubId}
            setClubId={setClubId}
            checking={step.kind === "checking"}
            error={error}
            onFile={check}
          />
        )}
        {step.kind === "preview" && <Preview result={step.result} />}
        {step.kind === "importing" && <Progress done={step.done} total={step.total} />}
        <div class="flex justify-end gap-2">
          <button type="button" class="btn btn-secondary" disabled={busy} onClick={onClose}>
            {t("intake.import.cancel")}
          </button>
          {step.kind === "preview" && (
            <button
              type="button"
              class="btn btn-primary"
              disabled={step.result.created === 0}
              data-testid="import-confirm"
              onClick={() => run(step.text)}
            >
              {step.result.created
                ? t("intake.import.confirm", { count: step.result.created })
                : t("intake.import.nothing")}
            </button>
          )}
        </div>
      </div>
    </Modal>
  );
}

/** Sends the file in parts and adds the answers up, with lines as in the file. */
async function sendCsv(
  target: { marketProjectId: number; clubId: string },
  text: string,
  dryRun: boolean,
  size: number,
  onPart?: (n: number) => void,
) {
  const sum: ImportAnswer = {
    rows: 0,
    created: 0,
    duplicates: [],
    errors: [],
    ignoredColumns: [],
  };
  const parts: CsvPart[] = csvParts(text, size);
  for (const part of parts) {
    const { data } = await api<ImportAnswer>("POST", "/api/prospects/import", {
      query: {
        marketProjectId: target.marketProjectId,
        clubId: target.clubId || undefined,
        dryRun: dryRun || undefined,
      },
      raw: { type: "text/csv; charset=utf-8", text: part.text },
    });
    const line = (n: number) => n - part.partLine + part.firstLine;
    sum.rows += data.rows;
    sum.created += data.created;
    sum.duplicates.push(...data.duplicates.map((d) => ({ ...d, line: line(d.line) })));
    sum.errors.push(...data.errors.map((e) => ({ ...e, line: line(e.line) })));
    sum.ignoredColumns = data.ignoredColumns;
    onPart?.(part.rows);
  }
  return { sum, rows: parts.reduce((n, p) => n + p.rows, 0) };
}

/** The first step: a club for rows without one, and the file (checked at once). */
function PickFile(
  { clubs, clubId, setClubId, checking, error, onFile }: {
    clubs: { clubId: number; name: string }[];
    clubId: string;
    setClubId: (v: string) => void;
    checking: boolean;
    error: string;
    onFile: (f: File) => void;
  },
) {
  const t = useT();
  return (
    <>
      <p class="text-sm text-slate-600">{t("intake.import.help")}</p>
      <label class="block text-sm font-medium">
        {t("intake.import.club")}
        <select
          class="input mt-1"
          value={clubId}
          data-testid="import-club"
          onChange={(e) => setClubId((e.target as HTMLSelectElement).value)}
        >
          <option value="">{t("intake.import.noClub")}</option>
          {clubs.map((c) => <option key={c.clubId} value={String(c.clubId)}>{c.name}</option>)}
        </select>
      </label>
      <label class="block text-sm font-medium">
        {t("intake.import.file")}
        <input
          type="file"
          accept=".csv,text/csv"
          class="input mt-1"
          data-testid="import-file"
          disabled={checking}
          onChange={(e) => {
            const f = (e.target as HTMLInputElement).files?.[0];
            if (f) onFile(f);
          }}
        />
      </label>
      {checking && <p class="text-sm text-slate-600" role="status">{t("intake.import.checking")}
      </p>}
      {error && <p class="text-sm text-red-700" role="alert" data-testid="import-error">{error}</p>}
    </>
  );
}

function Progress({ done, total }: { done: number; total: number }) {
  const t = useT();
  return (
    <div role="status" class="space-y-2">
      <progress class="h-3 w-full" max={total || 1} value={done} data-testid="import-progress" />
      <p class="text-sm text-slate-600">{t("intake.import.progress", { done, total })}</p>
    </div>
  );
}

/** The dry run: counts, then the first problems by file line. */
function Preview({ result }: { result: ImportAnswer }) {
  const t = useT();
  const problems = [
    ...result.errors.map((e) => ({ line: e.line, text: e.message, field: e.field })),
    ...result.duplicates.map((d) => ({
      line: d.line,
      text: t("intake.import.duplicate"),
      field: "",
    })),
  ].sort((a, b) => a.line - b.line).slice(0, 10);
  return (
    <div class="space-y-3" data-testid="import-preview">
      <p class="font-medium" data-testid="import-counts">
        {t("intake.import.preview", {
          created: result.created,
          duplicates: result.duplicates.length,
          errors: new Set(result.errors.map((e) => e.line)).size,
        })}
      </p>
      {problems.length > 0 && (
        <div>
          <h3 class="text-sm font-semibold">{t("intake.import.problems")}</h3>
          <ul class="mt-1 max-h-48 overflow-y-auto text-sm" data-testid="import-problems">
            {problems.map((p, i) => (
              <li key={i} class="border-b border-slate-100 py-1">
                <span class="font-medium">{t("intake.import.line", { line: p.line })}</span>
                {p.field && p.field !== "_" && (
                  <span class="text-slate-500">{` (${t(`prospectCsv.${p.field}`)})`}</span>
                )}
                {`: ${p.text}`}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
