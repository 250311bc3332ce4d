import { loadServerConfig } from '.';

/** For the configuration's tests: the lines of the configuration error, or [] when the environment is accepted. */
export function errorLines(env: Record<string, string>): string[] {
  try {
    loadServerConfig(env);
    return [];
  } catch (error) {
    return (error as Error).message.split('\n').slice(1);
  }
}
