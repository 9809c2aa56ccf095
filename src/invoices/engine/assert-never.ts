/** Makes `never` checks exhaustive: a case nobody wrote is a type error. */
export function assertNever(value: never): never {
  throw new TypeError(`Unknown case: ${String(value)}`);
}
