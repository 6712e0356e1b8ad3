import { RE2JS, RE2JSException } from 're2js';
import { StepError } from './step';

/** Patterns longer than this are refused. */
export const REGEX_PATTERN_MAX = 500;
const CACHE_SIZE = 200;

/**
 * Regular expressions written in JavaScript syntax (`abc` or `/abc/i`), run by RE2 (re2js) in time
 * linear in the text. Native RegExp backtracks: `(a+)+$` against 26 characters blocks the event
 * loop for seconds, and a flow's condition runs in the shared worker, so it could stall every
 * account's executions. RE2 has no backreferences or lookaround; those are refused in words.
 */
const compiled = new Map<string, RE2JS>();

export function compilePattern(pattern: string): RE2JS {
  const cached = compiled.get(pattern);
  if (cached) return cached;
  if (pattern.length > REGEX_PATTERN_MAX)
    throw new StepError(`Regular expressions are at most ${REGEX_PATTERN_MAX} characters long`);
  const slashed = /^\/(.*)\/([dgimsuvy]*)$/s.exec(pattern);
  let native: RegExp;
  try {
    native = slashed ? new RegExp(slashed[1] ?? '', slashed[2]) : new RegExp(pattern);
  } catch (error) {
    throw new StepError(`"${pattern}" is not a valid regular expression: ${(error as Error).message}`);
  }
  let re2: RE2JS;
  try {
    re2 = RE2JS.compile(RE2JS.translateRegExp(native));
  } catch (error) {
    if (!(error instanceof RE2JSException)) throw error;
    throw new StepError(
      `"${pattern}" uses a backreference or lookaround, which conditions do not run (use a Code step for those)`,
    );
  }
  if (compiled.size >= CACHE_SIZE) compiled.delete(compiled.keys().next().value as string);
  compiled.set(pattern, re2);
  return re2;
}

/** Whether the pattern matches anywhere in the text. */
export function testPattern(pattern: string, text: string): boolean {
  return compilePattern(pattern).test(text);
}
