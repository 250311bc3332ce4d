import type { FastifySchemaCompiler, FastifySerializerCompiler, FastifyTypeProvider } from 'fastify';
import type { z } from 'zod/mini';
import { PayloadError } from './http-errors';

/**
 * Lets routes declare the shared zod/mini schemas (src/contracts) as their Fastify body and
 * response schemas: the same schema validates the form in the page and the request here, and the
 * handler receives the parsed (trimmed) value, typed; a reply is typed by its status's schema,
 * checked against it and sent with only the fields it names.
 */
export interface ZodMiniTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodMiniType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodMiniType ? z.input<this['schema']> : unknown;
}

export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodMiniType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: new PayloadError(result.error.issues) };
  };

const isZodSchema = (schema: unknown): schema is z.ZodMiniType => typeof schema === 'object' && schema !== null && '_zod' in schema;

/**
 * A route's response schema (`schema.response`, per status or `4xx`/`5xx`): the reply is parsed
 * with it, so a field it does not name is dropped and a reply that breaks it is a bug answered
 * 500 (logged), never a malformed answer. Strings (the newsletter links' HTML pages) are sent as
 * they are: Fastify serializes objects only.
 */
export const zodSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema, method, url, httpStatus }) => {
  if (!isZodSchema(schema))
    throw new Error(`${method} ${url} ${httpStatus}: a response schema is one of the contracts' zod schemas (src/contracts/responses.ts)`);
  return (data) => JSON.stringify(schema.parse(data));
};
