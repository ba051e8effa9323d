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

/** What a client should read about a validation failure: the field it concerns and a sentence. */
export interface ValidationProblem {
  field: string | undefined;
  message: string;
}

/**
 * Turns the first validation error into a field name and a readable message: the missing property
 * for `required`, the unexpected one for `additionalProperties`, else the last step of the path.
 */
export function describeValidationError(errors: readonly FastifySchemaValidationError[], part: string): ValidationProblem {
  // TypeBox reports an unknown property twice; the `additionalProperties` entry names it.
  const error = errors.find((candidate) => candidate.keyword !== 'boolean') ?? errors[0];
  if (error === undefined) return { field: undefined, message: `The ${part} is not valid.` };
  const params = error.params as TypeboxErrorParams;
  // Node lowercases header names; a client reads `Idempotency-Key` better than `idempotency-key`.
  const displayName = part === 'headers' ? headerDisplayName : (step: string) => step;
  const pathSteps = error.instancePath.split('/').filter((step) => step !== '');
  const parentPath = pathSteps.map(displayName).join('.');
  const qualify = (name: string) => (parentPath === '' ? name : `${parentPath}.${name}`);

  const required = params.requiredProperties?.[0];
  const missing = required === undefined ? undefined : displayName(required);
  if (error.keyword === 'required' && missing !== undefined) {
    return { field: qualify(missing), message: `${qualify(missing)} is required.` };
  }
  const unknown = params.additionalProperties?.[0];
  if (error.keyword === 'additionalProperties' && unknown !== undefined) {
    return { field: qualify(unknown), message: `${qualify(unknown)} is not an accepted field.` };
  }
  if (parentPath !== '' && (error.keyword === 'pattern' || error.keyword === 'format')) {
    return { field: parentPath, message: `${parentPath} is not in the expected format.` };
  }
  if (parentPath === '') return { field: undefined, message: `The ${part} ${error.message ?? 'is not valid'}.` };
  return { field: parentPath, message: `${parentPath} ${error.message ?? 'is not valid'}.` };
}

/** `idempotency-key` → `Idempotency-Key`: a header name as the HTTP specifications spell it. */
export function headerDisplayName(name: string): string {
  return name
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('-');
}

/**
 * Where in a parsed JSON body a string holds a NUL character, as a dotted path ('' for the body
 * itself); null when none does. PostgreSQL text cannot store NUL, so such a body would fail deep in
 * a query as a 500 (and an outbox would retry it forever); it is refused up front on both engines.
 */
export function nulCharacterPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) return path;
    const found = nulCharacterPath(child, path === '' ? key : `${path}.${key}`);
    if (found !== null) return found;
  }
  return null;
}
