import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { fromCampusInput } from './campus-time.js';

/** A form as the browser posted it: every value a string, a repeated field a list. */
export type FormValues = Record<string, string | string[] | undefined>;
export type FieldErrors = Record<string, string>;

/** How a form field becomes the contract's JSON value before the contract's schema reads it. */
export type FieldKind =
  | 'text'
  | 'textOrNull'
  | 'bool'
  | 'int'
  | 'intOrNull'
  | 'dayOrNull'
  | 'intList'
  | 'campusTimeOrNull'
  /** One text box of whole numbers separated by commas or spaces ("7, 3, 1"). */
  | 'intCommaList';

const first = (value: string | string[] | undefined) =>
  Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
const number = (text: string) => (/^-?\d+$/.test(text.trim()) ? Number(text) : text);

function convert(kind: FieldKind, raw: string | string[] | undefined, timeZone: string): unknown {
  const text = first(raw);
  switch (kind) {
    case 'text':
      return text;
    case 'textOrNull':
      return text.trim() === '' ? null : text;
    case 'bool':
      return text === 'on' || text === 'true';
    case 'int':
      return text === '' ? undefined : number(text);
    case 'intOrNull':
      return text.trim() === '' ? null : number(text);
    case 'dayOrNull':
      return text.trim() === '' ? null : text.trim();
    case 'intList':
      return (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).map(number);
    case 'campusTimeOrNull':
      return text.trim() === '' ? null : (fromCampusInput(text.trim(), timeZone) ?? text);
    case 'intCommaList':
      return text
        .split(/[\s,;]+/)
        .filter((part) => part !== '')
        .map(number);
  }
}

export const isFormPost = (request: FastifyRequest) =>
  (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');

/** A browser (it asks for HTML) gets pages and redirects; anything else gets JSON. */
export const wantsPage = (request: FastifyRequest) =>
  /\btext\/html\b/.test(request.headers.accept ?? '');

function formValues(body: unknown): FormValues {
  const values: FormValues = {};
  if (typeof body !== 'object' || body === null) return values;
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === 'string') values[key] = value;
    else if (Array.isArray(value)) values[key] = value.filter((v) => typeof v === 'string');
  }
  return values;
}

/** Each field in error with the first message about it; the whole input when no field is named. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key =
      issue.code === 'unrecognized_keys'
        ? issue.keys.join(', ')
        : issue.path.length > 0
          ? String(issue.path[0])
          : 'body';
    fields[key] ??= issue.message;
  }
  return fields;
}

export type Input<T> =
  | { ok: true; data: T; values: FormValues }
  | { ok: false; fields: FieldErrors; values: FormValues };

/**
 * Reads an admin change: a form (its fields converted as `spec` says) or JSON, both parsed by the
 * same contract schema. `values` keeps what a form sent, so a refused form comes back as typed.
 */
export function readInput<T>(
  request: FastifyRequest,
  spec: Record<string, FieldKind>,
  schema: z.ZodType<T>,
  timeZone: string,
  /** Fields a form spreads over several controls (a post's link rows), put together. */
  extra?: (values: FormValues) => Record<string, unknown>,
): Input<T> {
  const form = isFormPost(request);
  const values = form ? formValues(request.body) : {};
  const candidate = form
    ? {
        ...Object.fromEntries(
          Object.entries(spec).map(([key, kind]) => [key, convert(kind, values[key], timeZone)]),
        ),
        ...extra?.(values),
      }
    : request.body;
  const result = schema.safeParse(candidate);
  return result.success
    ? { ok: true, data: result.data, values }
    : { ok: false, fields: fieldErrors(result.error), values };
}

/** A refused change: 400 with each field named, as JSON or as the form again with its messages. */
export function sendInvalid(
  request: FastifyRequest,
  reply: FastifyReply,
  fields: FieldErrors,
  page: () => string,
) {
  const names = Object.keys(fields).join(', ');
  reply.code(400).header('cache-control', 'no-store');
  if (wantsPage(request)) return reply.type('text/html; charset=utf-8').send(page());
  return reply.send({ detail: `Check these fields: ${names}.`, fields });
}

/** A change that worked: the form goes on to `location`; a script gets the JSON answer. */
export function sendDone(
  request: FastifyRequest,
  reply: FastifyReply,
  location: string,
  answer: unknown,
  status = 200,
) {
  if (wantsPage(request)) return reply.redirect(location, 303);
  return reply.code(status).header('cache-control', 'no-store').send(answer);
}

export const STALE_DETAIL =
  'Someone else changed this while you were editing. Your changes were not saved: reload to see theirs, then make yours again.';

/** Every value of a repeated field, in the order the form has them. */
export const listOf = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value : value === undefined ? [] : [value];
