/**
 * Reading CSV strictly (RFC 4180) and cutting a file into parts the import page sends one after
 * another. No dependencies: the Import dialog bundles it.
 *
 * A quote opens a cell only at the cell's start and must close before a separator, a line break
 * or the end of the file. A record that breaks this (a quote never closed, a quote inside an
 * unquoted cell, text after a closing quote) is one malformed record of its first line only;
 * reading goes on at the next line, so a bad quote never swallows the rows after it.
 */

/** One record: its first file line, the lines it spans, its cells (null: a malformed quote). */
export interface CsvRecord {
  line: number;
  lines: number;
  cells: string[] | null;
  /** The record's text in the file, with its line break. */
  text: string;
}

/** The separator of a CSV file: ";" or ",", whichever its first line holds more of outside quotes. */
export function csvSeparator(text: string): ";" | "," {
  let semi = 0, comma = 0, quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === "\n" || ch === "\r")) break;
    else if (!quoted && ch === ";") semi++;
    else if (!quoted && ch === ",") comma++;
  }
  return comma > semi ? "," : ";";
}

/** Every record of a file, blank lines included (cells [""]); a leading byte-order mark is skipped. */
export function readCsv(text: string, sep = ";"): CsvRecord[] {
  const s = text.replace(/^\uFEFF/, "");
  const out: CsvRecord[] = [];
  let i = 0;
  let line = 1;
  while (i < s.length) {
    const start = i;
    const startLine = line;
    const cells = readRecord();
    if (cells) {
      out.push({ line: startLine, lines: line - startLine, cells, text: s.slice(start, i) });
      continue;
    }
    // Malformed: the record is its first line; reading goes on at the next one.
    let j = start;
    while (j < s.length && s[j] !== "\n" && s[j] !== "\r") j++;
    if (s[j] === "\r" && s[j + 1] === "\n") j += 2;
    else if (j < s.length) j++;
    out.push({ line: startLine, lines: 1, cells: null, text: s.slice(start, j) });
    i = j;
    line = startLine + 1;
  }
  return out;

  /** One record from i (moving i and line past its line break), or null when a quote is wrong. */
  function readRecord(): string[] | null {
    const cells: string[] = [];
    let field = "";
    let cellStart = true;
    for (;;) {
      if (i >= s.length) {
        cells.push(field);
        return cells;
      }
      const ch = s[i];
      if (cellStart && ch === '"') {
        i++;
        for (;;) {
          if (i >= s.length) return null; // never closed
          const c = s[i];
          if (c === '"') {
            if (s[i + 1] === '"') {
              field += '"';
              i += 2;
              continue;
            }
            i++;
            break;
          }
          if (c === "\n" || (c === "\r" && s[i + 1] !== "\n")) line++;
          field += c;
          i++;
        }
        const next = s[i];
        if (i < s.length && next !== sep && next !== "\n" && next !== "\r") return null;
        cellStart = false;
        continue;
      }
      if (ch === sep) {
        cells.push(field);
        field = "";
        cellStart = true;
        i++;
      } else if (ch === "\n" || ch === "\r") {
        i += ch === "\r" && s[i + 1] === "\n" ? 2 : 1;
        line++;
        cells.push(field);
        return cells;
      } else if (ch === '"') {
        return null; // a quote inside an unquoted cell
      } else {
        field += ch;
        cellStart = false;
        i++;
      }
    }
  }
}

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
 * `line - part.partLine + part.firstLine` in the file. Quoted cells may hold line breaks; a
 * malformed record is its own line, as the server reads it.
 */
export function csvParts(text: string, size: number): CsvPart[] {
  const s = text.replace(/^\uFEFF/, "");
  const records = readCsv(s, csvSeparator(s));
  // Trailing blank lines are no records.
  while (records.length && isBlank(records[records.length - 1])) records.pop();
  const [first, ...body] = records;
  if (!first) return [];
  const header = { ...first, text: withBreak(first.text) };
  const partLine = (body[0]?.line ?? header.line + header.lines) - header.line + 1;
  const parts: CsvPart[] = [];
  for (let i = 0; i < body.length; i += size) {
    const chunk = body.slice(i, i + size);
    parts.push({
      text: header.text + chunk.map((r) => withBreak(r.text)).join(""),
      rows: chunk.length,
      firstLine: chunk[0].line,
      partLine,
    });
  }
  return parts;
}

const isBlank = (r: CsvRecord) => r.cells !== null && r.cells.length === 1 && r.cells[0] === "";
const withBreak = (t: string) => /[\r\n]$/.test(t) ? t : t + "\r\n";
