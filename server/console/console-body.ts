import type { FastifyRequest } from 'fastify';
import { StructError, type Struct } from 'superstruct';
import { CONSOLE_REFUSAL } from '../../src/validation/console/console-api.ts';
import { RestError } from '../http/rest-error.ts';

/**
 * A console route's JSON body, checked against its protocol struct: a wrong body is 400
 * console_invalid_body naming the first wrong field in `data.field` (README.md, "The console").
 */
export function consoleBody<T>(request: FastifyRequest, struct: Struct<T, unknown>): T {
  try {
    return struct.create(request.body ?? {});
  } catch (error) {
    if (!(error instanceof StructError)) throw error;
    const field = error.path.length > 0 ? String(error.path[0]) : undefined;
    throw new RestError(400, CONSOLE_REFUSAL.invalidBody, field === undefined ? 'The request body is not what this route takes.' : `The field "${field}" is missing or not valid.`, field === undefined ? {} : { field });
  }
}

/** A numeric path parameter (`:id`), or 404 console_not_found. */
export function idParam(value: string | undefined): number {
  if (value === undefined || !/^[1-9]\d{0,15}$/.test(value)) throw new RestError(404, CONSOLE_REFUSAL.notFound, 'There is no such thing.');
  return Number(value);
}
