/**
 * Cutting a CSV file into parts the import page sends one after another (issue #15). No
 * dependencies: the Import dialog bundles it.
 */

/** One part of a CSV file as the import page sends it: the header line and up to `size` records. */
export interface CsvPart {
  text: string;
  /** Records in this part (a blank line counts as one). */
  rows: number;
  /** The file line of the part's first record. */
  firstLine: number;
  /** The line of that record inside `text` (after the header's lines). */
  partLine: number;
}

/**
 * Cuts a CSV file into parts of at most `size` records, each led by the file's header, so a large
 * file goes to POST /api/prospects/import in batches; a line the server reports in a part is
 * `line - part.partLine + part.firstLine` in the file. Quoted cells may hold line breaks.
 */
export function csvParts(text: string, size: number): CsvPart[] {
  const s = text.replace(/^\uFEFF/, "");
  const records: { line: number; text: string }[] = [];
  let quoted = false, start = 0, line = 1, startLine = 1;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === '"') quoted = !quoted;
    else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && s[i + 1] === "\n") i++;
      line++;
      if (!quoted) {
        records.push({ line: startLine, text: s.slice(start, i + 1) });
        start = i + 1;
        startLine = line;
      }
    }
  }
  if (s.slice(start).trim()) records.push({ line: startLine, text: s.slice(start) + "\r\n" });
  const [header, ...body] = records;
  if (!header) return [];
  const partLine = (body[0]?.line ?? 2) - header.line + 1;
  const parts: CsvPart[] = [];
  for (let i = 0; i < body.length; i += size) {
    const chunk = body.slice(i, i + size);
    parts.push({
      text: header.text + chunk.map((r) => r.text).join(""),
      rows: chunk.length,
      firstLine: chunk[0].line,
      partLine,
    });
  }
  return parts;
}
