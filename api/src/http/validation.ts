import { apiErrorMessage, type ApiErrorCode, type ApiErrorParams } from '@allstall/shared';
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import Value from 'typebox/value';

/**
 * Checks request parts against their TypeBox schemas with TypeBox's own compiler. Unlike Fastify's
 * default Ajv setup it never strips unknown properties (a schema with `additionalProperties: false`
 * refuses them) and never coerces a JSON body. Query strings and params arrive as text, so those are
 * given their schema defaults and converted to numbers and booleans first.
 */
export const typeboxValidatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const validator = Compile(schema);
  return (input: unknown) => {
    const value = httpPart === 'body' ? input : Value.Convert(schema, Value.Default(schema, Value.Clone(input)));
    if (validator.Check(value)) return { value };
    return { error: validator.Errors(value) as FastifySchemaValidationError[] };
  };
};

interface TypeboxErrorParams {
  requiredProperties?: string[];
  additionalProperties?: string[];
}

/** What a client should read about a validation failure: the field it concerns, its code and a sentence. */
export interface ValidationProblem {
  field: string | undefined;
  code: ApiErrorCode;
  params: ApiErrorParams;
  message: string;
}

function validationProblem(field: string | undefined, code: ApiErrorCode, params: ApiErrorParams, message = apiErrorMessage(code, params)): ValidationProblem {
  return { field, code, params, message };
}

/**
 * Turns the first validation error into a field name and a readable message: the missing property
 * for `required`, the unexpected one for `additionalProperties`, else the last step of the path.
 */
export function describeValidationError(errors: readonly FastifySchemaValidationError[], part: string): ValidationProblem {
  // TypeBox reports an unknown property twice; the `additionalProperties` entry names it.
  const error = errors.find((candidate) => candidate.keyword !== 'boolean') ?? errors[0];
  if (error === undefined) return validationProblem(undefined, 'validation.partInvalid', { part });
  const params = error.params as TypeboxErrorParams;
  // Node lowercases header names; a client reads `Idempotency-Key` better than `idempotency-key`.
  const displayName = part === 'headers' ? headerDisplayName : (step: string) => step;
  const pathSteps = error.instancePath.split('/').filter((step) => step !== '');
  const parentPath = pathSteps.map(displayName).join('.');
  const qualify = (name: string) => (parentPath === '' ? name : `${parentPath}.${name}`);

  const required = params.requiredProperties?.[0];
  const missing = required === undefined ? undefined : displayName(required);
  if (error.keyword === 'required' && missing !== undefined) {
    return validationProblem(qualify(missing), 'validation.required', { field: qualify(missing) });
  }
  const unknown = params.additionalProperties?.[0];
  if (error.keyword === 'additionalProperties' && unknown !== undefined) {
    return validationProblem(qualify(unknown), 'validation.unknownField', { field: qualify(unknown) });
  }
  if (parentPath !== '' && (error.keyword === 'pattern' || error.keyword === 'format')) {
    return validationProblem(parentPath, 'validation.format', { field: parentPath });
  }
  // TypeBox's own sentence ("must be <= 90") stays the English words; the code says only that the
  // field is not valid, which is what a client in another language can say of it.
  if (parentPath === '') return validationProblem(undefined, 'validation.partInvalid', { part }, `The ${part} ${error.message ?? 'is not valid'}.`);
  return validationProblem(parentPath, 'validation.invalid', { field: parentPath }, `${parentPath} ${error.message ?? 'is not valid'}.`);
}

/** `idempotency-key` → `Idempotency-Key`: a header name as the HTTP specifications spell it. */
function headerDisplayName(name: string): string {
  return name
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('-');
}

/** What is wrong with a piece of text no field may hold. */
type UnstorableProblem = 'nulCharacter' | 'invalidUnicode';

function unstorableTextProblem(text: string): UnstorableProblem | null {
  // PostgreSQL text cannot store NUL, so such a body would fail deep in a query as a 500 (and an
  // outbox would retry it forever); it is refused up front on both engines.
  if (text.includes('\u0000')) return 'nulCharacter';
  // Half of a UTF-16 surrogate pair is no character at all: stored, it comes back as U+FFFD. With
  // the `u` flag a proper pair reads as one astral character, so only a lone half matches.
  if (/\p{Cs}/u.test(text)) return 'invalidUnicode';
  return null;
}

/** A string of a body that cannot be stored, where it is (a dotted path, '' for the body itself) and why. */
export interface UnstorableText {
  path: string;
  problem: UnstorableProblem;
}

/** The 400 code and params for unstorable text: about the field at `path`, or the body itself. */
export function unstorableTextError({ path, problem }: UnstorableText): { code: ApiErrorCode; field?: string; params?: ApiErrorParams } {
  if (path === '') return { code: problem === 'nulCharacter' ? 'body.nulCharacter' : 'body.invalidUnicode' };
  return { code: problem === 'nulCharacter' ? 'text.nulCharacter' : 'text.invalidUnicode', field: path, params: { field: path } };
}

/**
 * The first string (value or property name) of a parsed JSON body that no field may hold: a NUL
 * character or a lone surrogate. Refused with a 400 naming the field rather than replaced, so the
 * person sees which field to fix and the server never stores something other than what was sent.
 */
export function unstorableTextIn(value: unknown, path = ''): UnstorableText | null {
  if (typeof value === 'string') {
    const problem = unstorableTextProblem(value);
    return problem === null ? null : { path, problem };
  }
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, child] of Object.entries(value)) {
    const keyProblem = unstorableTextProblem(key);
    if (keyProblem !== null) return { path, problem: keyProblem };
    const found = unstorableTextIn(child, path === '' ? key : `${path}.${key}`);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Every string value of a parsed JSON body in Unicode's composed form (NFC), in place: 'é' typed as
 * e + combining accent and 'é' as one character are stored, compared and shown alike. Passwords
 * too (NIST SP 800-63B asks for a normal form), at sign-up and at login alike.
 */
export function composeTextIn(value: unknown): unknown {
  if (typeof value === 'string') return value.normalize('NFC');
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) record[key] = composeTextIn(record[key]);
  return value;
}
