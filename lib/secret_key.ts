/**
 * Production's test of SECRET_KEY: a key that is written anywhere in the project's files (a
 * development, test or example key) or has little entropy (few distinct characters, or one short
 * piece repeated) is public or guessable, and would let anyone sign sessions.
 */

/** Distinct characters a key needs: a 64-character hex key has 16, base64 keys have more. */
export const MIN_DISTINCT_CHARS = 12;

/** How to make a good key, in the refusal's one line. */
export const MAKE_A_KEY = "make one with `openssl rand -hex 32`";

/** Why the key is weak, or null when it is not. */
export function weakKeyReason(key: string, projectRoot?: URL): string | null {
  const distinct = new Set(key).size;
  if (distinct < MIN_DISTINCT_CHARS) {
    return `it has ${distinct} distinct characters (at least ${MIN_DISTINCT_CHARS} needed)`;
  }
  if (repeatsItself(key)) return "it is one short piece repeated";
  const sequence = typedInSequence(key);
  if (sequence) return sequence;
  if (projectRoot && appearsIn(projectRoot, key)) return "it is written in the project's files";
  return null;
}

/**
 * Runs: characters that step by the same amount of at most one ("0123", "abcd", "zyxw", "aaaa").
 * A key with a run of MAX_RUN, or with half its characters in runs of four or more, was typed, not
 * drawn: in a random hex key of 64 characters a run of 8 comes about once in a million keys.
 */
export const MAX_RUN = 8;

/** The lengths of the key's runs of two or more characters. */
function runs(key: string): number[] {
  const out: number[] = [];
  let len = 1;
  let step = NaN;
  for (let i = 1; i <= key.length; i++) {
    const d = i < key.length ? key.charCodeAt(i) - key.charCodeAt(i - 1) : NaN;
    if (Math.abs(d) <= 1 && (len === 1 || d === step)) {
      len++;
      step = d;
      continue;
    }
    if (len >= 2) out.push(len);
    // The character that broke the run may start the next one with the one before it.
    len = Math.abs(d) <= 1 ? 2 : 1;
    step = d;
  }
  return out;
}

function typedInSequence(key: string): string | null {
  const r = runs(key);
  if (r.some((n) => n >= MAX_RUN)) {
    return `it holds a run of ${MAX_RUN} or more characters in sequence`;
  }
  const inRuns = r.filter((n) => n >= 4).reduce((a, n) => a + n, 0);
  if (inRuns * 2 >= key.length) return "half of it is runs of characters in sequence";
  return null;
}

/** True when the key is a shorter string written several times ("abcabcabc…"). */
function repeatsItself(key: string): boolean {
  for (let period = 1; period <= key.length / 2; period++) {
    let same = true;
    for (let i = period; i < key.length && same; i++) same = key[i] === key[i - period];
    if (same) return true;
  }
  return false;
}

const TEXT_FILE = /\.(ts|tsx|js|json|md|txt|yml|yaml|env|example|sh|toml)$|^\.env/;
const SKIPPED_DIRS = new Set(["node_modules", ".git", "data", "static", ".deno", "screenshots"]);
const found = new Map<string, boolean>();

/** Whether the key occurs in a text file of the project (cached per key; unreadable = no). */
function appearsIn(root: URL, key: string): boolean {
  const cacheKey = `${root.href}\n${key}`;
  const cached = found.get(cacheKey);
  if (cached !== undefined) return cached;
  const result = scan(root, key, 0);
  found.set(cacheKey, result);
  return result;
}

function scan(dir: URL, key: string, depth: number): boolean {
  let entries: Deno.DirEntry[];
  try {
    entries = [...Deno.readDirSync(dir)];
  } catch {
    return false;
  }
  for (const e of entries) {
    if (e.isDirectory) {
      if (
        depth < 6 && !SKIPPED_DIRS.has(e.name) && scan(new URL(`${e.name}/`, dir), key, depth + 1)
      ) {
        return true;
      }
    } else if (e.isFile && TEXT_FILE.test(e.name)) {
      try {
        if (Deno.readTextFileSync(new URL(e.name, dir)).includes(key)) return true;
      } catch { /* unreadable: not a match */ }
    }
  }
  return false;
}
