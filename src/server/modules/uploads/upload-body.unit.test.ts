import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '#server/lib/app-error.ts';
import { parseUploadBody, UPLOAD_BODY_MAX_MEMBERS, UPLOAD_BODY_TEXTS } from './upload-body';

function refusal(text: string): AppError {
  let error: unknown;
  try {
    parseUploadBody(text);
  } catch (e) {
    error = e;
  }
  expect(error, text.slice(0, 80)).toBeInstanceOf(AppError);
  return error as AppError;
}

const USER_ID = '7f8c5e2a-1b3c-4d5e-8f9a-0b1c2d3e4f50';

describe('parseUploadBody', () => {
  it('reads an upload and a delete as JSON.parse does', () => {
    const upload = { file: 'data:image/png;base64,iVBORw0KGgo=', userId: USER_ID };
    expect(parseUploadBody(JSON.stringify(upload))).toEqual(upload);
    const remove = { imageUrl: '/uploads/portfolio/x/a.webp', userId: USER_ID };
    expect(parseUploadBody(JSON.stringify(remove, null, 2))).toEqual(remove);
    expect(parseUploadBody(' \r\n\t{ } \n')).toEqual({});
  });

  it('agrees with JSON.parse on every object of text members, escapes and odd keys included', () => {
    const text = fc.string({ unit: 'binary', maxLength: 40 });
    const objects = fc.dictionary(fc.string({ unit: 'binary', maxLength: 64 }), text, {
      maxKeys: UPLOAD_BODY_MAX_MEMBERS,
    });
    fc.assert(
      fc.property(objects, fc.constantFrom(undefined, 1, '\t'), (object, indent) => {
        const json = JSON.stringify(object, null, indent);
        return isDeepStrictEqual(parseUploadBody(json), JSON.parse(json));
      }),
      { numRuns: 500 },
    );
    // Backslashes right before a closing quote, and a '__proto__' key kept as data.
    const tricky = '{"a\\\\":"\\\\","b":"\\"\\\\\\"","__proto__":"x"}';
    expect(parseUploadBody(tricky)).toEqual(JSON.parse(tricky));
    expect(Object.keys(parseUploadBody(tricky))).toEqual(['a\\', 'b', '__proto__']);
  });

  it('refuses a member that is not text with its path, without reading the rest', () => {
    for (const value of [
      '[0,0,0]',
      '123',
      'true',
      'null',
      '{"a":"b"}',
      `${'['.repeat(10_000)}1${']'.repeat(10_000)}`,
    ]) {
      const error = refusal(`{"userId":"${USER_ID}","file":${value}}`);
      expect(error).toMatchObject({ code: 'VALIDATION_ERROR', statusCode: 400 });
      expect(error.issues).toEqual([{ path: 'file', message: UPLOAD_BODY_TEXTS.notText }]);
    }
  });

  it('refuses anything but one object of text members with the shape message', () => {
    const refused = [
      '',
      '   ',
      '[]',
      '"data:image/png;base64,AAAA"',
      '42',
      'null',
      '{',
      '{"file":',
      '{"file":"abc"',
      '{"file":"abc",}',
      '{"file" "abc"}',
      '{file:"abc"}',
      "{'file':'abc'}",
      '{"file":"abc"}{"b":"c"}',
      '{"file":"abc"} x',
      '{"file":"a\\x"}',
      '{"file":"a\u0001b"}',
      '\ufeff{"file":"abc"}',
      '{"a":"1","a":"2"}',
      `{"${'k'.repeat(65)}":"v"}`,
      JSON.stringify(
        Object.fromEntries(Array.from({ length: UPLOAD_BODY_MAX_MEMBERS + 1 }, (_, i) => [`k${i}`, ''])),
      ),
    ];
    for (const text of refused) {
      const error = refusal(text);
      expect(error, text.slice(0, 80)).toMatchObject({
        code: 'VALIDATION_ERROR',
        statusCode: 400,
        message: UPLOAD_BODY_TEXTS.shape,
      });
      expect(error.issues).toBeUndefined();
    }
  });

  it('takes the largest upload, a 13.4 MB data URL, whole', () => {
    const file = `data:image/png;base64,${'QUJD'.repeat(3_500_000)}`;
    const parsed = parseUploadBody(JSON.stringify({ file, userId: USER_ID }));
    expect(parsed.file).toBe(file);
    expect(parsed.userId).toBe(USER_ID);
  });
});
