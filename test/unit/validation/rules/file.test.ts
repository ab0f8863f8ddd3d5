import { describe, expect, it } from 'vitest';
import { file } from '../../../../src/validation/rules/file.ts';
import { fileOf, passes } from '../rule-harness.ts';

const cases: Array<[string, string[], File, boolean]> = [
  ['extension', ['.pdf', '.png'], fileOf('brief.pdf'), true],
  ['extension, any case', ['.PDF'], fileOf('BRIEF.Pdf'), true],
  ['other extension', ['.pdf'], fileOf('brief.exe'), false],
  ['extension only in the middle', ['.pdf'], fileOf('brief.pdf.exe'), false],
  ['no extension', ['.pdf'], fileOf('brief'), false],
  ['media type by declared type', ['application/pdf'], fileOf('brief', 1, 'application/pdf'), true],
  ['media type by extension', ['application/pdf'], fileOf('brief.pdf'), true],
  ['media type, other file', ['application/pdf'], fileOf('photo.png', 1, 'image/png'), false],
  ['wildcard by declared type', ['image/*'], fileOf('photo', 1, 'image/png'), true],
  ['wildcard by extension', ['image/*'], fileOf('photo.JPEG'), true],
  ['wildcard, other top-level type', ['image/*'], fileOf('clip.mp4', 1, 'video/mp4'), false],
  ['jpg variants', ['image/jpeg'], fileOf('photo.jpe'), true],
  ['empty accept list', [], fileOf('brief.pdf'), false],
];

describe('file', () => {
  it.each(cases)('%s', (_name, accept, upload, expected) => {
    expect(passes(file, { accept }, [upload])).toBe(expected);
  });
  it('passes an empty field', () => expect(passes(file, { accept: ['.pdf'] }, [new File([], '')])).toBe(true));
  it('refuses text where a file is expected', () => expect(passes(file, { accept: ['.pdf'] }, ['brief.pdf'])).toBe(false));
  it('checks every file', () => expect(passes(file, { accept: ['.pdf'] }, [fileOf('a.pdf'), fileOf('b.exe')])).toBe(false));
});
