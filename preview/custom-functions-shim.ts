/**
 * The `CustomFunctions` global the preview installs into the task pane frame: `associate` registers
 * the add-in's real functions (the functions bundle calls it for each one) into a registry the
 * preview's cells call; `Error` and `ErrorCode` as in Excel.
 */

/** Excel's custom function error codes. */
export const ERROR_CODES = {
  invalidValue: "#VALUE!",
  notAvailable: "#N/A",
  divisionByZero: "#DIV/0!",
  invalidNumber: "#NUM!",
  nullReference: "#NULL!",
  invalidName: "#NAME?",
  invalidReference: "#REF!",
} as const;

/** `CustomFunctions.Error`: an Excel error value with an optional message (the cell's tooltip). */
export class CustomFunctionError extends Error {
  override name = "CustomFunctions.Error";
  constructor(
    readonly code: string = ERROR_CODES.invalidValue,
    message?: string
  ) {
    super(message ?? "");
  }
}

/** A registered function. */
export type RegisteredFunction = (...args: unknown[]) => unknown;

/** Functions by id (upper-case), with waiters for ids not registered yet. */
export class FunctionRegistry {
  private readonly functions = new Map<string, RegisteredFunction>();
  private readonly waiters = new Map<string, ((fn: RegisteredFunction) => void)[]>();

  /** Registers a function under its id (Excel ids are case-insensitive). */
  associate(id: string, fn: RegisteredFunction): void {
    const key = id.toUpperCase();
    this.functions.set(key, fn);
    for (const resolve of this.waiters.get(key) ?? []) resolve(fn);
    this.waiters.delete(key);
  }

  /** The function, if registered. */
  get(id: string): RegisteredFunction | undefined {
    return this.functions.get(id.toUpperCase());
  }

  /** The ids registered so far. */
  ids(): string[] {
    return [...this.functions.keys()];
  }

  /** Resolves when `id` is registered (at once when it already is); undefined after `timeoutMs`. */
  whenRegistered(id: string, timeoutMs: number): Promise<RegisteredFunction | undefined> {
    const fn = this.get(id);
    if (fn) return Promise.resolve(fn);
    return new Promise((resolve) => {
      const key = id.toUpperCase();
      const timer = setTimeout(() => resolve(undefined), timeoutMs);
      const list = this.waiters.get(key) ?? [];
      list.push((f) => {
        clearTimeout(timer);
        resolve(f);
      });
      this.waiters.set(key, list);
    });
  }
}

/** The `CustomFunctions` namespace object over a registry. */
export function createCustomFunctionsShim(registry: FunctionRegistry) {
  return {
    associate(
      idOrMappings: string | Record<string, RegisteredFunction>,
      fn?: RegisteredFunction
    ): void {
      if (typeof idOrMappings === "string") {
        if (fn) registry.associate(idOrMappings, fn);
        return;
      }
      for (const [id, f] of Object.entries(idOrMappings)) registry.associate(id, f);
    },
    Error: CustomFunctionError,
    ErrorCode: ERROR_CODES,
  };
}
