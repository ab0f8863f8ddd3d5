import type { IncomingMessage } from 'node:http';
import { multipartParts } from '../http/multipart-fields.ts';
import { malformedMultipart, tooManyFields, tooManyFiles, tooManyParts } from './feedback-errors.ts';

/*
 * Most submissions are a few kilobytes of text with no file (or a small one). Such a body is
 * read whole and split in one pass (multipart-fields.ts) instead of through the streaming
 * parser, whose streams, events and per-part buffers were a fifth of a submission's time on
 * the server. The parts come out in the streaming parser's shape and with its limits, counted
 * in its order (parts, then files or fields), so readFeedbackRequest treats both alike; a
 * larger body, or one without a Content-Length, streams as before (files to disk as they arrive).
 */

/** Bodies up to this many bytes (declared in Content-Length) are read whole. */
export const BUFFERED_BODY_LIMIT = 64 * 1024;

/** A file part's content, read as the streaming parser's file stream is. */
export interface PartFile extends AsyncIterable<Buffer> {
  /** Set once read when the file passed the parser's fileSize limit. */
  truncated?: boolean;
  /** Drops the rest of the file. */
  resume(): void;
}

/** A part as the multipart parsers hand it over (see @fastify/multipart). */
export type Part =
  | { type: 'field'; fieldname: string; value: unknown; fieldnameTruncated: boolean; valueTruncated: boolean }
  | { type: 'file'; fieldname: string; filename: string; file: PartFile };

export interface PartLimits {
  fields: number;
  files: number;
  parts: number;
  fieldSize: number;
}

/** True when the body is declared small enough to be read whole. */
export function isSmallBody(headers: IncomingMessage['headers']): boolean {
  const declared = headers['content-length'];
  return declared !== undefined && headers['transfer-encoding'] === undefined && Number(declared) <= BUFFERED_BODY_LIMIT;
}

/** The whole body (Node's parser stops at Content-Length); rejects when the client goes away first. */
export function readWholeBody(raw: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    raw.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
    });
    raw.once('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, length)));
    raw.once('error', reject);
    raw.once('close', () => {
      if (!raw.complete) reject(new Error('the request body ended early'));
    });
  });
}

/**
 * The parts of a body read whole; a limit passed is the same 4xx the streaming parser gives, at
 * the same part. A broken body is refused before any part is read (streamed, the parts before
 * the break are read first, so a body both broken and over a limit may be refused for either).
 */
export function* bufferedParts(body: Buffer, contentType: string, limits: PartLimits): Generator<Part> {
  const parts = multipartParts(body, contentType);
  if (parts === null) throw malformedMultipart();
  let fields = 0;
  let files = 0;
  for (const [index, part] of parts.entries()) {
    if (index + 1 > limits.parts) throw tooManyParts(limits.parts);
    if (part.filename === null) {
      if ((fields += 1) > limits.fields) throw tooManyFields(limits.fields);
      const valueTruncated = part.end - part.start > limits.fieldSize;
      yield { type: 'field', fieldname: part.name, value: valueTruncated ? '' : body.toString('utf8', part.start, part.end), fieldnameTruncated: false, valueTruncated };
      continue;
    }
    if ((files += 1) > limits.files) throw tooManyFiles(limits.files);
    const content = body.subarray(part.start, part.end);
    yield {
      type: 'file',
      fieldname: part.name,
      filename: part.filename,
      file: {
        resume: () => undefined,
        async *[Symbol.asyncIterator]() {
          if (content.length > 0) yield content;
        },
      },
    };
  }
}
