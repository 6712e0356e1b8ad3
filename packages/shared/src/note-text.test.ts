import { describe, expect, it } from 'vitest';
import { markdownToDoc } from './note-markdown';
import { docTasks, docToText, excerptOf, setTaskChecked } from './note-text';

describe('note text', () => {
  it('extracts the text one block per line, tables with tabs', () => {
    const doc = markdownToDoc('# Plan\n\nWrite **the** report\n\n- a\n- b\n\n| x | y |\n| - | - |\n| 1 | 2 |');
    expect(docToText(doc)).toBe('Plan\nWrite the report\na\nb\nx\ty\n1\t2');
  });

  it('cuts an excerpt at a word', () => {
    expect(excerptOf('one two\nthree')).toBe('one two three');
    expect(excerptOf('alpha beta gamma delta', 15)).toBe('alpha beta…');
  });

  it('ticks a task by index when its text still matches', () => {
    const doc = markdownToDoc('- [ ] first\n- [ ] second\n  - [ ] inner');
    const ticked = setTaskChecked(doc, 2, 'inner', true);
    expect(ticked && docTasks(ticked).map((t) => t.checked)).toEqual([false, false, true]);
    expect(docTasks(doc).map((t) => t.checked)).toEqual([false, false, false]);
    expect(setTaskChecked(doc, 1, 'first', true)).toBeNull();
    expect(setTaskChecked(doc, 7, 'first', true)).toBeNull();
  });
});
