/**
 * Lets a plugin's decorators, hooks and handlers apply to the whole app instead of its own
 * encapsulated scope. This sets the same `skip-override` marker the fastify-plugin package
 * sets; Fastify documents it as the way out of encapsulation.
 */
export function sharedScope<T extends (...args: never[]) => unknown>(plugin: T): T {
  Object.defineProperty(plugin, Symbol.for('skip-override'), { value: true });
  return plugin;
}
