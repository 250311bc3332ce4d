import type { FastifySchemaCompiler, FastifyTypeProvider } from 'fastify';
import type { z } from 'zod/mini';
import { PayloadError } from './http-errors';

/**
 * Lets routes declare the shared zod/mini payload schemas (src/contracts) as their Fastify body
 * schema: the same schema validates the form in the page and the request here, and the handler
 * receives the parsed (trimmed) value, typed.
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
