import type { FastifyPluginAsync } from 'fastify';

/**
 * Marks a plugin as applying to the whole app rather than to its own encapsulated scope, so its
 * hooks, decorators and handlers reach every route. This is all `fastify-plugin` does that we need,
 * without adding it as a dependency.
 */
export function appWide<Options extends Record<string, unknown>>(plugin: FastifyPluginAsync<Options>): FastifyPluginAsync<Options> {
  return Object.assign(plugin, { [Symbol.for('skip-override')]: true });
}
