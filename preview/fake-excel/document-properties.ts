/**
 * The fake `Excel.DocumentProperties` (`context.workbook.properties`, ExcelApi 1.7) with its custom
 * properties: the file's own key/value pairs, kept with the workbook (Excel stores them in the
 * file, so co-authors see them and a copy of the file carries them). Only what the add-in uses.
 */
import { ClientObject } from "./client-object";
import type { Getters } from "./client-object";
import type { FakeRequestContext } from "./request-context";

/** One custom property as the model keeps it. */
interface CustomProperty {
  key: string;
  value: string;
}

/** `Excel.CustomProperty`. */
export class FakeCustomProperty extends ClientObject<CustomProperty> {
  protected readonly typeName = "CustomProperty";
  constructor(context: FakeRequestContext, frozen: () => CustomProperty | null) {
    super(context, { frozen });
  }
  protected getters(): Getters<CustomProperty> {
    return { key: (p) => p.key, value: (p) => p.value, type: () => "String" };
  }
  get key(): string {
    return this.read("key");
  }
  get value(): string {
    return this.read("value");
  }
}

/** `Excel.CustomPropertyCollection`: keys compared case-insensitively, as Excel does. */
export class FakeCustomPropertyCollection extends ClientObject<true> {
  protected readonly typeName = "CustomPropertyCollection";
  constructor(context: FakeRequestContext) {
    super(context, { fixed: true });
  }
  protected getters(): Getters<true> {
    return {};
  }
  private find(key: string): CustomProperty | null {
    const lower = key.toLowerCase();
    return this.context.model.customProperties.find((p) => p.key.toLowerCase() === lower) ?? null;
  }
  getItemOrNullObject(key: string): FakeCustomProperty {
    return new FakeCustomProperty(this.context, () => this.find(key));
  }
  /** Adds the property, or sets the value of the one with this key. */
  add(key: string, value: unknown): FakeCustomProperty {
    return new FakeCustomProperty(this.context, () => {
      const text = String(value);
      const known = this.find(key);
      if (known !== null) {
        known.value = text;
        return known;
      }
      const property = { key, value: text };
      this.context.model.customProperties.push(property);
      return property;
    });
  }
}

/** `Excel.DocumentProperties`. */
export class FakeDocumentProperties extends ClientObject<true> {
  protected readonly typeName = "DocumentProperties";
  readonly custom: FakeCustomPropertyCollection;
  constructor(context: FakeRequestContext) {
    super(context, { fixed: true });
    this.custom = new FakeCustomPropertyCollection(context);
  }
  protected getters(): Getters<true> {
    return {};
  }
  protected override navigation(name: string): ClientObject<unknown> | undefined {
    return name === "custom" ? (this.custom as ClientObject<unknown>) : undefined;
  }
}
