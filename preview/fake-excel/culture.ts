/**
 * `application.cultureInfo` (ExcelApi 1.11; its `datetimeFormat` 1.12): the workbook's separators and
 * date patterns. The preview's culture is chosen by `preview.html?culture=nl-NL` (default en-US).
 */
import { ClientObject } from "./client-object";
import type { Getters } from "./client-object";
import type { FakeRequestContext } from "./request-context";

/** The facts of one culture, as Excel reports them. */
export interface CultureModel {
  name: string;
  numberDecimalSeparator: string;
  numberGroupSeparator: string;
  dateSeparator: string;
  shortDatePattern: string;
  longDatePattern: string;
}

/** The cultures the preview offers (values as Excel on Windows reports them). */
export const CULTURES: Readonly<Record<string, CultureModel>> = {
  "en-US": {
    name: "en-US",
    numberDecimalSeparator: ".",
    numberGroupSeparator: ",",
    dateSeparator: "/",
    shortDatePattern: "M/d/yyyy",
    longDatePattern: "dddd, MMMM d, yyyy",
  },
  "en-GB": {
    name: "en-GB",
    numberDecimalSeparator: ".",
    numberGroupSeparator: ",",
    dateSeparator: "/",
    shortDatePattern: "dd/MM/yyyy",
    longDatePattern: "dd MMMM yyyy",
  },
  "nl-NL": {
    name: "nl-NL",
    numberDecimalSeparator: ",",
    numberGroupSeparator: ".",
    dateSeparator: "-",
    shortDatePattern: "d-M-yyyy",
    longDatePattern: "dddd d MMMM yyyy",
  },
  "de-DE": {
    name: "de-DE",
    numberDecimalSeparator: ",",
    numberGroupSeparator: ".",
    dateSeparator: ".",
    shortDatePattern: "dd.MM.yyyy",
    longDatePattern: "dddd, d. MMMM yyyy",
  },
};

/** The culture by name; an unknown or missing name gives en-US. */
export function cultureByName(name: string | null | undefined): CultureModel {
  return (name ? CULTURES[name] : undefined) ?? CULTURES["en-US"];
}

/** `Excel.NumberFormatInfo`. */
export class FakeNumberFormatInfo extends ClientObject<true> {
  protected readonly typeName = "NumberFormatInfo";
  constructor(context: FakeRequestContext) {
    super(context, { fixed: true });
  }
  protected getters(): Getters<true> {
    const culture = () => this.context.model.culture;
    return {
      numberDecimalSeparator: () => culture().numberDecimalSeparator,
      numberGroupSeparator: () => culture().numberGroupSeparator,
    };
  }
  get numberDecimalSeparator(): string {
    return this.read("numberDecimalSeparator");
  }
  get numberGroupSeparator(): string {
    return this.read("numberGroupSeparator");
  }
}

/** `Excel.DatetimeFormatInfo`. */
export class FakeDatetimeFormatInfo extends ClientObject<true> {
  protected readonly typeName = "DatetimeFormatInfo";
  constructor(context: FakeRequestContext) {
    super(context, { fixed: true });
  }
  protected getters(): Getters<true> {
    const culture = () => this.context.model.culture;
    return {
      dateSeparator: () => culture().dateSeparator,
      shortDatePattern: () => culture().shortDatePattern,
      longDatePattern: () => culture().longDatePattern,
    };
  }
  get dateSeparator(): string {
    return this.read("dateSeparator");
  }
  get shortDatePattern(): string {
    return this.read("shortDatePattern");
  }
  get longDatePattern(): string {
    return this.read("longDatePattern");
  }
}

/** `Excel.CultureInfo`. */
export class FakeCultureInfo extends ClientObject<true> {
  protected readonly typeName = "CultureInfo";
  readonly numberFormat: FakeNumberFormatInfo;
  readonly datetimeFormat: FakeDatetimeFormatInfo;
  constructor(context: FakeRequestContext) {
    super(context, { fixed: true });
    this.numberFormat = new FakeNumberFormatInfo(context);
    this.datetimeFormat = new FakeDatetimeFormatInfo(context);
  }
  protected getters(): Getters<true> {
    return { name: () => this.context.model.culture.name };
  }
  protected override navigation(name: string): ClientObject<unknown> | undefined {
    if (name === "numberFormat") return this.numberFormat as ClientObject<unknown>;
    if (name === "datetimeFormat") return this.datetimeFormat as ClientObject<unknown>;
    return undefined;
  }
  get name(): string {
    return this.read("name");
  }
}
