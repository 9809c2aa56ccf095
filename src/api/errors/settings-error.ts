import { BillingError, hasErrorName } from "./billing-error";

/** One problem with the connection settings: which field, and what is wrong (never its value). */
export interface SettingsProblem {
  field: string;
  message: string;
}

/** The connection settings cannot be used; `problems` lists each field at fault. */
export class SettingsError extends BillingError {
  override name = "SettingsError" as const;
  readonly problems: SettingsProblem[];

  constructor(problems: SettingsProblem[]) {
    const list = problems.map((p) => `${p.field}: ${p.message}`).join("; ");
    super(`The connection settings cannot be used — ${list}`);
    this.problems = problems;
  }
}

/** True when `value` is a {@link SettingsError}. */
export function isSettingsError(value: unknown): value is SettingsError {
  return value instanceof SettingsError || hasErrorName(value, "SettingsError");
}
